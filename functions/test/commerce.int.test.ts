import { createHmac } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import { api, buySubjects, newLearner, routePath } from './api.ts';
import {
  ADMIN_DATA,
  LEARNER_DATA,
  USERS_DATA,
  signInAdmin,
  smallCatalogue,
  unique,
  type AdminPost,
} from './fixtures.ts';

const call = api();
const stack = inject('stack');
let admin: string;
let adminPost: AdminPost;

const learner = (name = 'Buyer One') => newLearner(call, name);
type Learner = Awaited<ReturnType<typeof learner>>;

/** A class with two paid subjects (₹300, ₹150.50), a free subject, and a paid topic. */
async function shop() {
  const { board, cls, subjects, chapter } = await smallCatalogue(adminPost, {
    board: 'Shop Board',
    class: { class_name: 'Class 8', price: 500 },
    subjects: {
      physics: { subject_name: unique('Physics'), price: 300 },
      biology: { subject_name: unique('Biology'), price: '150.50' },
      free: { subject_name: 'Free Art', price: 0, free_course: true },
    },
    chapter: { of: 'physics', chapter_name: 'Motion', serial_no: 1, description: 'd' },
    topics: {
      speed: {
        topic_name: 'Speed',
        author: 'A',
        free_to_watch: '2',
        video_url: '/media/private/videos/x.mp4',
      },
    },
  });
  return { board, cls, ...subjects, chapter };
}

const signed = (secret: string, data: string) =>
  createHmac('sha256', secret).update(data).digest('hex');

beforeAll(async () => {
  ({ token: admin, post: adminPost } = await signInAdmin(call));
});

describe('the cart', () => {
  let s: Awaited<ReturnType<typeof shop>>;
  let me: Learner;
  const add = (who: Learner, subject_id: string) =>
    call('POST', `${LEARNER_DATA}/insertUSER_CART`, { token: who.token, body: { subject_id } });
  const cart = async (who: Learner) =>
    (await call('GET', `${LEARNER_DATA}/getUSER_CART`, { token: who.token })).body;

  beforeEach(async () => {
    s = await shop();
    me = await learner();
  });

  it('adds a paid subject', async () => {
    const res = await add(me, s.physics.subject_id);

    expect(res).toMatchObject({ status: 201, body: { message: 'Added Successfully' } });
  });

  it('refuses a subject already in the cart with 409', async () => {
    await add(me, s.physics.subject_id);

    const res = await add(me, s.physics.subject_id);

    expect(res).toMatchObject({ status: 409, body: { message: 'Already in your cart.' } });
  });

  it('refuses a free subject with 409', async () => {
    const res = await add(me, s.free.subject_id);

    expect(res).toMatchObject({ status: 409, body: { message: 'This subject is free.' } });
  });

  it('answers 404 for a subject that does not exist', async () => {
    const res = await add(me, 'no-such-subject');

    expect(res.status).toBe(404);
  });

  it('lists its items with their class and board names and totals their prices', async () => {
    await add(me, s.physics.subject_id);
    await add(me, s.biology.subject_id);

    const body = await cart(me);

    expect(body.total).toBe(450.5);
    expect(body.data[0]).toMatchObject({
      subject_name: s.physics.subject_name,
      subject_price: 300,
      class_name: 'Class 8',
      board_name: s.board.board_name,
      added_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('totals the current prices after an admin changes one', async () => {
    await add(me, s.physics.subject_id);
    await add(me, s.biology.subject_id);

    await adminPost('updateSubjects', {
      subject_id: s.physics.subject_id,
      subject_name: s.physics.subject_name,
      class_id: s.cls.class_id,
      price: 350,
    });

    expect((await cart(me)).total).toBe(500.5);
  });

  it('refuses to remove another learner’s item with 404', async () => {
    await add(me, s.physics.subject_id);
    const cartId = (await cart(me)).data[0].cart_id;
    const other = await learner();

    const res = await call('DELETE', `${LEARNER_DATA}/deleteUSER_CART/${cartId}`, {
      token: other.token,
    });

    expect(res.status).toBe(404);
  });

  it('removes an item, keeping the others', async () => {
    await add(me, s.physics.subject_id);
    await add(me, s.biology.subject_id);
    const cartId = (await cart(me)).data[1].cart_id;

    const res = await call('DELETE', `${LEARNER_DATA}/deleteUSER_CART/${cartId}`, {
      token: me.token,
    });

    expect(res).toMatchObject({ status: 200, body: { message: 'Item removed successfully.' } });
    expect((await cart(me)).data).toHaveLength(1);
  });

  it('refuses another learner’s user_id with 403 and admin tokens with 403', async () => {
    expect(
      (await call('GET', `${LEARNER_DATA}/getUSER_CART?user_id=someone-else`, { token: me.token }))
        .status,
    ).toBe(403);
    expect(
      (await call('GET', `${LEARNER_DATA}/getUSER_CART?user_id=${me.userId}`, { token: me.token }))
        .status,
    ).toBe(200);
    expect((await call('GET', `${LEARNER_DATA}/getUSER_CART`, { token: admin })).status).toBe(403);
  });
});

describe('paying for the cart', () => {
  /** A learner with physics and biology in the cart, an order and its payment at the gateway. */
  async function checkout() {
    const s = await shop();
    const me = await learner();
    for (const subject_id of [s.physics.subject_id, s.biology.subject_id]) {
      await call('POST', `${LEARNER_DATA}/insertUSER_CART`, {
        token: me.token,
        body: { subject_id },
      });
    }
    // The client's amount is ignored: the order is for the cart's total.
    const order = await call('POST', `${LEARNER_DATA}/processPayment`, {
      token: me.token,
      body: { amount: 1 },
    });
    const paid = (
      await call('POST', routePath('local.razorpay.pay'), {
        body: { order_id: order.body.data.order_id },
      })
    ).body;
    return { s, me, order, paid };
  }

  it('refuses to make an order for an empty cart', async () => {
    const me = await learner();

    const res = await call('POST', `${LEARNER_DATA}/processPayment`, { token: me.token, body: {} });

    expect(res.body.message).toBe('Your cart is empty or the total amount is invalid.');
  });

  it('refuses a report whose signature does not match, and grants nothing', async () => {
    const { me, paid } = await checkout();

    const bad = await call('POST', `${LEARNER_DATA}/insertpayment_hsitory`, {
      token: me.token,
      body: {
        ...paid,
        razorpay_signature: paid.razorpay_signature.replace(/^./, (c: string) =>
          c === 'a' ? 'b' : 'a',
        ),
      },
    });

    expect(bad).toMatchObject({ status: 400, body: { message: 'Payment verification failed.' } });
    expect(
      (await call('GET', `${LEARNER_DATA}/getsubjects_purchased`, { token: me.token })).body.data,
    ).toEqual([]);
  });

  describe('once the learner reports the payment (twice)', () => {
    let given: Awaited<ReturnType<typeof checkout>>;
    let ok: Awaited<ReturnType<typeof call>>;
    let again: Awaited<ReturnType<typeof call>>;
    const get = async (route: string) =>
      (await call('GET', `${LEARNER_DATA}/${route}`, { token: given.me.token })).body;

    beforeAll(async () => {
      given = await checkout();

      ok = await call('POST', `${LEARNER_DATA}/insertpayment_hsitory`, {
        token: given.me.token,
        body: given.paid,
      });
      again = await call('POST', `${LEARNER_DATA}/insertpayment_history`, {
        token: given.me.token,
        body: given.paid,
      });
    });

    it('charged the cart total in paise, never the client’s amount', () => {
      expect(given.order.status).toBe(200);
      expect(given.order.body.data).toMatchObject({
        amount: 45050,
        currency: 'INR',
        key_id: 'rzp_test_local',
      });
    });

    it('was signed by the local gateway with the key secret', () => {
      const { paid } = given;

      expect(paid.razorpay_signature).toBe(
        signed('local_key_secret', `${paid.razorpay_order_id}|${paid.razorpay_payment_id}`),
      );
    });

    it('answers the report with success, and a repeated report through the alias with 200', () => {
      expect(ok).toMatchObject({
        status: 200,
        body: { message: 'Payment successful. Cart cleared.' },
      });
      expect(again.status).toBe(200);
    });

    it('clears the cart', async () => {
      expect(await get('getUSER_CART')).toMatchObject({ data: [], total: 0 });
    });

    it('grants both subjects', async () => {
      const owned = (await get('getsubjects_purchased')).data;

      expect(owned.map((o: { subject_id: string }) => o.subject_id).sort()).toEqual(
        [given.s.physics.subject_id, given.s.biology.subject_id].sort(),
      );
    });

    it('writes one payment history row, however often it was reported', async () => {
      const history = (await get('getpayment_history')).data;

      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({
        payment_amount: 450.5,
        payment_status: 'captured',
        transaction_id: given.paid.razorpay_payment_id,
      });
    });

    it('lists the class of the bought subjects among the purchased classes', async () => {
      const classes = (await get('getUserClassPurchased')).data;

      expect(classes[0]).toMatchObject({ class_name: 'Class 8', class_price: 500 });
    });

    it('unlocks the paid topics', async () => {
      const topics = (await get(`getTopics?chapter_id=${given.s.chapter.chapter_id}`)).data;

      expect(topics[0].locked).toBe(false);
    });

    it('refuses to put an owned subject in the cart again', async () => {
      const res = await call('POST', `${LEARNER_DATA}/insertUSER_CART`, {
        token: given.me.token,
        body: { subject_id: given.s.physics.subject_id },
      });

      expect(res.body.message).toBe('You already own this subject.');
    });
  });

  it('grants through the webhook when the browser never reports, exactly once for repeated deliveries', async () => {
    const s = await shop();
    const me = await learner();
    await call('POST', `${LEARNER_DATA}/insertUSER_CART`, {
      token: me.token,
      body: { subject_id: s.physics.subject_id },
    });
    const order = (
      await call('POST', `${LEARNER_DATA}/processPayment`, { token: me.token, body: {} })
    ).body.data;
    const paid = (
      await call('POST', routePath('local.razorpay.pay'), { body: { order_id: order.order_id } })
    ).body;
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: paid.razorpay_payment_id,
            order_id: order.order_id,
            status: 'captured',
            amount: order.amount,
          },
        },
      },
    });
    const deliver = (signature: string, eventId: string) =>
      fetch(`${stack.url}${routePath('payments.webhook')}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signature,
          'x-razorpay-event-id': eventId,
        },
        body,
      });
    expect((await deliver(signed('wrong', body), 'evt_bad')).status).toBe(400);
    expect(
      (await call('GET', `${LEARNER_DATA}/getsubjects_purchased`, { token: me.token })).body.data,
    ).toEqual([]);

    const good = signed('local_webhook_secret', body);
    const results = await Promise.all([
      deliver(good, 'evt_1'),
      deliver(good, 'evt_1'),
      deliver(good, 'evt_2'),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    await call('POST', `${LEARNER_DATA}/insertpayment_hsitory`, { token: me.token, body: paid });
    expect(
      (await call('GET', `${LEARNER_DATA}/getpayment_history`, { token: me.token })).body.data,
    ).toHaveLength(1);
    expect(
      (await call('GET', `${LEARNER_DATA}/getsubjects_purchased`, { token: me.token })).body.data,
    ).toHaveLength(1);
    expect(
      (await call('GET', `${LEARNER_DATA}/getUSER_CART`, { token: me.token })).body.data,
    ).toEqual([]);
  });

  it('does not let a learner record someone else’s order', async () => {
    const s = await shop();
    const me = await learner();
    const thief = await learner();
    await call('POST', `${LEARNER_DATA}/insertUSER_CART`, {
      token: me.token,
      body: { subject_id: s.physics.subject_id },
    });
    const order = (
      await call('POST', `${LEARNER_DATA}/processPayment`, { token: me.token, body: {} })
    ).body.data;
    const paid = (
      await call('POST', routePath('local.razorpay.pay'), { body: { order_id: order.order_id } })
    ).body;
    expect(
      (
        await call('POST', `${LEARNER_DATA}/insertpayment_hsitory`, {
          token: thief.token,
          body: paid,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('GET', `${LEARNER_DATA}/getsubjects_purchased`, { token: thief.token })).body
        .data,
    ).toEqual([]);
  });

  it('reconciles an order paid at the gateway but never reported', async () => {
    const s = await shop();
    const me = await learner();
    await call('POST', `${LEARNER_DATA}/insertUSER_CART`, {
      token: me.token,
      body: { subject_id: s.biology.subject_id },
    });
    const order = (
      await call('POST', `${LEARNER_DATA}/processPayment`, { token: me.token, body: {} })
    ).body.data;
    await call('POST', routePath('local.razorpay.pay'), { body: { order_id: order.order_id } });
    Object.assign(process.env, stack.env);
    const { reconcileUnpaidOrders } = await import('../src/payments/service.ts');
    const soon = await reconcileUnpaidOrders(new Date());
    expect(soon.granted).toBe(0);
    const later = await reconcileUnpaidOrders(new Date(Date.now() + 16 * 60_000));
    expect(later.granted).toBeGreaterThanOrEqual(1);
    expect(
      (await call('GET', `${LEARNER_DATA}/getsubjects_purchased`, { token: me.token })).body.data,
    ).toHaveLength(1);
  });
});

describe('payments hardened (issue 12: findings 8, 9, 18, 20)', () => {
  const addToCart = (me: Learner, subject_id: string) =>
    call('POST', `${LEARNER_DATA}/insertUSER_CART`, { token: me.token, body: { subject_id } });
  const checkout = (me: Learner) =>
    call('POST', `${LEARNER_DATA}/processPayment`, { token: me.token, body: {} });
  const payAtGateway = async (orderId: string) =>
    (await call('POST', routePath('local.razorpay.pay'), { body: { order_id: orderId } })).body;
  const report = (me: Learner, paid: unknown) =>
    call('POST', `${LEARNER_DATA}/insertpayment_hsitory`, { token: me.token, body: paid });
  const cartIdOf = async (me: Learner, subjectId: string) =>
    (await call('GET', `${LEARNER_DATA}/getUSER_CART`, { token: me.token })).body.data.find(
      (i: { subject_id: string }) => i.subject_id === subjectId,
    ).cart_id as string;
  /** The service modules, talking to the test stack's table from this process. */
  const direct = async () => {
    Object.assign(process.env, stack.env);
    return {
      ...(await import('../src/payments/service.ts')),
      ...(await import('../src/db/payments.ts')),
      ...(await import('../src/db/learner.ts')),
      ...(await import('../src/db/keys.ts')),
      ...(await import('../src/lib/dynamo.ts')),
    };
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
    await addToCart(me, s.physics.subject_id);
    const one = (await checkout(me)).body.data;
    await addToCart(me, s.biology.subject_id);
    const two = (await checkout(me)).body.data;
    await call(
      'DELETE',
      `${LEARNER_DATA}/deleteUSER_CART/${await cartIdOf(me, s.physics.subject_id)}`,
      {
        token: me.token,
      },
    );
    const three = (await checkout(me)).body.data;
    expect(new Set([one.order_id, two.order_id, three.order_id]).size).toBe(3);

    await addToCart(me, s.physics.subject_id);
    await adminPost('updateSubjects', {
      subject_id: s.biology.subject_id,
      subject_name: s.biology.subject_name,
      class_id: s.cls.class_id,
      price: 160,
    });
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
    await report(me, await payAtGateway(three.order_id));
    const other = await learner();
    const extra = await adminPost('insertSubjects', {
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
    await addToCart(me, s.physics.subject_id);
    const physicsOnly = (await checkout(me)).body.data;
    await addToCart(me, s.biology.subject_id);
    const both = (await checkout(me)).body.data;
    await call(
      'DELETE',
      `${LEARNER_DATA}/deleteUSER_CART/${await cartIdOf(me, s.physics.subject_id)}`,
      {
        token: me.token,
      },
    );
    const biologyOnly = (await checkout(me)).body.data;

    const first = await payAtGateway(physicsOnly.order_id);
    expect((await report(me, first)).body.message).toBe('Payment successful. Cart cleared.');
    const partly = await payAtGateway(both.order_id);
    expect((await report(me, partly)).body.message).toBe('Payment successful. Cart cleared.');
    const wholly = await payAtGateway(biologyOnly.order_id);
    expect(await report(me, wholly)).toMatchObject({
      status: 200,
      body: { message: 'Payment received for subjects you already own. It will be refunded.' },
    });
    // A second payment captured for an order already paid is a duplicate too.
    const twice = await payAtGateway(physicsOnly.order_id);
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

    const d = await direct();
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
    const payments = [await payAtGateway(physicsOnly.order_id), await payAtGateway(both.order_id)];

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
        token: admin,
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
    const d = await direct();
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
    const paid = await payAtGateway(order.order_id);
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: { id: paid.razorpay_payment_id, order_id: order.order_id, status: 'captured' },
        },
      },
    });
    const signature = signed('local_webhook_secret', body);
    const d = await direct();
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
    const d = await direct();
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
    await payAtGateway(order.order_id); // paid, but neither the browser nor a webhook reports it

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

describe('favourites', () => {
  it('adds a subject once, lists it with names, removes it with the subject’s name', async () => {
    const s = await shop();
    const me = await learner();
    const first = await call('POST', `${USERS_DATA}/insertuser_favorites`, {
      token: me.token,
      body: { subject_id: s.physics.subject_id },
    });
    expect(first.status).toBe(201);
    const second = await call('POST', `${USERS_DATA}/insertuser_favorites`, {
      token: me.token,
      body: { subject_id: s.physics.subject_id },
    });
    expect(second.status).toBe(200);
    expect(second.body.data.favorite_id).toBe(first.body.data.favorite_id);
    const list = (await call('GET', `${USERS_DATA}/getuser_favorites`, { token: me.token })).body
      .data;
    expect(list).toEqual([
      expect.objectContaining({
        favorite_id: first.body.data.favorite_id,
        subject_name: s.physics.subject_name,
        subject_price: 300,
        class_name: 'Class 8',
        board_name: s.board.board_name,
      }),
    ]);
    const other = await learner();
    expect(
      await call('DELETE', `${USERS_DATA}/deleteuser_favorites/${first.body.data.favorite_id}`, {
        token: other.token,
      }),
    ).toMatchObject({
      status: 404,
      body: { message: 'Favorite item not found.' },
    });
    expect(
      await call('DELETE', `${USERS_DATA}/deleteuser_favorites/${first.body.data.favorite_id}`, {
        token: me.token,
      }),
    ).toMatchObject({
      status: 200,
      body: { message: `${s.physics.subject_name} has been removed from favorites.` },
    });
    expect(
      (await call('GET', `${USERS_DATA}/getuser_favorites`, { token: me.token })).body.data,
    ).toEqual([]);
  });
});

describe('about-subject material', () => {
  it('is locked until the learner owns the subject, then signed', async () => {
    const s = await shop();
    const sub = await adminPost('insertSubSubjects', {
      sub_subject_name: 'Mechanics',
      subject_id: s.physics.subject_id,
      price: 10,
    });
    await adminPost('insertAboutSubjects', {
      sub_subject_id: sub.sub_subject_id,
      video_url: '/media/private/videos/intro.mp4',
      author: 'Asha',
    });
    const me = await learner();
    const before = (
      await call('GET', `${LEARNER_DATA}/getAboutSubjects?subject_id=${s.physics.subject_id}`, {
        token: me.token,
      })
    ).body.data;
    expect(before).toEqual([
      expect.objectContaining({
        author: 'Asha',
        sub_subject_name: 'Mechanics',
        video_url: null,
        locked: true,
      }),
    ]);
    await buySubjects(call, me.token, [s.physics.subject_id]);
    const after = (
      await call('GET', `${LEARNER_DATA}/getAboutSubjects?subject_id=${s.physics.subject_id}`, {
        token: me.token,
      })
    ).body.data;
    expect(after[0].locked).toBe(false);
    expect(after[0].video_url).toContain('X-Amz-Signature=');
  });
});
