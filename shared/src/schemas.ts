import * as z from 'zod/mini';
import { preprocess } from './zod.ts';
import { MESSAGES, PASSWORD_RULE_MESSAGE, SIGNUP_LIMITS } from './messages.ts';
import { languageInvalid, UI_LANGUAGES } from './languages.ts';

/** A trimmed string; blank counts as missing. */
const requiredText = (message: string, max: number) =>
  preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: message }).check(z.minLength(1, { error: message }), z.maxLength(max)),
  );

const email = (message: string = MESSAGES.emailInvalid) =>
  preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.email({ error: message }).check(z.maxLength(SIGNUP_LIMITS.email, { error: message })),
  );

export const password = z
  .string({ error: PASSWORD_RULE_MESSAGE })
  .check(
    z.minLength(SIGNUP_LIMITS.passwordMin, { error: PASSWORD_RULE_MESSAGE }),
    z.maxLength(SIGNUP_LIMITS.password, { error: PASSWORD_RULE_MESSAGE }),
    z.regex(/[A-Za-z]/, { error: PASSWORD_RULE_MESSAGE }),
    z.regex(/[0-9]/, { error: PASSWORD_RULE_MESSAGE }),
  );

export const SignupInput = z.object({
  user_name: requiredText('Name is required.', SIGNUP_LIMITS.user_name),
  email: email(),
  password,
});
export type SignupInput = z.infer<typeof SignupInput>;

/** Sign-in checks only presence: a wrong password must look like any other failed sign-in. */
export const LoginInput = z.object({
  email: email(MESSAGES.credentialsRequired),
  password: z
    .string({ error: MESSAGES.credentialsRequired })
    .check(
      z.minLength(1, { error: MESSAGES.credentialsRequired }),
      z.maxLength(256, { error: MESSAGES.credentialsRequired }),
    ),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** A refresh: the token in the body (API clients), else the session cookie (the SPA). */
export const RefreshInput = z.object({
  refreshToken: z.optional(
    z.string({ error: 'refreshToken is required.' }).check(z.minLength(1), z.maxLength(8192)),
  ),
});
export type RefreshInput = z.infer<typeof RefreshInput>;

export const LogoutInput = z.object({
  refreshToken: z.optional(z.string().check(z.minLength(1), z.maxLength(8192))),
});
export type LogoutInput = z.infer<typeof LogoutInput>;

/**
 * `forgotPassword` and `requestCode`: the address, and the language the app speaks now (issue 33),
 * which the e-mail is written in when the account has saved none.
 */
export const CodeRequestInput = z.object({
  email: email(),
  language: z.optional(z.enum(UI_LANGUAGES, { error: languageInvalid('language') })),
});
export type CodeRequestInput = z.infer<typeof CodeRequestInput>;

const CODE_MESSAGE = MESSAGES.codeFormat;
const oneTimeCode = preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v),
  z.string({ error: CODE_MESSAGE }).check(z.regex(/^\d{6}$/, { error: CODE_MESSAGE })),
);

/** `resetPassword`: the code Cognito e-mailed and the new password (the sign-up rule). */
export const ResetPasswordInput = z.object({ email: email(), code: oneTimeCode, password });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

/** `verifyCode`: the sign-in code we e-mailed. */
export const VerifyCodeInput = z.object({ email: email(), code: oneTimeCode });
export type VerifyCodeInput = z.infer<typeof VerifyCodeInput>;

export const InsertAdminInput = z.object({
  name: requiredText('All fields are required.', 100),
  email: email(),
  password,
});
export type InsertAdminInput = z.infer<typeof InsertAdminInput>;

/** List paging of the contract: `limit` default 100, max 1000; an opaque `cursor`. */
export const PageQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000)), 100),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
});
export type PageQuery = z.infer<typeof PageQuery>;
