import {
  ClockInput,
  LocalPayInput,
  MESSAGES,
  PAYMENT_MESSAGES as M,
  PRACTICE_MESSAGES,
} from '@gia/shared';
import { advanceClock, clockOffsetDays } from '../lib/clock.ts';
import { env } from '../lib/env.ts';
import { NotFoundError } from '../lib/errors.ts';
import { createGroupHandler } from '../lib/http.ts';
import { parse } from '../lib/validation.ts';
import { localGateway, paymentGateway } from '../lib/payment-gateway.ts';
import { outboxMessages } from './outbox.ts';

/**
 * Only the local stack serves this group (its routes are `localOnly`, never deployed).
 *
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
  // Every message the product sent (issue 29): what a learner would find in their mailbox.
  'local.outbox': async (req) => {
    const file = env().MAIL_OUTBOX_FILE;
    if (!file) throw new NotFoundError(MESSAGES.outboxLocalOnly);
    return { body: { data: await outboxMessages(file, req.query.to) } };
  },
  // Moves the clock that spaced review and streaks read (issue 31): tomorrow's queue today.
  'local.clock': async (req) => {
    const { advance_days } = parse(ClockInput, req.body);
    const at = advanceClock(advance_days);
    return {
      body: {
        message: PRACTICE_MESSAGES.clockAdvanced,
        data: { now: at.toISOString(), offset_days: clockOffsetDays() },
      },
    };
  },
});
