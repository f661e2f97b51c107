import { describe, expect, it } from 'vitest';
import { dropoffOf, summarize } from './summary.ts';

const day = (date: string, extra: Record<string, unknown>) => ({
  pk: 'INSIGHTS#DAYS',
  sk: date,
  type: 'insightsday',
  date,
  ...extra,
});

describe('the insights of a range', () => {
  const items = [
    day('2026-11-02', {
      gross: 50_000,
      tax: 7_627,
      orders: 2,
      learners: 3,
      'subject_count#phy': 2,
      'subject_paise#phy': 50_000,
      'subject_name#phy': 'Physics',
      'coupon_uses#DIWALI10': 1,
      'coupon_discount#DIWALI10': 2_000,
    }),
    day('2026-11-04', {
      gross: 30_000,
      tax: 4_576,
      orders: 1,
      refunds: 20_000,
      refund_count: 1,
      'subject_count#bio': 1,
      'subject_paise#bio': 30_000,
      'subject_name#bio': 'Biology',
      'subject_count#phy': 1,
      'subject_paise#phy': 5_000,
      'subject_name#phy': 'Physics (new name)',
    }),
  ];

  it('lists every day, zeros where nothing happened, with net as gross less refunds', () => {
    const s = summarize(items, '2026-11-01', '2026-11-04');
    expect(s.days.map((d) => [d.date, d.gross, d.refunds, d.net, d.orders, d.learners])).toEqual([
      ['2026-11-01', 0, 0, 0, 0, 0],
      ['2026-11-02', 50_000, 0, 50_000, 2, 3],
      ['2026-11-03', 0, 0, 0, 0, 0],
      ['2026-11-04', 30_000, 20_000, 10_000, 1, 0],
    ]);
    expect(s.totals).toEqual({
      gross: 80_000,
      tax: 12_203,
      refunds: 20_000,
      net: 60_000,
      orders: 3,
      refund_count: 1,
      learners: 3,
    });
  });

  it('ranks subjects by what they sold for and coupons by uses, with the latest names', () => {
    const s = summarize(items, '2026-11-01', '2026-11-30');
    expect(s.top_subjects).toEqual([
      { subject_id: 'phy', subject_name: 'Physics (new name)', count: 3, paise: 55_000 },
      { subject_id: 'bio', subject_name: 'Biology', count: 1, paise: 30_000 },
    ]);
    expect(s.top_coupons).toEqual([{ code: 'DIWALI10', uses: 1, discount: 2_000 }]);
    expect(s.days).toHaveLength(30);
  });

  it('leaves out days outside the range', () => {
    const s = summarize(items, '2026-11-03', '2026-11-03');
    expect(s.totals.gross).toBe(0);
    expect(s.top_subjects).toEqual([]);
  });
});

describe('a topic’s drop-off', () => {
  const topic = { topic_id: 't1', topic_name: 'Linear equations' };

  it('gives the share of viewers still watching at each tenth, and each question’s answers', () => {
    const counters = { reached_0: 4, reached_1: 4, reached_2: 3, reached_5: 1 };
    const bank = {
      questions: [
        { question_id: 'q1', text: 'Is 2 + 2 = 4?', status: 'approved' },
        { question_id: 'q2', text: 'A draft', status: 'draft' },
        { question_id: 'q3', text: 'Never answered', status: 'approved' },
      ],
    };
    const stats = { 'answered#q1': 5, 'correct#q1': 4 };
    const d = dropoffOf(topic, counters, stats, bank);
    expect(d.viewers).toBe(4);
    expect(d.points.map((p) => [p.percent, p.viewers, p.share])).toEqual([
      [0, 4, 100],
      [10, 4, 100],
      [20, 3, 75],
      [30, 0, 0],
      [40, 0, 0],
      [50, 1, 25],
      [60, 0, 0],
      [70, 0, 0],
      [80, 0, 0],
      [90, 0, 0],
    ]);
    expect(d.questions).toEqual([
      { question_id: 'q1', text: 'Is 2 + 2 = 4?', answered: 5, correct: 4 },
      { question_id: 'q3', text: 'Never answered', answered: 0, correct: 0 },
    ]);
  });

  it('is all zeros for a topic nobody watched, without questions when it has no bank', () => {
    const d = dropoffOf(topic, undefined, undefined, undefined);
    expect(d.viewers).toBe(0);
    expect(d.points.every((p) => p.viewers === 0 && p.share === 0)).toBe(true);
    expect(d.questions).toEqual([]);
  });
});
