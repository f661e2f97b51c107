import * as z from 'zod/mini';

/*
 * Answers of the account, upload and checkout routes (docs/api.md §3, §5, §7). A module of its
 * own, like `learner-answers.ts`: the functions and the web import only its types, so no function
 * bundle carries these schemas (the local gateway parses answers with them in the tests).
 */

/** What sign-in answers (both pools). */
export const LoginAnswer = z.object({
  message: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
  expires_in: z.number(),
  user: z.object({ empid: z.optional(z.string()), name: z.string(), email: z.string() }),
});
export type LoginAnswer = z.infer<typeof LoginAnswer>;

/** What a refresh answers: a new access token (the refresh token stays). */
export const RefreshAnswer = z.object({
  message: z.string(),
  accessToken: z.string(),
  expires_in: z.number(),
});
export type RefreshAnswer = z.infer<typeof RefreshAnswer>;

/** A message of the local outbox (issue 29): what the product sent, newest first. */
export const OutboxAnswer = z.object({
  data: z.array(
    z.object({ to: z.string(), subject: z.string(), text: z.string(), sent_at: z.string() }),
  ),
});
export type OutboxAnswer = z.infer<typeof OutboxAnswer>;

/** The learner an accepted sign-up created. */
export const SignupAnswer = z.object({
  user_id: z.string(),
  user_name: z.string(),
  email: z.string(),
});
export type SignupAnswer = z.infer<typeof SignupAnswer>;

/** An admin account (`getAdmins`, `insertAdmin`). */
export const AdminAccount = z.object({
  admin_id: z.string(),
  name: z.string(),
  email: z.string(),
  created_at: z.string(),
});
export type AdminAccount = z.infer<typeof AdminAccount>;

/** `presign`: a browser POST straight to storage, and the URL the file will have. */
export const PresignAnswer = z.object({
  method: z.literal('POST'),
  upload_url: z.string(),
  fields: z.record(z.string(), z.string()),
  url: z.string(),
});
export type PresignAnswer = z.infer<typeof PresignAnswer>;

/** `processPayment`: the Razorpay order the checkout opens. */
export const OrderAnswer = z.object({
  order_id: z.string(),
  /** Paise. */
  amount: z.number(),
  currency: z.literal('INR'),
  key_id: z.string(),
});
export type OrderAnswer = z.infer<typeof OrderAnswer>;

/** The local gateway's "card payment": what Razorpay Checkout hands the browser. */
export const LocalPaymentAnswer = z.object({
  razorpay_order_id: z.string(),
  razorpay_payment_id: z.string(),
  razorpay_signature: z.string(),
});
export type LocalPaymentAnswer = z.infer<typeof LocalPaymentAnswer>;
