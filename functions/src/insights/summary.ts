import {
  addDays,
  daysInRange,
  INSIGHTS_LIMITS,
  type CouponUses,
  type Insights,
  type InsightsDay,
  type InsightsNumbers,
  type QuestionShare,
  type SubjectSales,
  type TopicDropoff,
} from '@gia/shared';

/*
 * The insights' answers from the stored counters (issue 18): pure, so the arithmetic is tested
 * without a table.
 */

type Item = Record<string, unknown>;

const num = (v: unknown): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0;

const NUMBERS = ['gross', 'tax', 'refunds', 'orders', 'refund_count', 'learners'] as const;

const zero = (): InsightsNumbers => ({
  gross: 0,
  tax: 0,
  refunds: 0,
  net: 0,
  orders: 0,
  refund_count: 0,
  learners: 0,
});

/** Adds the numbers of `b` into `a` (net included). */
function addInto(a: InsightsNumbers, b: InsightsNumbers) {
  for (const k of [...NUMBERS, 'net'] as const) a[k] += b[k];
}

/** The numbers of one day item; net is gross less refunds. */
export function dayNumbers(item: Item | undefined): InsightsNumbers {
  const n = zero();
  if (!item) return n;
  for (const k of NUMBERS) n[k] = num(item[k]);
  n.net = n.gross - n.refunds;
  return n;
}

/** Per-key sums of the attributes `<prefix>#<key>` of every item. */
function sumsOf(items: Item[], prefix: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) {
    for (const [attr, value] of Object.entries(item)) {
      if (!attr.startsWith(`${prefix}#`)) continue;
      const key = attr.slice(prefix.length + 1);
      out.set(key, (out.get(key) ?? 0) + num(value));
    }
  }
  return out;
}

/** The last name each key had (`<prefix>#<key>`), latest day winning. */
function namesOf(items: Item[], prefix: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of items) {
    for (const [attr, value] of Object.entries(item)) {
      if (attr.startsWith(`${prefix}#`) && typeof value === 'string') {
        out.set(attr.slice(prefix.length + 1), value);
      }
    }
  }
  return out;
}

/**
 * `getInsights` from the day items of a range: every day from `from` to `to` (zeros where
 * nothing happened), the totals, and the subjects and coupons that sold most (by paise, then
 * count; by uses, then discount).
 */
export function summarize(items: Item[], from: string, to: string): Insights {
  const sorted = [...items].sort((a, b) =>
    String(a.sk ?? a.date).localeCompare(String(b.sk ?? b.date)),
  );
  const byDate = new Map(sorted.map((i) => [String(i.date ?? i.sk), i]));
  const days: InsightsDay[] = [];
  const totals = zero();
  for (let i = 0; i < daysInRange(from, to); i++) {
    const date = addDays(from, i);
    const n = dayNumbers(byDate.get(date));
    addInto(totals, n);
    days.push({ date, ...n });
  }
  const inRange = sorted.filter((i) => {
    const d = String(i.date ?? i.sk);
    return d >= from && d <= to;
  });
  const counts = sumsOf(inRange, 'subject_count');
  const paise = sumsOf(inRange, 'subject_paise');
  const names = namesOf(inRange, 'subject_name');
  const topSubjects: SubjectSales[] = [...counts.keys()]
    .map((id) => ({
      subject_id: id,
      subject_name: names.get(id) ?? id,
      count: counts.get(id) ?? 0,
      paise: paise.get(id) ?? 0,
    }))
    .sort(
      (a, b) =>
        b.paise - a.paise || b.count - a.count || a.subject_name.localeCompare(b.subject_name),
    )
    .slice(0, INSIGHTS_LIMITS.top);
  const uses = sumsOf(inRange, 'coupon_uses');
  const discounts = sumsOf(inRange, 'coupon_discount');
  const topCoupons: CouponUses[] = [...uses.keys()]
    .map((code) => ({ code, uses: uses.get(code) ?? 0, discount: discounts.get(code) ?? 0 }))
    .sort((a, b) => b.uses - a.uses || b.discount - a.discount || a.code.localeCompare(b.code))
    .slice(0, INSIGHTS_LIMITS.top);
  return { from, to, days, totals, top_subjects: topSubjects, top_coupons: topCoupons };
}

/** Share of `part` in `whole`, in percent with one decimal (0 when nobody is in `whole`). */
export const percentOf = (part: number, whole: number): number =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;

interface BankQuestion {
  question_id: string;
  text: string;
  status?: string;
}

/**
 * `getTopicDropoff` from the topic's counters: `viewers` started the video (reached the first
 * tenth); at each tenth the viewers whose furthest position reached it and their share; per
 * question of the bank (approved ones, in order) its answers and correct answers.
 */
export function dropoffOf(
  topic: { topic_id: string; topic_name: string },
  dropoff: Item | undefined,
  stats: Item | undefined,
  bank: Item | undefined,
): TopicDropoff {
  const reached = Array.from({ length: 10 }, (_, k) => num(dropoff?.[`reached_${k}`]));
  const viewers = reached[0] ?? 0;
  const questions: QuestionShare[] = ((bank?.questions as BankQuestion[] | undefined) ?? [])
    .filter((q) => (q.status ?? 'approved') === 'approved')
    .map((q) => ({
      question_id: q.question_id,
      text: q.text,
      answered: num(stats?.[`answered#${q.question_id}`]),
      correct: num(stats?.[`correct#${q.question_id}`]),
    }));
  return {
    topic_id: topic.topic_id,
    topic_name: topic.topic_name,
    viewers,
    points: reached.map((n, k) => ({ percent: k * 10, viewers: n, share: percentOf(n, viewers) })),
    questions,
  };
}
