import * as z from 'zod/mini';

/*
 * Answers of the learner's own lists, as the web app reads them (output shapes built by the
 * server from the learner's items and the subjects' current names and prices). A module of its
 * own: the web imports only its types and the functions do not import it, so no bundle carries
 * these schemas.
 */

/** A subject in the learner's cart, with its class and board. */
export const CartItem = z.object({
  cart_id: z.string(),
  subject_id: z.string(),
  subject_name: z.string(),
  subject_price: z.number(),
  subject_image_url: z.optional(z.string()),
  board_name: z.string(),
  class_name: z.string(),
  class_id: z.optional(z.string()),
  board_id: z.optional(z.string()),
});
export type CartItem = z.infer<typeof CartItem>;

const tax = z.object({ cgst: z.number(), sgst: z.number(), igst: z.number() });

/**
 * `getUSER_CART` (and `applyCoupon`, `removeCoupon`): the items and their prices in rupees, as
 * `CartPricing` in selling-rules.ts says.
 */
export const CartAnswer = z.object({
  data: z.array(CartItem),
  total: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  tax: z.nullable(tax),
  gst_rate_percent: z.nullable(z.number()),
  coupon: z.nullable(
    z.object({ code: z.string(), discount: z.number(), problem: z.nullable(z.string()) }),
  ),
  buyer_state: z.nullable(z.string()),
});
export type CartAnswer = z.infer<typeof CartAnswer>;

/** A favourite subject, with its class and board. */
export const Favourite = z.object({
  favorite_id: z.string(),
  subject_id: z.string(),
  subject_name: z.string(),
  subject_price: z.number(),
  subject_image_url: z.optional(z.string()),
  class_id: z.string(),
  class_name: z.string(),
  board_id: z.string(),
  board_name: z.string(),
  free_course: z.boolean(),
});
export type Favourite = z.infer<typeof Favourite>;

/** `insertuser_favorites`: the favourite as stored (a new one, or the one already there). */
export const FavouriteRecord = z.object({
  favorite_id: z.string(),
  user_id: z.string(),
  subject_id: z.string(),
  class_id: z.optional(z.string()),
  board_id: z.optional(z.string()),
  added_at: z.string(),
});
export type FavouriteRecord = z.infer<typeof FavouriteRecord>;

/** `getsubjects_purchased`: a subject the learner owns (no prices). */
export const PurchasedSubject = z.object({
  subject_id: z.string(),
  subject_name: z.string(),
  class_id: z.string(),
  class_name: z.string(),
  board_id: z.string(),
  board_name: z.string(),
  subject_image_url: z.optional(z.string()),
  purchased_at: z.optional(z.string()),
});
export type PurchasedSubject = z.infer<typeof PurchasedSubject>;

/** `getUserClassPurchased`: a subject the learner owns, with its class and prices. */
export const PurchasedClass = z.object({
  board_name: z.string(),
  class_id: z.string(),
  class_name: z.string(),
  class_price: z.optional(z.number()),
  subject_id: z.string(),
  subject_name: z.string(),
  subject_price: z.optional(z.number()),
});
export type PurchasedClass = z.infer<typeof PurchasedClass>;

/** `getAboutSubjects`: a subject's introduction records (urls signed only for its owners). */
export const AboutSubjectAnswer = z.object({
  about_subject_id: z.string(),
  sub_subject_id: z.string(),
  sub_subject_name: z.nullable(z.string()),
  subject_id: z.string(),
  video_url: z.nullable(z.string()),
  notes_url: z.nullable(z.string()),
  locked: z.boolean(),
});
export type AboutSubjectAnswer = z.infer<typeof AboutSubjectAnswer>;

/** A topic of a subject named for "Continue" / "Start" (issue 14). */
export const LessonRef = z.object({
  chapter_id: z.string(),
  topic_id: z.string(),
  topic_name: z.string(),
});
export type LessonRef = z.infer<typeof LessonRef>;

/**
 * `getCourseProgress`: how far the learner is in a subject they can open (bought, or free with
 * progress): its active topics, how many of them are watched, the topic watched last and the
 * subject's first topic.
 */
export const CourseProgress = z.object({
  subject_id: z.string(),
  subject_name: z.string(),
  subject_image_url: z.string(),
  class_id: z.string(),
  class_name: z.string(),
  board_id: z.string(),
  board_name: z.string(),
  /** Bought by the learner (else a free subject they have started). */
  owned: z.boolean(),
  topics_total: z.number(),
  topics_watched: z.number(),
  /** Active topics whose best topic-quiz score is at least `MASTERY_PERCENT` (issue 17). */
  topics_mastered: z.number(),
  last: z.nullable(LessonRef),
  first: z.nullable(LessonRef),
});
export type CourseProgress = z.infer<typeof CourseProgress>;

/** A subject paid for in one payment, with its class and board as they are now. */
export const PaidSubject = z.object({
  subject_id: z.string(),
  subject_name: z.string(),
  subject_price: z.number(),
  class_id: z.optional(z.string()),
  board_id: z.optional(z.string()),
  class_name: z.optional(z.string()),
  board_name: z.optional(z.string()),
});
export type PaidSubject = z.infer<typeof PaidSubject>;

/**
 * A refund of a whole payment (issue 18): `pending` from the admin's request until the gateway's
 * `refund.processed`, then `processed` (the subjects are no longer the learner's). Amount in paise.
 */
export const PaymentRefund = z.object({
  refund_id: z.string(),
  amount: z.number(),
  status: z.enum(['pending', 'processed']),
  requested_at: z.string(),
  processed_at: z.optional(z.string()),
  credit_note_number: z.optional(z.nullable(z.string())),
  credit_note_url: z.optional(z.nullable(z.string())),
});
export type PaymentRefund = z.infer<typeof PaymentRefund>;

/** `getpayment_history`: one payment (a receipt), newest first. */
export const PaymentHistoryRow = z.object({
  id: z.string(),
  order_id: z.string(),
  transaction_id: z.string(),
  payment_amount: z.number(),
  payment_status: z.string(),
  paid_at: z.string(),
  subjects: z.array(PaidSubject),
  /** How the order was priced, in paise (orders before issue 18 have none). */
  pricing: z.optional(
    z.object({
      subtotal: z.number(),
      discount: z.number(),
      taxable: z.number(),
      tax: z.object({ cgst: z.number(), sgst: z.number(), igst: z.number() }),
      total: z.number(),
      rate_percent: z.number(),
      coupon: z.nullable(z.object({ code: z.string(), discount: z.number() })),
    }),
  ),
  /** The tax invoice once issued (a moment after the payment); the URL is signed. */
  invoice_number: z.optional(z.nullable(z.string())),
  invoice_url: z.optional(z.nullable(z.string())),
  /** Set when an admin refunded the payment (issue 18); the credit note once issued. */
  refund: z.optional(PaymentRefund),
  /**
   * Rupees of this payment to refund: subjects already owned (`duplicate`), or the whole payment
   * when it was `refused` (`refund_reason`: its coupon was used up before it arrived).
   */
  refund_amount: z.optional(z.number()),
  refund_reason: z.optional(z.enum(['coupon_used_up'])),
});
export type PaymentHistoryRow = z.infer<typeof PaymentHistoryRow>;
