import type { OrderAnswer } from '@gia/shared';
import { api } from '../../../lib/api-client.ts';
import { apiPath } from '../../../lib/api-paths.ts';

/** What the payment gateway hands back for a completed payment. */
export interface PaymentResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/**
 * Starts a payment for the whole cart; the server decides the amount. `state`: the buyer's
 * state when just chosen (the server saves it to the profile).
 */
export const createOrder = async (state?: string) =>
  (
    await api<{ data: OrderAnswer }>('POST', apiPath('payments.process'), {
      body: state ? { state } : {},
    })
  ).data;

/** Reports a completed payment; the server verifies and grants. */
export const recordPayment = (result: PaymentResult) =>
  api<{ message: string }>('POST', apiPath('payments.record'), { body: result });

/** The local stack's test gateway "pays" an order as Razorpay would. */
export const payLocally = (orderId: string) =>
  api<PaymentResult>('POST', apiPath('local.razorpay.pay'), { body: { order_id: orderId } });
