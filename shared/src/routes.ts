/**
 * The route table: every HTTP route of the product, in one place.
 *
 * The Lambda routers, the local gateway and the CDK stack all read this table, so a route is
 * declared exactly once. A route whose group has no handler for it yet answers `501`.
 */
import { ADMIN_ENTITIES } from './catalogue-tree.ts';
import { routeMatcher, type Method, type RouteMatch } from './route-match.ts';

/** Who may call a route. `public` routes accept a token (learner or admin) but do not need one. */
export type Access = 'public' | 'learner' | 'admin' | 'learner-or-admin';

export type { Method };

/** One Lambda function per route group. */
export const ROUTE_GROUPS = [
  'health',
  'auth',
  'admins',
  'catalogue',
  'catalogue-admin',
  'uploads',
  'profile',
  'cart',
  'purchases',
  'favourites',
  'learning',
  'learning-admin',
  'payments',
  'ai',
  'local',
  // Video transcoding (issue 15): the retry routes, S3 upload and job-state events.
  'media-jobs',
  'ai-admin',
  // Practice (issue 17): quizzes for learners, the question bank for admins.
  'practice',
  'practice-admin',
  // Selling (issue 18): coupons and the seller's GST settings.
  'sales-admin',
  // Insights (issue 18): the admin's sales per day and the topics' drop-off.
  'insights',
] as const;
export type RouteGroup = (typeof ROUTE_GROUPS)[number];

export interface RouteDef {
  /** Stable name, e.g. `learner.login.request`; handlers are registered under it. */
  readonly name: string;
  readonly method: Method;
  /** Full path with API Gateway style parameters, e.g. `/api/v1/classuser/data/getClasses_Byid/{classId}`. */
  readonly path: string;
  readonly group: RouteGroup;
  readonly access: Access;
  /** Served only by the local stack (never deployed). */
  readonly localOnly?: boolean;
  /** The handler needs the raw, unparsed body (signature checks, multipart). */
  readonly rawBody?: boolean;
  /**
   * `public`: the answer is the same for every caller (the route never reads a token), so its
   * `200` may be kept by shared caches — CloudFront and the local gateway (issue 30, item 4;
   * README "What is cached where"). Every other answer is `no-store`.
   */
  readonly cache?: 'public';
}

/** The CloudFront path pattern of a route (`{param}` segments become `*`). */
export const pathPattern = (route: Pick<RouteDef, 'path'>): string =>
  route.path.replace(/\{[^}]+\}/g, '*');

export const BASES = {
  learner: '/api/v1/classuser',
  users: '/api/v1/users',
  admin: '/api/v1/classadmin',
  global: '/api/v1/global',
  payments: '/api/v1/payments',
  local: '/api/local',
} as const;

const L = BASES.learner;
const U = BASES.users;
const A = BASES.admin;
const G = BASES.global;

/** A route whose name and group stay literal types, so `RouteName` can be derived from the table. */
const route = <const N extends string, const G extends RouteGroup>(
  name: N,
  method: Method,
  path: string,
  group: G,
  access: Access,
  extra: Partial<Pick<RouteDef, 'localOnly' | 'rawBody' | 'cache'>> = {},
): RouteDef & { readonly name: N; readonly group: G } => ({
  name,
  method,
  path,
  group,
  access,
  ...extra,
});

/** A public catalogue read: one answer for everyone, cacheable at the edge. */
const EDGE = { cache: 'public' } as const;

const adminCatalogue = ADMIN_ENTITIES.flatMap((e) => [
  route(`admin.catalogue.${e.list}`, 'GET', `${A}/data/${e.list}`, 'catalogue-admin', 'admin'),
  route(`admin.catalogue.${e.insert}`, 'POST', `${A}/data/${e.insert}`, 'catalogue-admin', 'admin'),
  route(`admin.catalogue.${e.update}`, 'POST', `${A}/data/${e.update}`, 'catalogue-admin', 'admin'),
  route(
    `admin.catalogue.${e.remove}`,
    'DELETE',
    `${A}/data/${e.remove}/{id}`,
    'catalogue-admin',
    'admin',
  ),
]);

export const ROUTES = [
  route('health', 'GET', '/api/health', 'health', 'public'),
  route('health.ready', 'GET', '/api/health/ready', 'health', 'public'),

  // Authentication (docs/api.md §3)
  route('learner.login.signup', 'POST', `${L}/login/signup`, 'auth', 'public'),
  route('learner.login.request', 'POST', `${L}/login/request`, 'auth', 'public'),
  route('learner.login.refresh', 'POST', `${L}/login/refresh`, 'auth', 'public'),
  route('learner.login.logout', 'POST', `${L}/login/logout`, 'auth', 'learner'),
  // Issue 29: a forgotten password, sign-in with an e-mailed code, and sign-out everywhere.
  route('learner.login.forgotPassword', 'POST', `${L}/login/forgotPassword`, 'auth', 'public'),
  route('learner.login.resetPassword', 'POST', `${L}/login/resetPassword`, 'auth', 'public'),
  route('learner.login.requestCode', 'POST', `${L}/login/requestCode`, 'auth', 'public'),
  route('learner.login.verifyCode', 'POST', `${L}/login/verifyCode`, 'auth', 'public'),
  route(
    'learner.login.signOutEverywhere',
    'POST',
    `${L}/login/signOutEverywhere`,
    'auth',
    'learner',
  ),
  route('admin.login.request', 'POST', `${A}/login/request`, 'auth', 'public'),
  route('admin.login.refresh', 'POST', `${A}/login/refresh`, 'auth', 'public'),
  route('admin.login.logout', 'POST', `${A}/login/logout`, 'auth', 'admin'),
  route('admin.login.forgotPassword', 'POST', `${A}/login/forgotPassword`, 'auth', 'public'),
  route('admin.login.resetPassword', 'POST', `${A}/login/resetPassword`, 'auth', 'public'),

  // Admin accounts
  route('admin.getAdmins', 'GET', `${A}/data/getAdmins`, 'admins', 'admin'),
  route('admin.insertAdmin', 'POST', `${A}/data/insertAdmin`, 'admins', 'admin'),
  route('admin.deleteAdmin', 'DELETE', `${A}/data/deleteAdmin/{admin_id}`, 'admins', 'admin'),

  // Public catalogue reads (docs/api.md §4): the same answer for everyone, kept by the edge.
  route('catalogue.getBoards', 'GET', `${L}/data/getBoards`, 'catalogue', 'public', EDGE),
  route('catalogue.getClasses', 'GET', `${L}/data/getClasses`, 'catalogue', 'public', EDGE),
  route(
    'catalogue.getClassById',
    'GET',
    `${L}/data/getClasses_Byid/{classId}`,
    'catalogue',
    'public',
    EDGE,
  ),
  route('catalogue.getSubjects', 'GET', `${L}/data/getSubjects`, 'catalogue', 'public', EDGE),
  route('catalogue.getSubSubjects', 'GET', `${L}/data/getSubSubjects`, 'catalogue', 'public', EDGE),
  route('catalogue.getChapters', 'GET', `${L}/data/getChapters`, 'catalogue', 'public', EDGE),
  route('catalogue.getTopics', 'GET', `${L}/data/getTopics`, 'catalogue', 'public', EDGE),
  route('catalogue.gettestimonial', 'GET', `${L}/data/gettestimonial`, 'catalogue', 'public', EDGE),
  route(
    'catalogue.getSubjectOutline',
    'GET',
    `${L}/data/getSubjectOutline/{subjectId}`,
    'catalogue',
    'public',
    EDGE,
  ),
  // What of a class, subject or chapter is the caller's own (owned, in the cart, favourite, the
  // topics they may play): the personal half of the catalogue reads above, never cached.
  route(
    'catalogue.getMyCatalogueState',
    'GET',
    `${L}/data/getMyCatalogueState`,
    'catalogue',
    'learner',
  ),
  // Issue 30: the lesson page's one request (topic, chapter with progress, access, video).
  route('catalogue.getLesson', 'GET', `${L}/data/getLesson`, 'catalogue', 'public'),

  // Admin catalogue
  ...adminCatalogue,

  // Uploads (docs/api.md §5)
  route('uploads.presign', 'POST', `${G}/upload/presign`, 'uploads', 'learner-or-admin'),
  route('uploads.file', 'POST', `${G}/upload/file`, 'uploads', 'learner-or-admin', {
    rawBody: true,
  }),

  // Learner data (docs/api.md §6)
  route(
    'purchases.getsubjects_purchased',
    'GET',
    `${L}/data/getsubjects_purchased`,
    'purchases',
    'learner',
  ),
  route(
    'purchases.getUserClassPurchased',
    'GET',
    `${L}/data/getUserClassPurchased`,
    'purchases',
    'learner',
  ),
  route(
    'purchases.getpayment_history',
    'GET',
    `${L}/data/getpayment_history`,
    'purchases',
    'learner',
  ),
  route('purchases.getAboutSubjects', 'GET', `${L}/data/getAboutSubjects`, 'purchases', 'learner'),
  // Continue learning (issue 14): each subject the learner can open, how far they are in it.
  route(
    'purchases.getCourseProgress',
    'GET',
    `${L}/data/getCourseProgress`,
    'purchases',
    'learner',
  ),
  route('cart.get', 'GET', `${L}/data/getUSER_CART`, 'cart', 'learner'),
  route('cart.insert', 'POST', `${L}/data/insertUSER_CART`, 'cart', 'learner'),
  route('cart.delete', 'DELETE', `${L}/data/deleteUSER_CART/{cart_id}`, 'cart', 'learner'),
  // Selling (issue 18): a coupon code on the cart.
  route('cart.applyCoupon', 'POST', `${L}/data/applyCoupon`, 'cart', 'learner'),
  route('cart.removeCoupon', 'DELETE', `${L}/data/removeCoupon`, 'cart', 'learner'),
  route('reviews.get', 'GET', `${L}/data/getreviews`, 'learning', 'learner'),
  route('reviews.insert', 'POST', `${L}/data/insertreviews`, 'learning', 'learner'),
  route('reviews.update', 'POST', `${L}/data/updatereviews`, 'learning', 'learner'),
  route('reviews.delete', 'DELETE', `${L}/data/deletereviews/{id}`, 'learning', 'learner'),
  route('qna.get', 'GET', `${L}/data/getqna`, 'learning', 'learner'),
  route('qna.insert', 'POST', `${L}/data/insertqna`, 'learning', 'learner'),
  route('qna.update', 'POST', `${L}/data/updateqna`, 'learning', 'learner'),
  // Topic progress: not in the contract's tables; the topic viewer resumes where the learner left.
  route('progress.get', 'GET', `${L}/data/getTopicProgress`, 'learning', 'learner'),
  route('progress.save', 'POST', `${L}/data/saveTopicProgress`, 'learning', 'learner'),
  route('profile.get', 'GET', `${L}/data/getclass_users`, 'profile', 'learner'),
  route('profile.update', 'PUT', `${L}/data/updateclass_users`, 'profile', 'learner'),
  route('profile.verifyEmail', 'POST', `${L}/data/verifyEmail`, 'profile', 'learner'),
  // Selling (issue 18): the learner's state alone, asked by the cart for the GST split.
  route('profile.updateState', 'POST', `${L}/data/updateUserState`, 'profile', 'learner'),
  // Kannada and Hindi (issue 33): the learner's language alone, kept when chosen in the header.
  route('profile.updateLanguage', 'POST', `${L}/data/updateUserLanguage`, 'profile', 'learner'),
  route('favourites.get', 'GET', `${U}/data/getuser_favorites`, 'favourites', 'learner'),
  route('favourites.insert', 'POST', `${U}/data/insertuser_favorites`, 'favourites', 'learner'),
  route(
    'favourites.delete',
    'DELETE',
    `${U}/data/deleteuser_favorites/{favorite_id}`,
    'favourites',
    'learner',
  ),
  route('admin.qna.get', 'GET', `${A}/data/getqna`, 'learning-admin', 'admin'),
  route('admin.qna.answer', 'POST', `${A}/data/answerqna`, 'learning-admin', 'admin'),
  // The admin dashboard's counts (learners, paid orders of the last 7 days, unanswered questions)
  route('admin.dashboard', 'GET', `${A}/data/getDashboard`, 'learning-admin', 'admin'),

  // Payments (docs/api.md §7)
  route('payments.process', 'POST', `${L}/data/processPayment`, 'payments', 'learner'),
  route('payments.record', 'POST', `${L}/data/insertpayment_hsitory`, 'payments', 'learner'),
  route('payments.recordAlias', 'POST', `${L}/data/insertpayment_history`, 'payments', 'learner'),
  route('payments.webhook', 'POST', `${BASES.payments}/webhook`, 'payments', 'public', {
    rawBody: true,
  }),
  // Refunds (issue 18): in the payments group, which already carries the gateway's client.
  route('admin.payments.refund', 'POST', `${A}/data/refundPayment`, 'payments', 'admin'),
  route('local.razorpay.pay', 'POST', `${BASES.local}/razorpay/pay`, 'local', 'public', {
    localOnly: true,
  }),
  // The local stack's outbox: every message the product sent (issue 29). Never deployed.
  route('local.outbox', 'GET', `${BASES.local}/outbox`, 'local', 'public', { localOnly: true }),
  // The local stack's clock, read by spaced review and streaks (issue 31). Never deployed.
  route('local.clock', 'POST', `${BASES.local}/clock`, 'local', 'public', { localOnly: true }),

  // AI teacher (docs/api.md §8)
  route('ai.ask', 'POST', `${L}/data/getAiResponse`, 'ai', 'learner'),
  route('ai.conversation', 'GET', `${L}/data/getAiConversation`, 'ai', 'learner'),
  // Whether the AI teacher is configured, so a client offers it only when it can answer.
  route('ai.status', 'GET', `${L}/data/getAiStatus`, 'ai', 'public'),

  // Video transcoding (issue 15): restart a failed transcode
  route(
    'admin.video.retryTopic',
    'POST',
    `${A}/data/retryTopicVideo/{topic_id}`,
    'media-jobs',
    'admin',
  ),
  route(
    'admin.video.retryAboutSubject',
    'POST',
    `${A}/data/retryAboutSubjectVideo/{about_subject_id}`,
    'media-jobs',
    'admin',
  ),
  // A topic's captions (WebVTT), one per language
  route(
    'admin.video.insertCaptions',
    'POST',
    `${A}/data/insertTopicCaptions`,
    'media-jobs',
    'admin',
  ),
  route(
    'admin.video.deleteCaptions',
    'POST',
    `${A}/data/deleteTopicCaptions`,
    'media-jobs',
    'admin',
  ),

  // Hand-off to a human (docs/api.md §6): the learner's question with the AI's draft, for staff.
  route('qna.askTeacher', 'POST', `${L}/data/askTeacher`, 'learning', 'learner'),

  // The AI teacher's sources, for admins (docs/api.md §8): extracted notes text and corrections.
  route('admin.ai.sources', 'GET', `${A}/data/getTopicSources`, 'ai-admin', 'admin'),
  route('admin.ai.sources.update', 'POST', `${A}/data/updateTopicSources`, 'ai-admin', 'admin'),

  // Practice (docs/api.md §9): quizzes, chapter tests, questions inside the video, mastery.
  route('practice.getQuiz', 'GET', `${L}/data/getQuiz`, 'practice', 'learner'),
  route('practice.getOfflineQuiz', 'GET', `${L}/data/getOfflineQuiz`, 'practice', 'learner'),
  route('practice.answerQuiz', 'POST', `${L}/data/answerQuiz`, 'practice', 'learner'),
  route('practice.getVideoQuestions', 'GET', `${L}/data/getVideoQuestions`, 'practice', 'learner'),
  route('practice.getMastery', 'GET', `${L}/data/getMastery`, 'practice', 'learner'),
  // Spaced review and streaks (issue 31).
  route('practice.getReviewQueue', 'GET', `${L}/data/getReviewQueue`, 'practice', 'learner'),
  route('practice.getReviewSummary', 'GET', `${L}/data/getReviewSummary`, 'practice', 'learner'),
  route('admin.practice.get', 'GET', `${A}/data/getQuestions`, 'practice-admin', 'admin'),
  route('admin.practice.insert', 'POST', `${A}/data/insertQuestions`, 'practice-admin', 'admin'),
  route('admin.practice.update', 'POST', `${A}/data/updateQuestions`, 'practice-admin', 'admin'),
  route(
    'admin.practice.delete',
    'DELETE',
    `${A}/data/deleteQuestions/{question_id}`,
    'practice-admin',
    'admin',
  ),
  route('admin.practice.import', 'POST', `${A}/data/importQuestions`, 'practice-admin', 'admin'),
  // In the AI teacher's group, which already carries the model client and the topic's passages.
  route('admin.practice.draft', 'POST', `${A}/data/draftQuestions`, 'ai', 'admin'),

  // Selling (docs/api.md §8c): the seller's GST settings and coupons.
  route('admin.selling.settings', 'GET', `${A}/data/getSellerSettings`, 'sales-admin', 'admin'),
  route(
    'admin.selling.settings.update',
    'POST',
    `${A}/data/updateSellerSettings`,
    'sales-admin',
    'admin',
  ),
  route('admin.coupons.get', 'GET', `${A}/data/getCoupons`, 'sales-admin', 'admin'),
  route('admin.coupons.insert', 'POST', `${A}/data/insertCoupons`, 'sales-admin', 'admin'),
  route('admin.coupons.update', 'POST', `${A}/data/updateCoupons`, 'sales-admin', 'admin'),
  route('admin.coupons.delete', 'DELETE', `${A}/data/deleteCoupons/{id}`, 'sales-admin', 'admin'),
  // The captured payments, newest first (the admin's Payments screen).
  route('admin.payments.get', 'GET', `${A}/data/getPayments`, 'sales-admin', 'admin'),

  // Insights (docs/api.md §8d): sales per day and how far viewers watch a topic.
  route('admin.insights.get', 'GET', `${A}/data/getInsights`, 'insights', 'admin'),
  route('admin.insights.dropoff', 'GET', `${A}/data/getTopicDropoff`, 'insights', 'admin'),
] as const satisfies readonly RouteDef[];

type DeclaredRoute = (typeof ROUTES)[number];

/** The name of every route of the table (handler maps are keyed by these). */
export type RouteName = DeclaredRoute['name'];

/** The names of the routes one group serves. */
export type RouteNameOf<G extends RouteGroup> = Extract<DeclaredRoute, { group: G }>['name'];

/** The routes served by one route group (one Lambda function). */
export const routesOfGroup = (group: RouteGroup): RouteDef[] =>
  ROUTES.filter((r: RouteDef) => r.group === group);

/** Finds the route of the whole table for a method and path (path without query string). */
export const matchRoute: (method: string, path: string) => RouteMatch<RouteDef> =
  routeMatcher<RouteDef>(ROUTES);
