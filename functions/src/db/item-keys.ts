import {
  CAPTURED_PAYMENTS,
  chapterBanksPartition,
  INSIGHTS_DAYS,
  QUESTIONS_ANSWERED,
  QUESTIONS_UNANSWERED,
  reviewDuePartition,
  sortKeyPrefixes,
} from './keys.ts';

/*
 * The primary (and index) key of each kind of item in the single table, one function per kind:
 * the table in keys.ts says which access pattern each one serves. Import this module as a
 * namespace, `import * as keys from './item-keys.ts'`, so a bundle keeps only the shapes it uses.
 */

export const boardName = (name: string) => ({
  pk: `BOARDNAME#${name.trim().toLowerCase()}`,
  sk: 'BOARDNAME',
});
export const userProfile = (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' });
export const learnerCount = () => ({ pk: 'STATS#LEARNERS', sk: 'STATS' });
export const userEmail = (email: string) => ({
  pk: `USEREMAIL#${email.trim().toLowerCase()}`,
  sk: 'USEREMAIL',
});
export const admin = (adminId: string) => ({ pk: `ADMIN#${adminId}`, sk: 'ADMIN' });
export const adminsIndex = (createdAt: string, adminId: string) => ({
  gsi1pk: 'ADMINS',
  gsi1sk: `${createdAt}#${adminId}`,
});
export const grant = (userId: string, subjectId: string) => ({
  pk: `USER#${userId}`,
  sk: `GRANT#${subjectId}`,
});
export const cartItem = (userId: string, cartId: string) => ({
  pk: `USER#${userId}`,
  sk: `CART#${cartId}`,
});
export const cartSubject = (userId: string, subjectId: string) => ({
  pk: `USER#${userId}`,
  sk: `CARTSUBJECT#${subjectId}`,
});
export const favourite = (userId: string, favoriteId: string) => ({
  pk: `USER#${userId}`,
  sk: `FAV#${favoriteId}`,
});
export const favouriteSubject = (userId: string, subjectId: string) => ({
  pk: `USER#${userId}`,
  sk: `FAVSUBJECT#${subjectId}`,
});
export const payment = (userId: string, paymentId: string) => ({
  pk: `USER#${userId}`,
  sk: `PAYMENT#${paymentId}`,
});
/** gsi2: payments that granted subjects, by when they were paid (the dashboard's sales). */
export const capturedPayment = (paidAt: string, paymentRowId: string) => ({
  gsi2pk: CAPTURED_PAYMENTS,
  gsi2sk: `${paidAt}#${paymentRowId}`,
});
export const order = (orderId: string) => ({ pk: `ORDER#${orderId}`, sk: 'ORDER' });
export const checkoutSlot = (userId: string, slot: number) => ({
  pk: `USER#${userId}`,
  sk: `CHECKOUT#${slot}`,
});
export const razorpayPayment = (paymentId: string) => ({
  pk: `RZPAYMENT#${paymentId}`,
  sk: 'RZPAYMENT',
});
export const webhookEvent = (eventId: string) => ({ pk: `WEBHOOK#${eventId}`, sk: 'WEBHOOK' });
export const uploadQuota = (userId: string, day: string) => ({
  pk: `UPLOADS#${userId}#${day}`,
  sk: 'UPLOADS',
});
/** Without `client`: the attempts on an e-mail from every client together. */
export const loginFailures = (pool: 'learner' | 'admin', email: string, client?: string) => ({
  pk: `LOGINFAIL#${pool}#${email.trim().toLowerCase()}${client === undefined ? '' : `#${client}`}`,
  sk: 'LOGINFAIL',
});
export const signups = (client: string) => ({ pk: `SIGNUPS#${client}`, sk: 'SIGNUPS' });
export const revokedSession = (sessionId: string) => ({
  pk: `REVOKED#${sessionId}`,
  sk: 'REVOKED',
});
/** A refresh token we issued (by its hash): whose, and when (issue 29). */
export const refreshSession = (tokenHash: string) => ({
  pk: `SESSION#${tokenHash}`,
  sk: 'SESSION',
});
/** When a user last signed out everywhere: every token issued before it is refused. */
export const signedOut = (pool: 'learner' | 'admin', userId: string) => ({
  pk: `SIGNEDOUT#${pool}#${userId}`,
  sk: 'SIGNEDOUT',
});
/** The pending sign-in code of an e-mail (hashed), with its tries and expiry. */
export const signInCode = (pool: 'learner' | 'admin', email: string) => ({
  pk: `SIGNINCODE#${pool}#${email.trim().toLowerCase()}`,
  sk: 'SIGNINCODE',
});
/** The one-time proof the auth function hands Cognito's custom challenge after a good code. */
export const signInProof = (email: string) => ({
  pk: `SIGNINPROOF#${email.trim().toLowerCase()}`,
  sk: 'SIGNINPROOF',
});
/** When a password reset code was last sent to an e-mail. */
export const resetCode = (pool: 'learner' | 'admin', email: string) => ({
  pk: `RESETCODE#${pool}#${email.trim().toLowerCase()}`,
  sk: 'RESETCODE',
});
/** Counters of code requests and wrong codes (reset and sign-in), per e-mail. */
export const codeAttempts = (kind: 'send' | 'reset', pool: 'learner' | 'admin', email: string) => ({
  pk: `CODEATTEMPTS#${kind}#${pool}#${email.trim().toLowerCase()}`,
  sk: 'CODEATTEMPTS',
});
export const review = (topicId: string, userId: string) => ({
  pk: `TOPIC#${topicId}`,
  sk: `REVIEW#${userId}`,
});
export const reviewIndex = (reviewId: string) => ({
  gsi1pk: `REVIEW#${reviewId}`,
  gsi1sk: 'REVIEW',
});
export const reviewSummary = (topicId: string) => ({ pk: `TOPIC#${topicId}`, sk: 'REVIEWSUMMARY' });
/** The rating aggregate of a class or subject (beside the record, whose pk it shares). */
export const rating = (entity: 'class' | 'subject', id: string) =>
  ratingBeside(`${entity === 'class' ? 'CLASS' : 'SUBJECT'}#${id}`);
/** The rating aggregate beside the record whose pk this is. */
export const ratingBeside = (recordPk: string) => ({ pk: recordPk, sk: 'RATING' });
export const question = (topicId: string, qnaId: string) => ({
  pk: `TOPIC#${topicId}`,
  sk: `QNA#${qnaId}`,
});
export const questionIndex = (qnaId: string) => ({ gsi1pk: `QNA#${qnaId}`, gsi1sk: 'QNA' });
/** gsi2: questions listed by whether anyone answered them, newest first. */
export const questionState = (qnaId: string, answered: boolean) => ({
  gsi2pk: answered ? QUESTIONS_ANSWERED : QUESTIONS_UNANSWERED,
  gsi2sk: qnaId,
});
export const progress = (userId: string, chapterId: string, topicId: string) => ({
  pk: `USER#${userId}`,
  sk: `PROGRESS#${chapterId}#${topicId}`,
});
export const aiRate = (userId: string) => ({ pk: `AIRATE#${userId}`, sk: 'AIRATE' });
export const aiBudget = (day: string) => ({ pk: `AIBUDGET#${day}`, sk: 'AIBUDGET' });
/** One conversation per topic, per class, or the general teacher. */
export const aiConversation = (
  userId: string,
  scope: { topic_id?: string; class_id?: string },
) => ({
  pk: `USER#${userId}`,
  sk: `AICHAT#${
    scope.topic_id
      ? `TOPIC#${scope.topic_id}`
      : scope.class_id
        ? `CLASS#${scope.class_id}`
        : 'GENERAL'
  }`,
});
export const localGatewayOrder = (orderId: string) => ({
  pk: `RZPLOCAL#${orderId}`,
  sk: 'RZPLOCAL',
});
export const localGatewayRefund = (paymentId: string) => ({
  pk: `RZPLOCALREFUND#${paymentId}`,
  sk: 'RZPLOCALREFUND',
});
/** The AI teacher's grounding (docs/ai-teacher.md). */
export const source = (mediaKey: string) => ({ pk: `SOURCE#${mediaKey}`, sk: 'SOURCE' });
export const topicPassages = (topicId: string) => ({ pk: `TOPIC#${topicId}`, sk: 'PASSAGES' });
/** Insights (issue 18): a day's sales and sign-ups, in the one partition of days. */
export const insightsDay = (day: string) => ({ pk: INSIGHTS_DAYS, sk: day });
export const insightsEvent = (event: `${'SALE' | 'REFUND'}#${string}`) => ({
  pk: `INSIGHTSEVENT#${event}`,
  sk: 'INSIGHTSEVENT',
});
export const topicDropoff = (topicId: string) => ({ pk: `TOPIC#${topicId}`, sk: 'DROPOFF' });
export const quizStats = (topicId: string) => ({ pk: `TOPIC#${topicId}`, sk: 'QUIZSTATS' });
export const quizAttempt = (attemptId: string) => ({
  pk: `QUIZATTEMPT#${attemptId}`,
  sk: 'QUIZATTEMPT',
});
/** A write made on a learner's device, accepted once (issue 32). */
export const clientWrite = (userId: string, clientId: string) => ({
  pk: `CLIENTWRITE#${userId}#${clientId.toLowerCase()}`,
  sk: 'CLIENTWRITE',
});
/** A subject's outline, beside the subject: its active topics in lesson order (db/outlines.ts). */
export const subjectOutline = (subjectId: string) => ({
  pk: `SUBJECT#${subjectId}`,
  sk: 'OUTLINE',
});
/** A topic's question bank, beside the topic. */
export const quizBank = (topicId: string) => ({ pk: `TOPIC#${topicId}`, sk: 'QUIZ' });
/** gsi1: a chapter's question banks, by topic. */
export const chapterBanks = (chapterId: string, topicId: string) => ({
  gsi1pk: chapterBanksPartition(chapterId),
  gsi1sk: topicId,
});
/** A learner's spaced-review card of one question (issue 31). */
export const reviewCard = (userId: string, questionId: string) => ({
  pk: `USER#${userId}`,
  sk: `REVIEWCARD#${questionId}`,
});
/** gsi1: a learner's review cards by when each is due. */
export const reviewDue = (userId: string, due: string, questionId: string) => ({
  gsi1pk: reviewDuePartition(userId),
  gsi1sk: `${due}#${questionId}`,
});
/** A learner's streak: the last India day with activity and how many days in a row. */
export const learnerActivity = (userId: string) => ({ pk: `USER#${userId}`, sk: 'ACTIVITY' });
export const mastery = (userId: string, subjectId: string, topicId: string) => ({
  pk: `USER#${userId}`,
  sk: `${sortKeyPrefixes.mastery}${subjectId}#${topicId}`,
});
/** The last number given in a document series of a financial year (invoices, credit notes). */
export const documentCounter = (series: string, year: string) => ({
  pk: `COUNTER#${series}#${year}`,
  sk: 'COUNTER',
});
export const sellerSettings = () => ({ pk: 'SETTINGS#SELLER', sk: 'SETTINGS' });
export const coupon = (code: string) => ({ pk: `COUPON#${code}`, sk: 'COUPON' });
export const couponUse = (userId: string, code: string) => ({
  pk: `USER#${userId}`,
  sk: `COUPONUSE#${code}`,
});
export const cartCoupon = (userId: string) => ({ pk: `USER#${userId}`, sk: 'CARTCOUPON' });
export const video = (sourceKey: string) => ({ pk: `VIDEO#${sourceKey}`, sk: 'VIDEO' });
