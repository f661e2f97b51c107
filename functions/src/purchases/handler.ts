import { LEARNER_MESSAGES as M } from '@gia/shared';
import { learnerId } from '../learner/identity.ts';
import { aboutSubject, paymentHistory, purchasedSubjects } from '../learner/purchases.ts';
import { parse } from '../lib/validation.ts';
import { SubjectRefInput } from '@gia/shared';
import { createGroupHandler, ok } from '../lib/http.ts';

/** What the learner owns and paid (CONTRACT section 6). */
export const handler = createGroupHandler('purchases', {
  'purchases.getsubjects_purchased': async (req) => {
    const rows = await purchasedSubjects(learnerId(req));
    return ok(
      M.purchasesLoaded,
      rows.map(({ subject_price: _p, class_price: _c, ...r }) => r),
    );
  },
  'purchases.getUserClassPurchased': async (req) => {
    const rows = await purchasedSubjects(learnerId(req));
    return ok(
      M.purchasesLoaded,
      rows.map((r) => ({
        board_name: r.board_name,
        class_id: r.class_id,
        class_name: r.class_name,
        class_price: r.class_price,
        subject_id: r.subject_id,
        subject_name: r.subject_name,
        subject_price: r.subject_price,
      })),
    );
  },
  'purchases.getAboutSubjects': async (req) =>
    ok(
      'About subject',
      await aboutSubject(learnerId(req), parse(SubjectRefInput, req.query).subject_id),
    ),
  'purchases.getpayment_history': async (req) =>
    ok(M.paymentsLoaded, await paymentHistory(learnerId(req))),
});
