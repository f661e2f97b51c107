import * as z from 'zod/mini';
import { PaymentRefund } from './learner-answers.ts';

/*
 * Answers of the admin's Payments screen (issue 18), as the web app reads them. A module of its
 * own, like `learner-answers.ts`: the web imports only its types, no function bundle carries it.
 */

/**
 * `getPayments`: one captured payment, newest first, with its learner, its subjects, the invoice
 * number once issued and the refund once requested. `payment_id` (Razorpay's) is what
 * `refundPayment` takes.
 */
export const AdminPaymentRow = z.object({
  id: z.string(),
  payment_id: z.string(),
  order_id: z.string(),
  user_id: z.string(),
  learner_name: z.string(),
  learner_email: z.string(),
  subjects: z.array(z.object({ subject_id: z.string(), subject_name: z.string() })),
  /** Rupees, as charged. */
  payment_amount: z.number(),
  paid_at: z.string(),
  invoice_number: z.nullable(z.string()),
  refund: z.nullable(PaymentRefund),
});
export type AdminPaymentRow = z.infer<typeof AdminPaymentRow>;
