import { LocalPayInput, PAYMENT_MESSAGES as M } from '@gia/shared';
import { NotFoundError } from '../lib/errors.ts';
import { createGroupHandler } from '../lib/http.ts';
import { parse } from '../lib/validation.ts';
import { localGateway, paymentGateway } from '../lib/payment-gateway.ts';

/**
 * The local test gateway's "card payment" (docs/api.md §7, step 5): only when Razorpay keys
 * are not configured. It answers what Razorpay Checkout hands the browser after a payment.
 */
export const handler = createGroupHandler('local', {
  'local.razorpay.pay': async (req) => {
    if (paymentGateway().mode !== 'local') throw new NotFoundError(M.notLocal);
    const { order_id } = parse(LocalPayInput, req.body);
    const paid = await localGateway().pay(order_id);
    if (!paid) throw new NotFoundError(M.orderNotFound);
    return { body: paid };
  },
});
