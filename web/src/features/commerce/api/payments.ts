import type { LocalPaymentAnswer } from '@gia/shared/account-answers.ts';
import { call } from '../../../lib/api-call.ts';

/** What the payment gateway hands back for a completed payment (the local one answers it too). */
export type PaymentResult = LocalPaymentAnswer;

/**
 * Starts a payment for the whole cart; the server decides the amount. `state`: the buyer's
 * state when just chosen (the server saves it to the profile).
 */
export const createOrder = async (state?: string) =>
  (await call('payments.process', { body: state ? { state } : {} })).data;

/** Reports a completed payment; the server verifies and grants. */
export const recordPayment = (result: PaymentResult) => call('payments.record', { body: result });

/** The local stack's test gateway "pays" an order as Razorpay would. */
export const payLocally = (orderId: string) =>
  call('local.razorpay.pay', { body: { order_id: orderId } });
