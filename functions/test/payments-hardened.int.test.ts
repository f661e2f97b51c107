import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, inject } from 'vitest';
import { api, newLearner, routePath } from './api.ts';
import {
  ADMIN_DATA,
  LEARNER_DATA,
  shopCatalogue,
  paymentsInProcess,
  reprice,
  signedInAdmin,
  signed,
  unique,
} from './fixtures.ts';

const call = api();
const stack = inject('stack');
const admin = signedInAdmin(call);

const learner = (name = 'Buyer One') => newLearner(call, name);
type Learner = Awaited<ReturnType<typeof learner>>;
const shop = () => shopCatalogue(admin.post);

describe('payments hardened (issue 12: findings 8, 9, 18, 20)', () => {
  const addToCart = (me: Learner, subject_id: string) =>
    call('POST', `${LEARNER_DATA}/insertUSER_CART`, { token: me.token, body: { subject_id } });
  const checkout = (me: Learner) =>
    call('POST', `${LEARNER_DATA}/processPayment`, { token: me.token, body: {} });
  const payOrder = async (orderId: string) =>
    (await call('POST', routePath('local.razorpay.pay'), { body: { order_id: orderId } })).body;
  const report = (me: Learner, paid: unknown) =>
    call('POST', `${LEARNER_DATA}/insertpayment_hsitory`, { token: me.token, body: paid });
  const cartIdOf = async (me: Learner, subjectId: string) =>
    (await call('GET', `${LEARNER_DATA}/getUSER_CART`, { token: me.token })).body.data.find(
      (i: { subject_id: string }) => i.subject_id === subjectId,
    ).cart_id as string;

  /** Three open orders of different carts: physics, then physics and biology, then biology. */
  const threeOpenOrders = async (me: Learner, s: Awaited<ReturnType<typeof shop>>) => {
    await addToCart(me, s.physics.subject_id);
    const physics = (await checkout(me)).body.data;
    await addToCart(me, s.biology.subject_id);
    const both = (await checkout(me)).body.data;
    const cartId = await cartIdOf(me, s.physics.subject_id);
    await call('DELETE', `${LEARNER_DATA}/deleteUSER_CART/${cartId}`, { token: me.token });
    const biology = (await checkout(me)).body.data;
    return { physics, both, biology };
  };

  it('hands out the same order for an unchanged cart, even to two checkouts at once (finding 9)', async () => {
    const s = await shop();
    const me = await learner();
    await addToCart(me, s.physics.subject_id);
    const first = await checkout(me);
    expect(first.status).toBe(200);
    const again = await checkout(me);
    const together = await Promise.all([checkout(me), checkout(me)]);
    expect([again, ...together].map((r) => r.body.data.order_id as string)).toEqual(
      Array(3).fill(first.body.data.order_id),
    );

    await addToCart(me, s.biology.subject_id);
    const bigger = (await checkout(me)).body.data;
    expect(bigger.order_id).not.toBe(first.body.data.order_id);
    expect(bigger.amount).toBe(45050);
  });

  it('keeps at most 3 open orders per learner: a 4th different cart is refused until one is paid (finding 8)', async () => {
    const s = await shop();
    const me = await learner();
    const { physics: one, both: two, biology: three } = await threeOpenOrders(me, s);
    expect(new Set([one.order_id, two.order_id, three.order_id]).size).toBe(3);

    await addToCart(me, s.physics.subject_id);
    await reprice(admin.post, s.biology, 160);
    const fourth = await checkout(me);
    expect(fourth).toMatchObject({
      status: 429,
      body: {
        code: 'RATE_LIMITED',
        message:
          'You have too many unfinished checkouts. Please complete a payment or try again later.',
      },
    });
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);

    // Paying an open order frees its place.
    await report(me, await payOrder(three.order_id));
    const other = await learner();
    const extra = await admin.post('insertSubjects', {
      subject_name: unique('Chemistry'),
      class_id: s.cls.class_id,
      price: 99,
    });
    await addToCart(other, extra.subject_id);
    expect((await checkout(other)).status).toBe(200);
    await addToCart(me, extra.subject_id);
    expect((await checkout(me)).status).toBe(200);
  });

  it('records a payment for subjects already owned as a duplicate to refund, never a second grant (finding 9)', async () => {
    const s = await shop();
    const me = await learner();
    const { physics: physicsOnly, both, biology: biologyOnly } = await threeOpenOrders(me, s);

    const first = await payOrder(physicsOnly.order_id);
    expect((await report(me, first)).body.message).toBe('Payment successful. Cart cleared.');
    const partly = await payOrder(both.order_id);
    expect((await report(me, partly)).body.message).toBe('Payment successful. Cart cleared.');
    const wholly = await payOrder(biologyOnly.order_id);
    expect(await report(me, wholly)).toMatchObject({
      status: 200,
      body: { message: 'Payment received for subjects you already own. It will be refunded.' },
    });
    // A second payment captured for an order already paid is a duplicate too.
    const twice = await payOrder(physicsOnly.order_id);
    expect((await report(me, twice)).body.message).toBe(
      'Payment received for subjects you already own. It will be refunded.',
    );
    expect((await report(me, twice)).status).toBe(200);

    const owned = (await call('GET', `${LEARNER_DATA}/getsubjects_purchased`, { token: me.token }))
      .body.data;
    expect(owned.map((o: { subject_id: string }) => o.subject_id).sort()).toEqual(
      [s.physics.subject_id, s.biology.subject_id].sort(),
    );
    const history = (await call('GET', `${LEARNER_DATA}/getpayment_history`, { token: me.token }))
      .body.data;
    const byPayment = (p: { razorpay_payment_id: string }) =>
      history.find((h: { transaction_id: string }) => h.transaction_id === p.razorpay_payment_id);
    expect(history).toHaveLength(4);
    expect(byPayment(first)).toMatchObject({
      payment_status: 'captured',
      payment_amount: 300,
      subjects: [expect.objectContaining({ subject_id: s.physics.subject_id })],
    });
    expect(byPayment(first).duplicate).toBeUndefined();
    expect(byPayment(partly)).toMatchObject({
      payment_status: 'captured',
      payment_amount: 450.5,
      subjects: [expect.objectContaining({ subject_id: s.biology.subject_id })],
      duplicate: true,
      duplicate_subjects: [expect.objectContaining({ subject_id: s.physics.subject_id })],
      refund_amount: 300,
    });
    expect(byPayment(wholly)).toMatchObject({
      payment_status: 'duplicate',
      subjects: [],
      duplicate: true,
      refund_amount: 150.5,
    });
    expect(byPayment(twice)).toMatchObject({ payment_status: 'duplicate', refund_amount: 300 });

    const d = await paymentsInProcess();
    // Each grant still names the order that first paid for it.
    expect(await d.getItem(d.keys.grant(me.userId, s.physics.subject_id))).toMatchObject({
      order_id: physicsOnly.order_id,
    });
    expect(await d.getOrder(both.order_id)).toMatchObject({
      status: 'paid',
      refund_amount: 300,
      duplicate_subjects: [expect.objectContaining({ subject_id: s.physics.subject_id })],
    });
    expect(await d.getOrder(physicsOnly.order_id)).toMatchObject({
      payment_id: first.razorpay_payment_id,
      duplicate_payments: [twice.razorpay_payment_id],
      refund_amount: 300,
    });
  });

  it('grants a subject once when two orders containing it are paid at the same moment (finding 9)', async () => {
    const s = await shop();
    const me = await learner();
    await addToCart(me, s.physics.subject_id);
    const physicsOnly = (await checkout(me)).body.data;
    await addToCart(me, s.biology.subject_id);
    const both = (await checkout(me)).body.data;
    const payments = [await payOrder(physicsOnly.order_id), await payOrder(both.order_id)];

    const answers = await Promise.all(payments.map((p) => report(me, p)));

    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const owned = (await call('GET', `${LEARNER_DATA}/getsubjects_purchased`, { token: me.token }))
      .body.data;
    expect(owned).toHaveLength(2);
    const history = (await call('GET', `${LEARNER_DATA}/getpayment_history`, { token: me.token }))
      .body.data;
    const grantedPhysics = history.filter((h: { subjects: { subject_id: string }[] }) =>
      h.subjects.some((x) => x.subject_id === s.physics.subject_id),
    );
    const flaggedPhysics = history.filter((h: { duplicate_subjects?: { subject_id: string }[] }) =>
      h.duplicate_subjects?.some((x) => x.subject_id === s.physics.subject_id),
    );
    expect([grantedPhysics.length, flaggedPhysics.length]).toEqual([1, 1]);
  });

  it('refuses a total under ₹1 with 400 before any order is made, and sub-rupee prices (finding 18)', async () => {
    const s = await shop();
    for (const price of ['0.004', 0.5, '1.005']) {
      const res = await call('POST', `${ADMIN_DATA}/insertSubjects`, {
        token: admin.token,
        body: { subject_name: unique('Cheap'), class_id: s.cls.class_id, price },
      });
      expect(res).toMatchObject({
        status: 400,
        body: { message: 'Price must be 0 (free) or at least ₹1, with at most 2 decimals.' },
      });
    }
    // A price stored before the rule (or written around it) is still never charged.
    const me = await learner();
    await addToCart(me, s.biology.subject_id);
    const d = await paymentsInProcess();
    await d.ddb.send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: { pk: `SUBJECT#${s.biology.subject_id}`, sk: 'SUBJECT' },
        UpdateExpression: 'SET subject_price = :p',
        ExpressionAttributeValues: { ':p': 0.004 },
      }),
    );
    expect(await checkout(me)).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'The total must be at least ₹1 to pay online.' },
    });
  });

  it('grants the retry of a webhook whose first grant failed after it arrived (finding 20, fault gap)', async () => {
    const s = await shop();
    const me = await learner();
    await addToCart(me, s.physics.subject_id);
    const order = (await checkout(me)).body.data;
    const paid = await payOrder(order.order_id);
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: { id: paid.razorpay_payment_id, order_id: order.order_id, status: 'captured' },
        },
      },
    });
    const signature = signed('local_webhook_secret', body);
    const d = await paymentsInProcess();
    let failures = 0;
    // The storage refuses the first write of the grant (throttling that outlasts the SDK's
    // retries, or a timeout), as it can after the event was seen.
    d.ddb.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName?.startsWith('TransactWrite') && failures === 0) {
          failures++;
          throw Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
            name: 'ThrottlingException',
          });
        }
        return next(args);
      },
      { step: 'initialize', name: 'failTheFirstGrant' },
    );
    try {
      const eventId = `evt_${order.order_id}`;
      await expect(d.handleWebhook(body, signature, eventId)).rejects.toThrow();
      expect(failures).toBe(1);
      expect(
        (await call('GET', `${LEARNER_DATA}/getsubjects_purchased`, { token: me.token })).body.data,
      ).toEqual([]);

      expect(await d.handleWebhook(body, signature, eventId)).toBe('Event processed.');
      expect(
        (await call('GET', `${LEARNER_DATA}/getsubjects_purchased`, { token: me.token })).body.data,
      ).toHaveLength(1);
      expect(await d.handleWebhook(body, signature, eventId)).toBe('Event processed.');
      expect(
        (await call('GET', `${LEARNER_DATA}/getpayment_history`, { token: me.token })).body.data,
      ).toHaveLength(1);
    } finally {
      d.ddb.middlewareStack.remove('failTheFirstGrant');
    }
  });

  it('checks every due order, so one paid last among 110 unpaid is granted at once; unpaid ones expire after an hour (finding 8)', async () => {
    const d = await paymentsInProcess();
    const now = Date.now();
    const crowd = Array.from({ length: 110 }, (_, n) => ({
      order_id: `order_crowd_${now.toString(36)}_${n}`,
      user_id: `crowd-${now.toString(36)}-${n}`,
    }));
    const putCrowdOrder = (o: (typeof crowd)[number]) =>
      d.putOrder(
        {
          ...o,
          amount: 10000,
          currency: 'INR',
          items: [{ subject_id: 'x', subject_name: 'X', subject_price: 100 }],
          status: 'created',
          created_at: new Date(now - 10 * 60_000).toISOString(),
          expires_at: new Date(now + 50 * 60_000).toISOString(),
          cart_key: 'crowd',
          slot: 0,
        },
        new Date(now + 5 * 60_000).toISOString(),
      );
    for (let n = 0; n < crowd.length; n += 10)
      await Promise.all(crowd.slice(n, n + 10).map(putCrowdOrder));

    const s = await shop();
    const victim = await learner();
    await addToCart(victim, s.biology.subject_id);
    const order = (await checkout(victim)).body.data;
    await payOrder(order.order_id); // paid, but neither the browser nor a webhook reports it

    const first = await d.reconcileUnpaidOrders(new Date(now + 16 * 60_000));
    expect(first.checked).toBeGreaterThanOrEqual(111);
    expect(
      (await call('GET', `${LEARNER_DATA}/getsubjects_purchased`, { token: victim.token })).body
        .data,
    ).toHaveLength(1);
    // Every checked order waits before its next check (back-off): none is due again at once.
    expect((await d.reconcileUnpaidOrders(new Date(now + 16 * 60_000))).checked).toBe(0);

    const later = await d.reconcileUnpaidOrders(new Date(now + 61 * 60_000));
    expect(later.expired).toBeGreaterThanOrEqual(110);
    expect(await d.getOrder(crowd[0]!.order_id)).toMatchObject({ status: 'expired' });
    expect(await d.getOrder(order.order_id)).toMatchObject({ status: 'paid' });
  }, 120_000); // about 700 requests to the local table: slow on a loaded machine
});
