import * as z from 'zod/mini';
import { AdminAccount, LocalPaymentAnswer, LoginAnswer, OrderAnswer } from './account-answers.ts';
import { OutboxAnswer } from './account-answers.ts';
import { PresignAnswer, RefreshAnswer, SignupAnswer } from './account-answers.ts';
import { AdminPaymentRow } from './admin-payments.ts';
import { Coupon, DashboardCounts, DeskQuestion, SellerSettingsAnswer } from './admin-answers.ts';
import { TopicSources } from './admin-answers.ts';
import type { AdminRouteNames, CatalogueEntity } from './catalogue-tree.ts';
import { ADMIN_ENTITIES } from './catalogue-tree.ts';
import {
  BoardRecord,
  CATALOGUE_RECORDS,
  ChapterRecord,
  ClassDetail,
  ClassRecord,
  MyCatalogueState,
  PublicTopicRecord,
  type RecordOf,
  SubjectOutline,
  SubjectRecord,
  SubSubjectRecord,
  TestimonialRecord,
} from './catalogue-records.ts';
import { Insights, TopicDropoff } from './insights.ts';
import { Lesson } from './lesson-answers.ts';
import {
  AboutSubjectAnswer,
  CartAnswer,
  CourseProgress,
  Favourite,
  FavouriteRecord,
  PaymentHistoryRow,
  PaymentRefund,
  PurchasedClass,
  PurchasedSubject,
} from './learner-answers.ts';
import {
  AiReply,
  AiStatus,
  AiTurn,
  LearnerProfileAnswer,
  PublicQuestion,
  PublicReview,
  ReviewSummary,
  TopicProgress,
} from './learning-answers.ts';
import { AdminQuestion, GradedAnswer, Mastery, Quiz, VideoQuestion } from './practice-answers.ts';
import { OfflineQuiz } from './practice-answers.ts';
import { ClockAnswer, ReviewQueue, ReviewQueueSummary } from './practice-answers.ts';
import type { RouteName } from './routes.ts';
import { TopicCaptions, VideoState } from './video.ts';

/*
 * The answer half of the route table (code review 2, P2): for every route of `ROUTES`, the schema
 * of the JSON body it answers with `200`/`201`. The functions type each route's handler by it
 * (`RouteHandlers<G>`, functions/src/lib/http.ts), the web types its route-named call by it
 * (web/src/lib/api-call.ts), and the local gateway parses every answer with it in the integration
 * and browser tests, so an answer that drifts from its schema fails a test, not a screen.
 *
 * A table of its own beside `ROUTES`, not a field of each route: the route table is read by the
 * web's first screen (the route matcher, `apiPath`) and must stay free of zod; this module is
 * imported for its types only, except by the local gateway.
 */

const message = z.string();

/** `{message}`: the route says what it did, nothing more (no `data`). */
const done = z.object({ message, data: z.optional(z.undefined()) });
/** `{message, data}`. */
const data = <S extends z.ZodMiniType>(schema: S) => z.object({ message, data: schema });
/** `{message, data: [...], next_cursor}`: one page of a list. */
const page = <S extends z.ZodMiniType>(item: S) =>
  z.object({ message, data: z.array(item), next_cursor: z.nullable(z.string()) });

type AdminName<
  E extends CatalogueEntity,
  V extends keyof AdminRouteNames,
> = `admin.catalogue.${AdminRouteNames<E>[V]}`;
type Records<E extends CatalogueEntity> = RecordOf<E>[];

/** The four admin routes of every catalogue entity: a page of records, the record, a message. */
type AdminCatalogueAnswers = {
  [E in CatalogueEntity as AdminName<E, 'list'>]: z.ZodMiniType<{
    message: string;
    data: Records<E>;
    next_cursor: string | null;
  }>;
} & {
  [E in CatalogueEntity as AdminName<E, 'insert' | 'update'>]: z.ZodMiniType<{
    message: string;
    data: RecordOf<E>;
  }>;
} & { [E in CatalogueEntity as AdminName<E, 'remove'>]: typeof done };

const adminCatalogue = Object.fromEntries(
  ADMIN_ENTITIES.flatMap(({ entity, list, insert, update, remove }): [string, z.ZodMiniType][] => {
    const record = CATALOGUE_RECORDS[entity];
    return [
      [`admin.catalogue.${list}`, page(record)],
      [`admin.catalogue.${insert}`, data(record)],
      [`admin.catalogue.${update}`, data(record)],
      [`admin.catalogue.${remove}`, done],
    ];
  }),
) as AdminCatalogueAnswers;

/** The cart as `getUSER_CART`, `applyCoupon` and `removeCoupon` answer it. */
const cart = z.extend(CartAnswer, { message });

/** The answer of every route, by the route's name in `ROUTES`. */
export const ROUTE_ANSWERS = {
  health: z.object({ status: z.literal('ok') }),
  'health.ready': z.object({ status: z.literal('ready') }),

  'learner.login.signup': data(SignupAnswer),
  'learner.login.request': LoginAnswer,
  'learner.login.refresh': RefreshAnswer,
  'learner.login.logout': done,
  'learner.login.forgotPassword': done,
  'learner.login.resetPassword': done,
  'learner.login.requestCode': done,
  'learner.login.verifyCode': LoginAnswer,
  'learner.login.signOutEverywhere': done,
  'admin.login.request': LoginAnswer,
  'admin.login.refresh': RefreshAnswer,
  'admin.login.logout': done,
  'admin.login.forgotPassword': done,
  'admin.login.resetPassword': done,

  'admin.getAdmins': page(AdminAccount),
  'admin.insertAdmin': data(AdminAccount),
  'admin.deleteAdmin': done,

  'catalogue.getBoards': page(BoardRecord),
  'catalogue.getClasses': page(ClassRecord),
  'catalogue.getClassById': data(ClassDetail),
  'catalogue.getSubjects': page(SubjectRecord),
  'catalogue.getSubSubjects': page(SubSubjectRecord),
  'catalogue.getChapters': page(ChapterRecord),
  'catalogue.getTopics': page(PublicTopicRecord),
  'catalogue.gettestimonial': page(TestimonialRecord),
  'catalogue.getSubjectOutline': data(SubjectOutline),
  'catalogue.getLesson': data(Lesson),
  'catalogue.getMyCatalogueState': data(MyCatalogueState),

  ...adminCatalogue,

  'uploads.presign': data(PresignAnswer),
  // The stored file's URL, also at the top level as the contract's clients read it.
  'uploads.file': z.object({ message, data: z.object({ url: z.string() }), url: z.string() }),

  'purchases.getsubjects_purchased': data(z.array(PurchasedSubject)),
  'purchases.getUserClassPurchased': data(z.array(PurchasedClass)),
  'purchases.getpayment_history': data(z.array(PaymentHistoryRow)),
  'purchases.getAboutSubjects': data(z.array(AboutSubjectAnswer)),
  'purchases.getCourseProgress': data(z.array(CourseProgress)),
  'cart.get': cart,
  // The added item, and the whole cart as `getUSER_CART` answers it (the app reads no cart after).
  'cart.insert': z.extend(data(z.object({ cart_id: z.string(), subject_id: z.string() })), {
    cart: CartAnswer,
  }),
  'cart.delete': done,
  'cart.applyCoupon': cart,
  'cart.removeCoupon': cart,
  'reviews.get': z.object({
    message,
    data: z.array(PublicReview),
    summary: ReviewSummary,
    entitled: z.boolean(),
  }),
  'reviews.insert': data(PublicReview),
  'reviews.update': data(PublicReview),
  'reviews.delete': done,
  'qna.get': page(PublicQuestion),
  'qna.insert': data(PublicQuestion),
  'qna.update': data(PublicQuestion),
  'progress.get': data(z.array(TopicProgress)),
  'progress.save': data(z.extend(TopicProgress, { user_id: z.string() })),
  // `getclass_users` answers a list of one, as the contract's clients read it.
  'profile.get': data(z.array(LearnerProfileAnswer)),
  'profile.update': data(LearnerProfileAnswer),
  'profile.verifyEmail': data(LearnerProfileAnswer),
  'profile.updateState': data(LearnerProfileAnswer),
  'profile.updateLanguage': data(LearnerProfileAnswer),
  'favourites.get': data(z.array(Favourite)),
  'favourites.insert': data(FavouriteRecord),
  'favourites.delete': done,
  'admin.qna.get': data(z.array(DeskQuestion)),
  'admin.qna.answer': data(DeskQuestion),
  'admin.dashboard': data(DashboardCounts),

  'payments.process': data(OrderAnswer),
  // What happened, and what it changed as the reads answer it: the cart as the payment left it
  // and the subjects owned now (the app reads neither after).
  'payments.record': z.extend(done, { cart: CartAnswer, purchases: z.array(PurchasedSubject) }),
  'payments.recordAlias': z.extend(done, {
    cart: CartAnswer,
    purchases: z.array(PurchasedSubject),
  }),
  'payments.webhook': done,
  'admin.payments.refund': data(PaymentRefund),
  'local.razorpay.pay': LocalPaymentAnswer,
  'local.outbox': OutboxAnswer,
  'local.clock': ClockAnswer,

  'ai.ask': data(AiReply),
  'ai.conversation': data(z.array(AiTurn)),
  'ai.status': data(AiStatus),

  'admin.video.retryTopic': data(VideoState),
  'admin.video.retryAboutSubject': data(VideoState),
  'admin.video.insertCaptions': data(z.array(TopicCaptions)),
  'admin.video.deleteCaptions': data(z.array(TopicCaptions)),

  'qna.askTeacher': data(PublicQuestion),

  'admin.ai.sources': data(TopicSources),
  'admin.ai.sources.update': data(TopicSources),

  'practice.getQuiz': data(Quiz),
  'practice.getOfflineQuiz': data(OfflineQuiz),
  'practice.answerQuiz': data(GradedAnswer),
  'practice.getVideoQuestions': data(z.object({ questions: z.array(VideoQuestion) })),
  'practice.getMastery': data(Mastery),
  'practice.getReviewQueue': data(ReviewQueue),
  'practice.getReviewSummary': data(ReviewQueueSummary),
  'admin.practice.get': data(z.array(AdminQuestion)),
  'admin.practice.insert': data(AdminQuestion),
  'admin.practice.update': data(AdminQuestion),
  'admin.practice.delete': done,
  'admin.practice.import': data(z.array(AdminQuestion)),
  'admin.practice.draft': data(z.array(AdminQuestion)),

  'admin.selling.settings': data(SellerSettingsAnswer),
  'admin.selling.settings.update': data(SellerSettingsAnswer),
  'admin.coupons.get': data(z.array(Coupon)),
  'admin.coupons.insert': data(Coupon),
  'admin.coupons.update': data(Coupon),
  'admin.coupons.delete': done,
  'admin.payments.get': page(AdminPaymentRow),

  'admin.insights.get': data(Insights),
  'admin.insights.dropoff': data(TopicDropoff),
} satisfies Record<RouteName, z.ZodMiniType>;

/** The answer (JSON body) of route `N`, as its handler must build it and the web reads it. */
export type Answer<N extends RouteName> = z.infer<(typeof ROUTE_ANSWERS)[N]>;
