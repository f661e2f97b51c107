/**
 * Key shapes of every item in the single table, and the access pattern each one serves.
 *
 * Ids are ULIDs (opaque, sort in creation order), so "newest first" or "in creation order" is a
 * plain Query on a sort key. No access pattern needs a Scan.
 *
 * gsi3 holds a class's whole content in one partition, `CLASS#<class_id>#CONTENT`: the class
 * (`#CLASS`), its subjects (`S#<subject_id>`), their topics
 * (`S#<subject_id>#C#<chapter_id>#<serial>#<topic_id>`) and about-subject records
 * (`S#<subject_id>#A#<about_subject_id>`), so the class detail screen is one Query.
 *
 * | item | pk | sk | gsi1 (pk / sk) | gsi2 (pk / sk) | contract calls it serves |
 * |---|---|---|---|---|---|
 * | board | `BOARD#<id>` | `BOARD` | `BOARDS` / `<id>` | | getBoards (both bases), insert/update/deleteBoards |
 * | board name guard | `BOARDNAME#<lower name>` | `BOARDNAME` | | | unique board names in insert/updateBoards (same transaction) |
 * | class | `CLASS#<id>` | `CLASS` | `BOARD#<board_id>#CLASSES` / `<id>` | `CLASSES` / `<id>` | getClasses (`board_id`?), getClasses_Byid, delete board refused while gsi1 has items |
 * | subject | `SUBJECT#<id>` | `SUBJECT` | `CLASS#<class_id>#SUBJECTS` / `<id>` | `SUBJECTS` / `<id>` | getSubjects (`class_id`? / `subject_id`?), class detail accordion |
 * | sub-subject | `SUBSUBJECT#<id>` | `SUBSUBJECT` | `SUBJECT#<subject_id>#SUBSUBJECTS` / `<id>` | `SUBSUBJECTS` / `<id>` | getSubSubjects (`subject_id`?) |
 * | chapter | `CHAPTER#<id>` | `CHAPTER` | `SUBSUBJECT#<sub_subject_id>#CHAPTERS` / `<id>` | `CHAPTERS` / `<id>` | getChapters (`sub_subject_id`), in chapter_id order |
 * | topic | `TOPIC#<id>` | `TOPIC` | `CHAPTER#<chapter_id>#TOPICS` / `<serial_no padded>#<id>` | `TOPICS` / `<id>` | getTopics (`chapter_id`), in serial_no order |
 * | subject outline | `SUBJECT#<subject_id>` | `OUTLINE` | | | getCourseProgress: the subject's active topics in lesson order, in the BatchGet of its card; derived, rebuilt with the class's search index by the table's stream (db/outlines.ts) |
 * | about-subject | `ABOUT#<id>` | `ABOUT` | `SUBSUBJECT#<sub_subject_id>#ABOUT` / `<id>` | `ABOUTS` / `<id>` | getAboutSubjects (`sub_subject_id`?), the purchased-class video viewer |
 * | testimonial | `TESTIMONIAL#<id>` | `TESTIMONIAL` | `TESTIMONIALS` / `<id>` | | gettestimonial |
 * | learner profile | `USER#<user_id>` | `PROFILE` | | | signup (created), getclass_users, updateclass_users, sign-in name |
 * | learner count | `STATS#LEARNERS` | `STATS` | | | the admin dashboard's learner count (added to by each sign-up's transaction) |
 * | learner e-mail guard | `USEREMAIL#<email>` | `USEREMAIL` | | | signup / profile e-mail uniqueness (same transaction) |
 * | admin account | `ADMIN#<admin_id>` | `ADMIN` | `ADMINS` / `<created_at>#<admin_id>` | | getAdmins, insertAdmin, deleteAdmin, `*_created_by` names |
 * | sign-in attempts of a client | `LOGINFAIL#<pool>#<email>#<client ip>` | `LOGINFAIL` | | | login/request refuses one client with 429 after repeated failures (TTL cleans up) |
 * | sign-in attempts of an e-mail | `LOGINFAIL#<pool>#<email>` | `LOGINFAIL` | | | login/request slows down (never refuses) an e-mail attacked from many clients (TTL cleans up) |
 * | sign-ups of a client | `SIGNUPS#<client ip>` | `SIGNUPS` | | | login/signup refuses a client with 429 after too many sign-ups in an hour (TTL cleans up) |
 * | revoked session | `REVOKED#<origin_jti or jti>` | `REVOKED` | | | logout: the session's access tokens answer 401 until they expire (TTL cleans up) |
 * | cart item | `USER#<user_id>` | `CART#<cart_id>` | | | getUSER_CART, deleteUSER_CART |
 * | cart subject guard | `USER#<user_id>` | `CARTSUBJECT#<subject_id>` | | | insertUSER_CART "Already in your cart." |
 * | favourite | `USER#<user_id>` | `FAV#<favorite_id>` | | | getuser_favorites, deleteuser_favorites |
 * | favourite subject guard | `USER#<user_id>` | `FAVSUBJECT#<subject_id>` | | | insertuser_favorites returns the existing record |
 * | subject grant | `USER#<user_id>` | `GRANT#<subject_id>` | | | getsubjects_purchased, getUserClassPurchased, entitlement (one GetItem) |
 * | payment history | `USER#<user_id>` | `PAYMENT#<payment_row_id>` | | `PAYMENTS#CAPTURED` / `<paid_at>#<payment_row_id>` when it granted subjects (sparse) | getpayment_history, newest first; the admin dashboard's paid orders of the last 7 days; getPayments (admin, gsi2 newest first); refundPayment / `refund.processed` set `refund` (pending, then processed with the credit note) |
 * | order | `ORDER#<order_id>` | `ORDER` | `ORDERS#UNPAID` / `<next check at>` while unpaid; `REFUNDS#DUE` / `<paid_at>` when paid twice (sparse) | | processPayment, insertpayment_hsitory, webhook, reconciliation (due orders, with back-off), refunds to make |
 * | checkout slot | `USER#<user_id>` | `CHECKOUT#<0..2>` | | | processPayment reuses the open order of an unchanged cart; at most 3 open orders per learner |
 * | payment guard | `RZPAYMENT#<payment_id>` | `RZPAYMENT` | | | a payment is recorded once (browser call, webhook, reconciliation); names the learner and (`history_id`) the history row: refundPayment and `refund.processed` find the row by Razorpay's payment id |
 * | webhook event | `WEBHOOK#<event_id>` | `WEBHOOK` | | | webhook de-duplication (TTL cleans up) |
 * | review | `TOPIC#<topic_id>` | `REVIEW#<user_id>` | `REVIEW#<id>` / `REVIEW` | | getreviews, one review per learner and topic, update/deletereviews by id |
 * | review summary | `TOPIC#<topic_id>` | `REVIEWSUMMARY` | | | getreviews summary (kept by the same transaction as each review write) |
 * | class rating | `CLASS#<class_id>` | `RATING` | | | real ratings on class cards |
 * | question | `TOPIC#<topic_id>` | `QNA#<qna_id>` | `QNA#<qna_id>` / `QNA` | `QNA#UNANSWERED` or `QNA#ANSWERED` / `<qna_id>` | getqna newest first, updateqna, admin getqna (`unanswered`?), answerqna |
 * | topic progress | `USER#<user_id>` | `PROGRESS#<chapter_id>#<topic_id>` | | | resume position, watched marks; getTopicProgress reads one chapter's rows only; getCourseProgress reads all of them (one Query) |
 * | AI question log | `AIRATE#<user_id>` | `AIRATE` | | | getAiResponse per-learner sliding-window limit (TTL cleans up) |
 * | AI daily budget | `AIBUDGET#<yyyy-mm-dd>` | `AIBUDGET` | | | getAiResponse budget across all learners (TTL cleans up) |
 * | AI conversation | `USER#<user_id>` | `AICHAT#TOPIC#<topic_id>`, `AICHAT#CLASS#<class_id>` or `AICHAT#GENERAL` | | | getAiResponse / getAiConversation: the learner's kept turns per topic or class |
 * | local gateway order | `RZPLOCAL#<order_id>` | `RZPLOCAL` | | | the local test gateway's own record of an order (local stack only, without Razorpay keys) |
 * | local gateway refund | `RZPLOCALREFUND#<payment_id>` | `RZPLOCALREFUND` | | | the local test gateway's refund of a payment (idempotency key, amount); its creation is delivered as a signed `refund.processed` webhook by the local stack's stream (local stack only) |
 * | upload counter | `UPLOADS#<user_id>#<yyyy-mm-dd>` | `UPLOADS` | | | upload/presign and upload/file per-learner daily quota (TTL cleans up) |
 * | extracted source | `SOURCE#<media key>` | `SOURCE` | | | the sources function's text of a notes PDF (pages) or a WebVTT file (cues), admins' page corrections; getTopicSources |
 * | topic passages | `TOPIC#<topic_id>` | `PASSAGES` | | | the AI teacher's passages and minisearch index of a topic, rebuilt when its sources' signature changes |
 * | question bank | `TOPIC#<topic_id>` | `QUIZ` | `CHAPTER#<chapter_id>#QUIZ` / `<topic_id>` | | getQuestions and the admin writes (whole item, `version` checked); getQuiz (topic: in the BatchGet with the topic's ancestors; chapter: one gsi1 Query), answerQuiz, getVideoQuestions |
 * | quiz attempt | `QUIZATTEMPT#<attempt_id>` | `QUIZATTEMPT` | | | getQuiz issues it (the learner, the questions asked); answerQuiz: only the issued learner, only its questions, one answer each (TTL cleans up) |
 * | device write guard | `CLIENTWRITE#<user_id>#<client_id>` | `CLIENTWRITE` | | | answerQuiz, insertreviews, insertqna with a `client_id`: written in the write's own transaction, so each id counts once; keeps the first answer for a resend (TTL cleans up after 60 days) |
 * | best topic score | `USER#<user_id>` | `MASTERY#<subject_id>#<topic_id>` | | | answerQuiz keeps the best; getMastery (one subject), getCourseProgress (all) |
 * | review card | `USER#<user_id>` | `REVIEWCARD#<question_id>` | `USER#<user_id>#REVIEWDUE` / `<due ISO>#<question_id>` while it may be reviewed (sparse) | | answerQuiz schedules it (FSRS; `last_attempt` keeps a replay from rescheduling); getReviewQueue / getReviewSummary: the due cards are one gsi1 Query, `gsi1sk <= now` |
 * | learner activity | `USER#<user_id>` | `ACTIVITY` | | | the streak: `last_day` (India time) and `streak_days`, kept by counted answers and finished lessons; read in getReviewQueue's BatchGet |
 * | seller settings | `SETTINGS#SELLER` | `SETTINGS` | | | get/updateSellerSettings; the GST on every order |
 * | coupon | `COUPON#<CODE>` | `COUPON` | `COUPONS` / `<CODE>` | | getCoupons, insert/update/deleteCoupons; `taken` reserved by processPayment's order (conditional), given back at expiry; `uses` counted by the grant |
 * | coupon use of a learner | `USER#<user_id>` | `COUPONUSE#<CODE>` | | | `per_learner`: the same `taken` / `uses` counters, in the same transactions |
 * | cart coupon | `USER#<user_id>` | `CARTCOUPON` | | | applyCoupon / removeCoupon; read in getUSER_CART's Query (it sorts after the `CART#` items); deleted by the grant |
 * | insights day | `INSIGHTS#DAYS` | `<yyyy-mm-dd>` (India time) | | | getInsights: one Query of the range; gross, tax, orders, refunds, learners, per-subject `subject_count#<id>` / `subject_paise#<id>` / `subject_name#<id>`, per-coupon `coupon_uses#<CODE>` / `coupon_discount#<CODE>`, added to by the insights stream consumer (sales, refunds) and by each sign-up's transaction (learners) |
 * | insights event guard | `INSIGHTSEVENT#SALE#<payment_row_id>` or `INSIGHTSEVENT#REFUND#<refund_id>` | `INSIGHTSEVENT` | | | a sale or refund is added to its day once, however often the stream delivers it (same transaction; TTL cleans up) |
 * | topic drop-off | `TOPIC#<topic_id>` | `DROPOFF` | | | getTopicDropoff: `reached_<0..9>` learners whose furthest tenth of the video is at least that tenth (raised with the progress item's `furthest_tenth` in one transaction) |
 * | question answers | `TOPIC#<topic_id>` | `QUIZSTATS` | | | getTopicDropoff: `answered#<question_id>` / `correct#<question_id>`, the one answer of each question in each attempt the server issued (added by answerQuiz) |
 */
/*
 * The key of each item above is a function of item-keys.ts, which every module of the data layer
 * imports as a namespace (`import * as keys from './item-keys.ts'`, then `keys.grant(...)`): esbuild
 * drops the exports a Lambda bundle does not use, where it keeps every property of an object, so
 * each function carries only the key shapes it reads or writes (about 3 KB less in every bundle).
 */
/** An item's primary key. */
export interface Key {
  pk: string;
  sk: string;
}

/** The gsi1 partition of a learner's review cards, by due time. */
export const reviewDuePartition = (userId: string) => `USER#${userId}#REVIEWDUE`;

/** The gsi1 partition of a chapter's question banks. */
export const chapterBanksPartition = (chapterId: string) => `CHAPTER#${chapterId}#QUIZ`;

/** The gsi1 partition of unpaid orders, by when each is next checked at Razorpay. */
export const UNPAID_ORDERS = 'ORDERS#UNPAID';

/** The gsi1 partition of paid orders with something to refund, by when they were paid. */
export const REFUNDS_DUE = 'REFUNDS#DUE';

/** The gsi1 partition of the coupons, by code. */
export const COUPONS = 'COUPONS';

/** The partition of the insights' day items (sort key: the date). */
export const INSIGHTS_DAYS = 'INSIGHTS#DAYS';

/** The gsi2 partition of payments that granted subjects. */
export const CAPTURED_PAYMENTS = 'PAYMENTS#CAPTURED';

/** gsi2 partitions of the admin's question desk. */
export const QUESTIONS_ANSWERED = 'QNA#ANSWERED';
export const QUESTIONS_UNANSWERED = 'QNA#UNANSWERED';

/** The partitions that Queries read, and the sort-key prefix of each kind of item listed in one. */
export const partitions = {
  user: (userId: string) => `USER#${userId}`,
  topic: (topicId: string) => `TOPIC#${topicId}`,
} as const;

export const sortKeyPrefixes = {
  cartItem: 'CART#',
  favourite: 'FAV#',
  grant: 'GRANT#',
  payment: 'PAYMENT#',
  progressInChapter: (chapterId: string) => `PROGRESS#${chapterId}#`,
  /** Every topic the learner has started, in any chapter. */
  progress: 'PROGRESS#',
  /** A topic's reviews and, beside them, its `REVIEWSUMMARY`. */
  reviewsAndSummary: 'REVIEW',
  question: 'QNA#',
  /** A learner's best topic quiz scores (`MASTERY#<subject_id>#<topic_id>`). */
  mastery: 'MASTERY#',
  checkoutSlot: 'CHECKOUT#',
} as const;

/** Runs of sort keys one Query reads together (`sk BETWEEN from AND to`). */
export const sortKeyRanges = {
  /**
   * A topic's reviews (`REVIEW#<user_id>`), their `REVIEWSUMMARY` and the topic record itself
   * (`TOPIC`): nothing else in a topic's partition sorts between them.
   */
  reviewsSummaryAndTopic: { from: sortKeyPrefixes.reviewsAndSummary, to: 'TOPIC' },
  /**
   * A learner's grants (`GRANT#`), best topic scores (`MASTERY#`) and progress rows
   * (`PROGRESS#`, all below `PROGRESS$`): only the payments (`PAYMENT#`) and the profile
   * (`PROFILE`) sort between them.
   */
  grantsScoresAndProgress: { from: sortKeyPrefixes.grant, to: 'PROGRESS$' },
} as const;

/** Strips the key attributes from an item before it leaves the data layer. */
export function withoutKeys<T extends Record<string, unknown>>(item: T): Omit<T, KeyAttr> {
  const copy: Record<string, unknown> = { ...item };
  for (const k of KEY_ATTRS) delete copy[k];
  return copy as Omit<T, KeyAttr>;
}
const KEY_ATTRS = [
  'pk',
  'sk',
  'gsi1pk',
  'gsi1sk',
  'gsi2pk',
  'gsi2sk',
  'gsi3pk',
  'gsi3sk',
  'ttl',
] as const;
type KeyAttr = (typeof KEY_ATTRS)[number];
