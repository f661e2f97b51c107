import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { addDays, indiaDay } from '@gia/shared';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it, inject } from 'vitest';
import { api, newLearner, routePath, tableClient } from './api.ts';
import { ADMIN_DATA, historyTopics, reprice, shopCatalogue, signedInAdmin } from './fixtures.ts';

/*
 * Issue 18, insights: a day's sales and refunds from the table's stream (the local stack's poller
 * stands in for the event source mapping), sign-ups from their own transaction, a topic's drop-off
 * from progress saves and its questions' answers from quizzes.
 */

const call = api();
const admin = signedInAdmin(call);
const stack = inject('stack');
const db = tableClient();

const SELLER = {
  legal_name: 'GIA School Private Limited',
  gstin: '29AABCG1234H1Z5',
  state: '29',
  address: 'MG Road, Bengaluru 560001',
};

const code = (label: string) =>
  `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

/** Around today in India (a sale made at midnight may land on either side). */
const today = () => indiaDay(new Date());
const around = () => ({ from: addDays(today(), -1), to: addDays(today(), 1) });

const getInsights = (query: Record<string, string>, token = admin.token) =>
  call('GET', `${ADMIN_DATA}/getInsights?${new URLSearchParams(query)}`, { token });

/** The range's insights once `ready` holds (the stream is asynchronous). */
async function insightsWhen(
  query: Record<string, string>,
  ready: (data: InsightsData) => boolean,
): Promise<InsightsData> {
  for (let i = 0; i < 100; i++) {
    const res = await getInsights(query);
    expect(res.status).toBe(200);
    if (ready(res.body.data)) return res.body.data;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the insights did not change within 20 s');
}

interface InsightsData {
  days: { date: string; gross: number; tax: number; orders: number }[];
  totals: Record<
    'gross' | 'tax' | 'refunds' | 'net' | 'orders' | 'refund_count' | 'learners',
    number
  >;
  top_subjects: { subject_id: string; subject_name: string; count: number; paise: number }[];
  top_coupons: { code: string; uses: number; discount: number }[];
}

/**
 * A learner in Karnataka buys physics (₹30,000) and biology (₹15,050) with a coupon. The prices
 * are high so that the two rank in the day's top subjects whatever else the other test files sold
 * today in the same table.
 */
async function buyWithCoupon(couponCode: string) {
  const shop = await shopCatalogue(admin.post);
  await reprice(admin.post, shop.physics, 30_000);
  await reprice(admin.post, shop.biology, 15_050);
  const me = await newLearner(call, 'Insights Buyer');
  for (const subject_id of [shop.physics.subject_id, shop.biology.subject_id])
    await call('POST', routePath('cart.insert'), { token: me.token, body: { subject_id } });
  const applied = await call('POST', routePath('cart.applyCoupon'), {
    token: me.token,
    body: { code: couponCode },
  });
  expect(applied.status).toBe(200);
  const order = (
    await call('POST', routePath('payments.process'), { token: me.token, body: { state: '29' } })
  ).body.data;
  const paid = (
    await call('POST', routePath('local.razorpay.pay'), { body: { order_id: order.order_id } })
  ).body;
  await call('POST', routePath('payments.record'), { token: me.token, body: paid });
  const [row] = (await call('GET', routePath('purchases.getpayment_history'), { token: me.token }))
    .body.data;
  return { me, shop, row };
}

beforeAll(async () => {
  await call('POST', `${ADMIN_DATA}/updateSellerSettings`, { token: admin.token, body: SELLER });
});

describe('sales insights', () => {
  let sale: Awaited<ReturnType<typeof buyWithCoupon>>;
  let coupon: string;
  let before: InsightsData;

  beforeAll(async () => {
    coupon = code('INS');
    await admin.post('insertCoupons', {
      code: coupon,
      kind: 'percent',
      percent: 10,
      valid_from: '2026-01-01T00:00:00Z',
      valid_to: '2099-01-01T00:00:00Z',
    });
    before = (await getInsights(around())).body.data;
    sale = await buyWithCoupon(coupon);
  });

  it('shows a paid order in its day’s gross, tax and orders, with its subjects and coupon on top', async () => {
    const pricing = sale.row.pricing;
    const tax = pricing.tax.cgst + pricing.tax.sgst + pricing.tax.igst;

    const after = await insightsWhen(around(), (d) => d.top_coupons.some((c) => c.code === coupon));

    expect(pricing.total).toBe(4_054_500);
    expect(after.totals.gross - before.totals.gross).toBe(pricing.total);
    expect(after.totals.tax - before.totals.tax).toBe(tax);
    expect(after.totals.orders - before.totals.orders).toBe(1);
    expect(after.top_coupons.find((c) => c.code === coupon)).toEqual({
      code: coupon,
      uses: 1,
      discount: pricing.coupon.discount,
    });
    const physics = after.top_subjects.find((s) => s.subject_id === sale.shop.physics.subject_id);
    const biology = after.top_subjects.find((s) => s.subject_id === sale.shop.biology.subject_id);
    expect(physics).toMatchObject({ subject_name: sale.shop.physics.subject_name, count: 1 });
    expect(biology).toMatchObject({ count: 1 });
    // The order's total shared out over its subjects by their prices (₹30,000 : ₹15,050).
    expect(physics!.paise + biology!.paise).toBe(pricing.total);
    expect(physics!.paise).toBe(2_700_000);
    const day = after.days.find((d) => d.date === indiaDay(sale.row.paid_at));
    expect(day!.gross).toBeGreaterThanOrEqual(pricing.total);
  });

  it('counts a processed refund on its day, once, and takes it off the net', async () => {
    const key = { pk: `USER#${sale.me.userId}`, sk: `PAYMENT#${sale.row.id}` };
    const refund = {
      refund_id: `rfnd_${code('t')}`,
      amount: 10_000,
      status: 'pending',
      requested_at: new Date().toISOString(),
    };
    const start = (await getInsights(around())).body.data as InsightsData;

    // As the refunds function writes it: pending, then processed, then the credit note added.
    const setRefund = (value: object) =>
      db.send(
        new UpdateCommand({
          TableName: stack.tableName,
          Key: key,
          UpdateExpression: 'SET refund = :r',
          ExpressionAttributeValues: { ':r': value },
        }),
      );
    await setRefund(refund);
    const processed = { ...refund, status: 'processed', processed_at: new Date().toISOString() };
    await setRefund(processed);
    await setRefund({ ...processed, credit_note_number: 'GIA/CN/1' });
    const after = await insightsWhen(
      around(),
      (d) => d.totals.refund_count > start.totals.refund_count,
    );
    // Long enough for the later change of the refunded row to have been read too.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const settled = (await getInsights(around())).body.data as InsightsData;

    expect(after.totals.refunds - start.totals.refunds).toBe(10_000);
    expect(settled.totals.refund_count - start.totals.refund_count).toBe(1);
    expect(settled.totals.refunds - start.totals.refunds).toBe(10_000);
    expect(settled.totals.net).toBe(settled.totals.gross - settled.totals.refunds);
  });

  it('counts a redelivered stream record once', async () => {
    Object.assign(process.env, stack.env);
    const { handler } = await import('../src/insights/stream.ts');
    const day = '2031-03-15';
    const row = {
      pk: 'USER#redelivery',
      sk: `PAYMENT#${code('row')}`,
      type: 'payment',
      id: code('row'),
      payment_status: 'captured',
      payment_amount: 100,
      paid_at: `${day}T06:00:00.000Z`,
      subjects: [{ subject_id: 'subj-redelivery', subject_name: 'Redelivery', subject_price: 100 }],
    };
    const record = {
      eventID: 'e1',
      eventName: 'INSERT' as const,
      dynamodb: {
        SequenceNumber: '1',
        NewImage: marshall(row) as never,
      },
    };
    const event: DynamoDBStreamEvent = { Records: [record] };
    const start = (await getInsights({ from: day, to: day })).body.data as InsightsData;

    expect(await handler(event)).toEqual({ batchItemFailures: [] });
    expect(await handler(event)).toEqual({ batchItemFailures: [] });
    expect(await handler({ Records: [{ ...record, eventID: 'e2' }] })).toEqual({
      batchItemFailures: [],
    });

    const after = (await getInsights({ from: day, to: day })).body.data as InsightsData;
    expect(after.totals.gross - start.totals.gross).toBe(10_000);
    expect(after.totals.orders - start.totals.orders).toBe(1);
  });

  it('counts a sign-up as a new learner of its day', async () => {
    const start = (await getInsights(around())).body.data as InsightsData;
    await newLearner(call, 'Insights Newcomer');
    const after = (await getInsights(around())).body.data as InsightsData;
    expect(after.totals.learners - start.totals.learners).toBe(1);
  });
});

describe('the insights range', () => {
  it.each([
    [{ from: '2026-02-30', to: '2026-03-01' }, 'from and to must be dates written YYYY-MM-DD.'],
    [{ from: '2024-01-01', to: '2024-13-45' }, 'from and to must be dates written YYYY-MM-DD.'],
    [{ from: '2024-13-45', to: '2024-12-31' }, 'from and to must be dates written YYYY-MM-DD.'],
    [{ from: '2026-01-01', to: '2026-00-10' }, 'from and to must be dates written YYYY-MM-DD.'],
    [{ from: '2026-03-02', to: '2026-03-01' }, 'to must be the same day as from or a later one.'],
    [{ from: '2025-01-01', to: '2026-01-02' }, 'Choose a range of at most 366 days.'],
    [{ from: '2026-03-01' }, 'from and to must be dates written YYYY-MM-DD.'],
  ])('refuses %o with 400 and a plain reason', async (query, message) => {
    const res = await getInsights(query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it('is for admins only: 403 for a learner', async () => {
    const me = await newLearner(call, 'Curious Learner');
    expect((await getInsights(around(), me.token)).status).toBe(403);
    const dropoff = await call('GET', `${ADMIN_DATA}/getTopicDropoff?topic_id=x`, {
      token: me.token,
    });
    expect(dropoff.status).toBe(403);
  });
});

describe('a topic’s drop-off', () => {
  let topicId: string;
  let chapterId: string;
  const save = (token: string, position_seconds: number) =>
    call('POST', routePath('progress.save'), {
      token,
      body: { topic_id: topicId, position_seconds, duration_seconds: 100 },
    });
  const dropoff = async (id = topicId) =>
    call('GET', `${ADMIN_DATA}/getTopicDropoff?topic_id=${id}`, { token: admin.token });

  beforeAll(async () => {
    const t = await historyTopics(admin.post);
    topicId = t.free.topic_id as string;
    chapterId = t.chapter.chapter_id as string;
  });

  it('gives each tenth’s share of viewers from the progress saves of two learners', async () => {
    const asha = await newLearner(call, 'Asha');
    const ravi = await newLearner(call, 'Ravi');
    for (const position of [5, 35, 20, 35])
      expect((await save(asha.token, position)).status).toBe(200);
    expect((await save(ravi.token, 95)).status).toBe(200);
    expect((await save(ravi.token, 10)).status).toBe(200);

    const res = await dropoff();

    expect(res.status).toBe(200);
    expect(res.body.data.viewers).toBe(2);
    expect(res.body.data.points.map((p: { share: number }) => p.share)).toEqual([
      100, 100, 100, 100, 50, 50, 50, 50, 50, 50,
    ]);
    // The resume position stays where the learner left; the furthest tenth is kept beside it.
    const item = await db.send(
      new GetCommand({
        TableName: stack.tableName,
        Key: { pk: `USER#${ravi.userId}`, sk: `PROGRESS#${chapterId}#${topicId}` },
      }),
    );
    expect(item.Item).toMatchObject({ position_seconds: 10, furthest_tenth: 9 });
  });

  it('gives each practice question’s answers and correct answers, first answer per attempt', async () => {
    const questions = [
      { type: 'true_false', text: 'Akbar started the Din-i-Ilahi.', answer: true },
      { type: 'true_false', text: 'Akbar ruled from Delhi only.', answer: false },
    ];
    for (const q of questions) {
      const res = await call('POST', `${ADMIN_DATA}/insertQuestions`, {
        token: admin.token,
        body: { topic_id: topicId, status: 'approved', explanation: 'E', ...q },
      });
      expect(res.status).toBe(201);
    }
    const answers = new Map(questions.map((q) => [q.text, q.answer]));
    // Two learners take the quiz: the first answers both rightly, the second only the first.
    for (const wrongOnSecond of [false, true]) {
      const me = await newLearner(call, 'Quiz Taker');
      const quiz = (
        await call('GET', `${routePath('practice.getQuiz')}?topic_id=${topicId}`, {
          token: me.token,
        })
      ).body.data;
      for (const q of quiz.questions as { question_id: string; text: string }[]) {
        const right = answers.get(q.text)!;
        const given = wrongOnSecond && q.text === questions[1]!.text ? !right : right;
        const body = { attempt_id: quiz.attempt_id, question_id: q.question_id, answer: given };
        expect(
          (await call('POST', routePath('practice.answerQuiz'), { token: me.token, body })).status,
        ).toBe(200);
        // A second answer to the same question in the attempt is refused and not counted.
        expect(
          (await call('POST', routePath('practice.answerQuiz'), { token: me.token, body })).status,
        ).toBe(409);
      }
    }

    const res = await dropoff();

    expect(
      res.body.data.questions.map((q: { text: string; answered: number; correct: number }) => [
        q.text,
        q.answered,
        q.correct,
      ]),
    ).toEqual([
      ['Akbar started the Din-i-Ilahi.', 2, 2],
      ['Akbar ruled from Delhi only.', 2, 1],
    ]);
  });

  it('answers 404 for a topic that does not exist', async () => {
    const res = await dropoff('no-such-topic');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Topic not found.');
  });
});
