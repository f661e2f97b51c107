import { ANSWER_MESSAGES, LEARNER_MESSAGES as M, SubjectRefInput } from '@gia/shared';
import { createGroupHandler, ok, sessionCheckInReads } from '../lib/http.ts';
import { learnerId } from '../lib/identity.ts';
import { parse } from '../lib/validation.ts';
import { paymentHistory, purchasedClasses, purchasedSubjects } from '../domain/purchases/index.ts';
import { aboutSubject, courseProgress } from './service.ts';

/** What the learner owns and paid (docs/api.md §6). */
export const handler = createGroupHandler('purchases', {
  // Read-only: the session check rides in their BatchGet (issue 30).
  'purchases.getsubjects_purchased': sessionCheckInReads(async (req) =>
    ok(M.purchasesLoaded, await purchasedSubjects(learnerId(req))),
  ),
  'purchases.getUserClassPurchased': sessionCheckInReads(async (req) =>
    ok(M.purchasesLoaded, await purchasedClasses(learnerId(req))),
  ),
  'purchases.getAboutSubjects': async (req) =>
    ok(
      ANSWER_MESSAGES.aboutSubject,
      await aboutSubject(learnerId(req), parse(SubjectRefInput, req.query).subject_id),
    ),
  'purchases.getpayment_history': sessionCheckInReads(async (req) =>
    ok(M.paymentsLoaded, await paymentHistory(learnerId(req))),
  ),
  'purchases.getCourseProgress': sessionCheckInReads(async (req) =>
    ok(M.courseProgressLoaded, await courseProgress(learnerId(req))),
  ),
});
