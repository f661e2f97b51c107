import {
  CheckoutInput,
  PAYMENT_MESSAGES as M,
  RecordPaymentInput,
  REFUND_MESSAGES as R,
  RefundPaymentInput,
} from '@gia/shared';
import { cartPricingView, pricedCart } from '../domain/pricing/index.ts';
import { purchasedSubjects } from '../domain/purchases/index.ts';
import { learnerId } from '../lib/identity.ts';
import { createGroupHandler, ok, type RouteHandler } from '../lib/http.ts';
import { loadSecrets } from '../lib/secrets.ts';
import { parse } from '../lib/validation.ts';
import { refundPayment } from './refunds.ts';
import { processPayment } from './checkout.ts';
import { recordPayment } from './settle.ts';
import { handleWebhook } from './webhook.ts';

const record: RouteHandler<'payments.record' | 'payments.recordAlias'> = async (req) => {
  const userId = learnerId(req);
  const outcome = await recordPayment(userId, parse(RecordPaymentInput, req.body));
  // What the payment changed, as the app's reads answer it, so it reads neither again (issue
  // 30): on a slow link the confirmation is one round trip sooner. The cart as the payment left
  // it, and the subjects the learner owns now (what opens depends on them), read consistently
  // (the grants were written a moment ago).
  const [cart, purchases] = await Promise.all([
    pricedCart(userId),
    purchasedSubjects(userId, { consistent: true }),
  ]);
  return ok(
    outcome === 'duplicate' ? M.duplicate : outcome === 'refused' ? M.couponUsedUp : M.success,
    undefined,
    { cart: { data: cart.items, ...cartPricingView(cart) }, purchases },
  );
};

/** Payments (docs/api.md §7) and refunds (§8c). */
export const handler = createGroupHandler(
  'payments',
  {
    'payments.process': async (req) => {
      const { state } = parse(CheckoutInput, req.body ?? {});
      return ok(M.orderCreated, await processPayment(learnerId(req), state));
    },
    'payments.record': record,
    'payments.recordAlias': record,
    // Admin pool only (the route table): a whole captured payment, by Razorpay's payment id.
    'admin.payments.refund': async (req) => {
      const { payment_id } = parse(RefundPaymentInput, req.body);
      return ok(R.requested, await refundPayment(payment_id));
    },
    'payments.webhook': async (req) => {
      const message = await handleWebhook(
        req.rawBody?.toString('utf8') ?? '',
        req.headers['x-razorpay-signature'] ?? '',
        req.headers['x-razorpay-event-id'],
      );
      return ok(message);
    },
  },
  { beforeRoute: loadSecrets },
);
