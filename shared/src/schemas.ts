import { z } from 'zod';
import { PASSWORD_RULE_MESSAGE } from './messages.ts';

/** A trimmed string; blank counts as missing. */
const requiredText = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: message }).min(1, { error: message }),
  );

const email = (message = 'Please enter a valid email address.') =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.email({ error: message }),
  );

export const password = z
  .string({ error: PASSWORD_RULE_MESSAGE })
  .min(8, { error: PASSWORD_RULE_MESSAGE })
  .max(256, { error: PASSWORD_RULE_MESSAGE })
  .regex(/[A-Za-z]/, { error: PASSWORD_RULE_MESSAGE })
  .regex(/[0-9]/, { error: PASSWORD_RULE_MESSAGE });

export const SignupInput = z.object({
  user_name: requiredText('Name is required.').pipe(z.string().max(100)),
  email: email(),
  password,
});
export type SignupInput = z.infer<typeof SignupInput>;

/** Sign-in checks only presence: a wrong password must look like any other failed sign-in. */
export const LoginInput = z.object({
  email: email('Email and password are required.'),
  password: z.string({ error: 'Email and password are required.' }).min(1, {
    error: 'Email and password are required.',
  }),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const RefreshInput = z.object({
  refreshToken: z.string({ error: 'refreshToken is required.' }).min(1),
});
export type RefreshInput = z.infer<typeof RefreshInput>;

export const LogoutInput = z.object({ refreshToken: z.string().min(1).optional() });
export type LogoutInput = z.infer<typeof LogoutInput>;

export const InsertAdminInput = z.object({
  name: requiredText('All fields are required.').pipe(z.string().max(100)),
  email: email(),
  password,
});
export type InsertAdminInput = z.infer<typeof InsertAdminInput>;

/** List paging of the contract: `limit` default 100, max 1000; an opaque `cursor`. */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  cursor: z.string().min(1).optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** What sign-in answers (both pools). */
export interface LoginAnswer {
  message: string;
  accessToken: string;
  refreshToken: string;
  expires_in: number;
  user: { empid?: string; name: string; email: string };
}

export interface SignupAnswer {
  user_id: string;
  user_name: string;
  email: string;
}

export interface AdminAccount {
  admin_id: string;
  name: string;
  email: string;
  created_at: string;
}
