import * as z from 'zod/mini';
import { HandoffDraft } from './handoff.ts';
import { PublicQuestion } from './learning-answers.ts';

/*
 * Answers of the back office's routes (the dashboard, the question desk, the AI teacher's
 * sources, coupons and the seller's settings). A module of its own, like `learner-answers.ts`:
 * the functions and the web import only its types, so no function bundle carries these schemas.
 */

/** `getDashboard`: learners, payments that granted subjects in the last 7 days, open questions. */
export const DashboardCounts = z.object({
  learners: z.number(),
  /** `since` is when the 7 days start. */
  paid_orders: z.object({ count: z.number(), amount: z.number(), since: z.string() }),
  unanswered_questions: z.number(),
});
export type DashboardCounts = z.infer<typeof DashboardCounts>;

/** Where a question was asked: the topic and its ancestors, ids and current names. */
export const QuestionPlace = z.object({
  topic_id: z.string(),
  topic_name: z.string(),
  chapter_id: z.string(),
  chapter_name: z.string(),
  sub_subject_id: z.string(),
  sub_subject_name: z.string(),
  subject_id: z.string(),
  subject_name: z.string(),
  class_id: z.string(),
  class_name: z.string(),
  board_id: z.string(),
  board_name: z.string(),
});
export type QuestionPlace = z.infer<typeof QuestionPlace>;

/**
 * A question on the admin desk (`admin getqna`, `answerqna`): who asked it and where (`null` once
 * its topic is gone); a hand-off from the AI teacher carries the AI's draft, for staff only.
 */
export const DeskQuestion = z.extend(PublicQuestion, {
  user_id: z.string(),
  place: z.nullable(QuestionPlace),
  handoff: z.boolean(),
  draft: z.optional(HandoffDraft),
});
export type DeskQuestion = z.infer<typeof DeskQuestion>;

/** A page of a topic's notes as the AI teacher reads it: the corrected text where there is one. */
export const SourcePage = z.object({ page: z.number(), text: z.string(), corrected: z.boolean() });
export type SourcePage = z.infer<typeof SourcePage>;

/** `getTopicSources` (docs/api.md §8): what the AI teacher answers a topic from. */
export const TopicSources = z.object({
  topic_id: z.string(),
  notes: z.object({
    status: z.enum(['none', 'processing', 'ready', 'failed']),
    error: z.optional(z.string()),
    pages: z.array(SourcePage),
  }),
  captions: z.array(
    z.object({
      language: z.string(),
      cues: z.array(z.object({ start: z.number(), text: z.string() })),
    }),
  ),
  description: z.string(),
});
export type TopicSources = z.infer<typeof TopicSources>;

/** A coupon as stored and answered (`getCoupons`, `insertCoupons`, `updateCoupons`). */
export const Coupon = z.object({
  coupon_id: z.string(),
  code: z.string(),
  kind: z.enum(['percent', 'flat']),
  percent: z.optional(z.number()),
  amount_paise: z.optional(z.number()),
  min_cart_paise: z.number(),
  valid_from: z.string(),
  valid_to: z.string(),
  /** Redemptions in all; none: no limit. */
  max_uses: z.optional(z.nullable(z.number())),
  per_learner: z.number(),
  board_ids: z.optional(z.array(z.string())),
  class_ids: z.optional(z.array(z.string())),
  subject_ids: z.optional(z.array(z.string())),
  enabled: z.boolean(),
  /** Redemptions: orders paid with the coupon. */
  uses: z.number(),
  /** `uses` and the reservations of open orders (what `max_uses` limits); absent: `uses`. */
  taken: z.optional(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Coupon = z.infer<typeof Coupon>;

/**
 * `getSellerSettings` (and the save's answer): the settings in force, `saved` once the admin has
 * saved them. Before that, the details are empty and the SAC and GST rate are the defaults a save
 * would apply (`SELLER_DEFAULTS`), so the answer is not held to the input's checks.
 */
export const SellerSettingsAnswer = z.object({
  legal_name: z.string(),
  gstin: z.string(),
  state: z.string(),
  address: z.string(),
  sac: z.string(),
  gst_rate_percent: z.number(),
  saved: z.boolean(),
});
export type SellerSettingsAnswer = z.infer<typeof SellerSettingsAnswer>;
