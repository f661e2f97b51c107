import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it, inject } from 'vitest';
import { adminToken, api, buySubjects, newLearner } from '../../scripts/test/api.ts';

const call = api();
const stack = inject('stack');
const L = '/api/v1/classuser/data';
const U = '/api/v1/users/data';
const A = '/api/v1/classadmin/data';
let admin: string;

const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const adminPost = async (path: string, body: unknown) =>
  (await call('POST', `${A}/${path}`, { body, token: admin })).body.data;

const learner = (name = 'Buyer One') => newLearner(call, name);

/** A class with two paid subjects (₹300, ₹150.50), a free subject, and a paid topic. */
async function shop() {
  const board = await adminPost('insertBoards', { board_name: unique('Shop Board') });
  const cls = await adminPost('insertClasses', {
    class_name: 'Class 8',
    board_id: board.board_id,
    price: 500,
  });
  const physics = await adminPost('insertSubjects', {
    subject_name: unique('Physics'),
    class_id: cls.class_id,
    price: 300,
  });
  const biology = await adminPost('insertSubjects', {
    subject_name: unique('Biology'),
    class_id: cls.class_id,
    price: '150.50',
  });
  const free = await adminPost('insertSubjects', {
    subject_name: 'Free Art',
    class_id: cls.class_id,
    price: 0,
    free_course: true,
  });
  const chapter = await adminPost('insertChapters', {
    chapter_name: 'Motion',
    subject_id: physics.subject_id,
    serial_no: 1,
    description: 'd',
  });
  await adminPost('insertTopics', {
    chapter_id: chapter.chapter_id,
    topic_name: 'Speed',
    author: 'A',
    free_to_watch: '2',
    video_url: '/media/private/videos/x.mp4',
  });
  return { board, cls, physics, biology, free, chapter };
}

const signed = (secret: string, data: string) =>
  createHmac('sha256', secret).update(data).digest('hex');

beforeAll(async () => {
  admin = await adminToken(call);
});

describe('the cart', () => {
  it('adds subjects once, refuses free ones, totals current prices and removes items', async () => {
    const s = await shop();
    const me = await learner();
    const add = (subject_id: string) =>
      call('POST', `${L}/insertUSER_CART`, { token: me.token, body: { subject_id } });
    expect(await add(s.physics.subject_id)).toMatchObject({
      status: 201,
      body: { message: 'Added Successfully' },
    });
    expect(await add(s.physics.subject_id)).toMatchObject({
      status: 409,
      body: { message: 'Already in your cart.' },
    });
    expect(await add(s.free.subject_id)).toMatchObject({
      status: 409,
      body: { message: 'This subject is free.' },
    });
    expect((await add('no-such-subject')).status).toBe(404);
    await add(s.biology.subject_id);

    const cart = await call('GET', `${L}/getUSER_CART`, { token: me.token });
    expect(cart.body.total).toBe(450.5);
    expect(cart.body.data[0]).toMatchObject({
      subject_name: s.physics.subject_name,
      subject_price: 300,
      class_name: 'Class 8',
      board_name: s.board.board_name,
      added_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    await adminPost('updateSubjects', {
      subject_id: s.physics.subject_id,
      subject_name: s.physics.subject_name,
      class_id: s.cls.class_id,
      price: 350,
    });
    expect((await call('GET', `${L}/getUSER_CART`, { token: me.token })).body.total).toBe(500.5);

    const cartId = cart.body.data[1].cart_id;
    const other = await learner();
    expect(
      (await call('DELETE', `${L}/deleteUSER_CART/${cartId}`, { token: other.token })).status,
    ).toBe(404);
    expect(
      await call('DELETE', `${L}/deleteUSER_CART/${cartId}`, { token: me.token }),
    ).toMatchObject({
      status: 200,
      body: { message: 'Item removed successfully.' },
    });
    expect((await call('GET', `${L}/getUSER_CART`, { token: me.token })).body.data).toHaveLength(1);
  });

  it('refuses another learner’s user_id with 403 and admin tokens with 403', async () => {
    const me = await learner();
    expect(
      (await call('GET', `${L}/getUSER_CART?user_id=someone-else`, { token: me.token })).status,
    ).toBe(403);
    expect(
      (await call('GET', `${L}/getUSER_CART?user_id=${me.userId}`, { token: me.token })).status,
    ).toBe(200);
    expect((await call('GET', `${L}/getUSER_CART`, { token: admin })).status).toBe(403);
  });
});

describe('paying for the cart', () => {
  it('charges the cart total (never a client amount), grants the subjects once and clears the cart', async () => {
    const s = await shop();
    const me = await learner();
    expect(
      (await call('POST', `${L}/processPayment`, { token: me.token, body: {} })).body.message,
    ).toBe('Your cart is empty or the total amount is invalid.');
    for (const subject_id of [s.physics.subject_id, s.biology.subject_id]) {
      await call('POST', `${L}/insertUSER_CART`, { token: me.token, body: { subject_id } });
    }
    const order = await call('POST', `${L}/processPayment`, {
      token: me.token,
      body: { amount: 1 },
    });
    expect(order.status).toBe(200);
    expect(order.body.data).toMatchObject({
      amount: 45050,
      currency: 'INR',
      key_id: 'rzp_test_local',
    });

    const paid = (
      await call('POST', '/api/local/razorpay/pay', {
        body: { order_id: order.body.data.order_id },
      })
    ).body;
    expect(paid.razorpay_signature).toBe(
      signed('local_key_secret', `${paid.razorpay_order_id}|${paid.razorpay_payment_id}`),
    );

    const bad = await call('POST', `${L}/insertpayment_hsitory`, {
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
      (await call('GET', `${L}/getsubjects_purchased`, { token: me.token })).body.data,
    ).toEqual([]);

    const ok = await call('POST', `${L}/insertpayment_hsitory`, { token: me.token, body: paid });
    expect(ok).toMatchObject({
      status: 200,
      body: { message: 'Payment successful. Cart cleared.' },
    });
    const again = await call('POST', `${L}/insertpayment_history`, { token: me.token, body: paid });
    expect(again.status).toBe(200);

    expect((await call('GET', `${L}/getUSER_CART`, { token: me.token })).body).toMatchObject({
      data: [],
      total: 0,
    });
    const owned = (await call('GET', `${L}/getsubjects_purchased`, { token: me.token })).body.data;
    expect(owned.map((o: { subject_id: string }) => o.subject_id).sort()).toEqual(
      [s.physics.subject_id, s.biology.subject_id].sort(),
    );
    const history = (await call('GET', `${L}/getpayment_history`, { token: me.token })).body.data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      payment_amount: 450.5,
      payment_status: 'captured',
      transaction_id: paid.razorpay_payment_id,
    });
    const classes = (await call('GET', `${L}/getUserClassPurchased`, { token: me.token })).body
      .data;
    expect(classes[0]).toMatchObject({ class_name: 'Class 8', class_price: 500 });

    const topics = (
      await call('GET', `${L}/getTopics?chapter_id=${s.chapter.chapter_id}`, { token: me.token })
    ).body.data;
    expect(topics[0].locked).toBe(false);
    expect(
      (
        await call('POST', `${L}/insertUSER_CART`, {
          token: me.token,
          body: { subject_id: s.physics.subject_id },
        })
      ).body.message,
    ).toBe('You already own this subject.');
  });

  it('grants through the webhook when the browser never reports, exactly once for repeated deliveries', async () => {
    const s = await shop();
    const me = await learner();
    await call('POST', `${L}/insertUSER_CART`, {
      token: me.token,
      body: { subject_id: s.physics.subject_id },
    });
    const order = (await call('POST', `${L}/processPayment`, { token: me.token, body: {} })).body
      .data;
    const paid = (
      await call('POST', '/api/local/razorpay/pay', { body: { order_id: order.order_id } })
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
      fetch(`${stack.url}/api/v1/payments/webhook`, {
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
      (await call('GET', `${L}/getsubjects_purchased`, { token: me.token })).body.data,
    ).toEqual([]);

    const good = signed('local_webhook_secret', body);
    const results = await Promise.all([
      deliver(good, 'evt_1'),
      deliver(good, 'evt_1'),
      deliver(good, 'evt_2'),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    await call('POST', `${L}/insertpayment_hsitory`, { token: me.token, body: paid });
    expect(
      (await call('GET', `${L}/getpayment_history`, { token: me.token })).body.data,
    ).toHaveLength(1);
    expect(
      (await call('GET', `${L}/getsubjects_purchased`, { token: me.token })).body.data,
    ).toHaveLength(1);
    expect((await call('GET', `${L}/getUSER_CART`, { token: me.token })).body.data).toEqual([]);
  });

  it('does not let a learner record someone else’s order', async () => {
    const s = await shop();
    const me = await learner();
    const thief = await learner();
    await call('POST', `${L}/insertUSER_CART`, {
      token: me.token,
      body: { subject_id: s.physics.subject_id },
    });
    const order = (await call('POST', `${L}/processPayment`, { token: me.token, body: {} })).body
      .data;
    const paid = (
      await call('POST', '/api/local/razorpay/pay', { body: { order_id: order.order_id } })
    ).body;
    expect(
      (await call('POST', `${L}/insertpayment_hsitory`, { token: thief.token, body: paid })).status,
    ).toBe(404);
    expect(
      (await call('GET', `${L}/getsubjects_purchased`, { token: thief.token })).body.data,
    ).toEqual([]);
  });

  it('reconciles an order paid at the gateway but never reported', async () => {
    const s = await shop();
    const me = await learner();
    await call('POST', `${L}/insertUSER_CART`, {
      token: me.token,
      body: { subject_id: s.biology.subject_id },
    });
    const order = (await call('POST', `${L}/processPayment`, { token: me.token, body: {} })).body
      .data;
    await call('POST', '/api/local/razorpay/pay', { body: { order_id: order.order_id } });
    Object.assign(process.env, stack.env);
    const { reconcileUnpaidOrders } = await import('../src/payments/service.ts');
    const soon = await reconcileUnpaidOrders(new Date());
    expect(soon.granted).toBe(0);
    const later = await reconcileUnpaidOrders(new Date(Date.now() + 16 * 60_000));
    expect(later.granted).toBeGreaterThanOrEqual(1);
    expect(
      (await call('GET', `${L}/getsubjects_purchased`, { token: me.token })).body.data,
    ).toHaveLength(1);
  });
});

describe('favourites', () => {
  it('adds a subject once, lists it with names, removes it with the subject’s name', async () => {
    const s = await shop();
    const me = await learner();
    const first = await call('POST', `${U}/insertuser_favorites`, {
      token: me.token,
      body: { subject_id: s.physics.subject_id },
    });
    expect(first.status).toBe(201);
    const second = await call('POST', `${U}/insertuser_favorites`, {
      token: me.token,
      body: { subject_id: s.physics.subject_id },
    });
    expect(second.status).toBe(200);
    expect(second.body.data.favorite_id).toBe(first.body.data.favorite_id);
    const list = (await call('GET', `${U}/getuser_favorites`, { token: me.token })).body.data;
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
      await call('DELETE', `${U}/deleteuser_favorites/${first.body.data.favorite_id}`, {
        token: other.token,
      }),
    ).toMatchObject({
      status: 404,
      body: { message: 'Favorite item not found.' },
    });
    expect(
      await call('DELETE', `${U}/deleteuser_favorites/${first.body.data.favorite_id}`, {
        token: me.token,
      }),
    ).toMatchObject({
      status: 200,
      body: { message: `${s.physics.subject_name} has been removed from favorites.` },
    });
    expect((await call('GET', `${U}/getuser_favorites`, { token: me.token })).body.data).toEqual(
      [],
    );
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
      await call('GET', `${L}/getAboutSubjects?subject_id=${s.physics.subject_id}`, {
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
      await call('GET', `${L}/getAboutSubjects?subject_id=${s.physics.subject_id}`, {
        token: me.token,
      })
    ).body.data;
    expect(after[0].locked).toBe(false);
    expect(after[0].video_url).toContain('X-Amz-Signature=');
  });
});
