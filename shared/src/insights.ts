import * as z from 'zod/mini';
import { requiredId } from './ids.ts';
import {
  daysInRange,
  INSIGHTS_LIMITS,
  INSIGHTS_MESSAGES,
  isCalendarDate,
} from './insights-rules.ts';

export * from './insights-rules.ts';

/*
 * Sales and learning insights (issue 18, part 5): the admin's revenue per day (India time),
 * paid orders, new learners, top subjects and coupons for a range of days, and per topic how far
 * viewers watch and how often each practice question is answered correctly. Money is paise.
 */

const M = INSIGHTS_MESSAGES;

const isoDate = z
  .string({ error: M.dateFormat })
  .check(z.trim(), z.refine(isCalendarDate, { error: M.dateFormat }));

/** `getInsights?from=&to=`: a range of days (India time), both included. */
export const InsightsQuery = z.object({ from: isoDate, to: isoDate }).check(
  z.refine((q) => q.to >= q.from, { error: M.rangeOrder, path: ['to'] }),
  z.refine((q) => q.to < q.from || daysInRange(q.from, q.to) <= INSIGHTS_LIMITS.maxDays, {
    error: M.rangeTooLong,
    path: ['to'],
  }),
);
export type InsightsQuery = z.infer<typeof InsightsQuery>;

/** `getTopicDropoff?topic_id=`. */
export const TopicDropoffQuery = z.object({
  topic_id: requiredId('topic_id is required.', 'topic_id is not valid.'),
});
export type TopicDropoffQuery = z.infer<typeof TopicDropoffQuery>;

/**
 * One day's numbers (paise). `gross`: what paid orders charged, tax included; `tax`: the GST in
 * it; `refunds`: refunds processed that day; `net`: gross less refunds; `orders`: paid orders;
 * `refund_count`: refunds processed; `learners`: learners who signed up.
 */
export const InsightsNumbers = z.object({
  gross: z.number(),
  tax: z.number(),
  refunds: z.number(),
  net: z.number(),
  orders: z.number(),
  refund_count: z.number(),
  learners: z.number(),
});
export type InsightsNumbers = z.infer<typeof InsightsNumbers>;

export const InsightsDay = z.extend(InsightsNumbers, { date: z.string() });
export type InsightsDay = z.infer<typeof InsightsDay>;

/** A subject's sales in the range: orders and the paise they paid for it (discounts shared out). */
export const SubjectSales = z.object({
  subject_id: z.string(),
  subject_name: z.string(),
  count: z.number(),
  paise: z.number(),
});
export type SubjectSales = z.infer<typeof SubjectSales>;

/** A coupon's uses in the range (paid orders) and the discount they gave (paise). */
export const CouponUses = z.object({ code: z.string(), uses: z.number(), discount: z.number() });
export type CouponUses = z.infer<typeof CouponUses>;

/** `getInsights`: every day of the range (days without events are zeros), totals, top lists. */
export const Insights = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(InsightsDay),
  totals: InsightsNumbers,
  top_subjects: z.array(SubjectSales),
  top_coupons: z.array(CouponUses),
});
export type Insights = z.infer<typeof Insights>;

/** How many viewers reached a tenth of the video (`percent` 0, 10, … 90) and their share (%). */
export const DropoffPoint = z.object({
  percent: z.number(),
  viewers: z.number(),
  share: z.number(),
});
export type DropoffPoint = z.infer<typeof DropoffPoint>;

/** A practice question's answers in quizzes (the first answer of each attempt). */
export const QuestionShare = z.object({
  question_id: z.string(),
  text: z.string(),
  answered: z.number(),
  correct: z.number(),
});
export type QuestionShare = z.infer<typeof QuestionShare>;

/** `getTopicDropoff`: learners who started the video, the curve, the topic's questions. */
export const TopicDropoff = z.object({
  topic_id: z.string(),
  topic_name: z.string(),
  viewers: z.number(),
  points: z.array(DropoffPoint),
  questions: z.array(QuestionShare),
});
export type TopicDropoff = z.infer<typeof TopicDropoff>;
