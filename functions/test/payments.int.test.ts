import { beforeAll, describe, expect, it, inject } from 'vitest';
import { api, newLearner, payAtGateway, routePath } from './api.ts';
import { LEARNER_DATA, shopCatalogue, signedInAdmin, signed } from './fixtures.ts';

const call = api();
const stack = inject('stack');
const admin = signedInAdmin(call);

const learner = (name = 'Buyer One') => newLearner(call, name);
const shop = () => shopCatalogue(admin.post);

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

    it('answers the report with the cart as the payment left it, as getUSER_CART reads it', async () => {
      const { message: _message, ...read } = await get('getUSER_CART');

      expect(ok.body.cart).toEqual(read);
      expect(again.body.cart).toMatchObject({ data: [], total: 0 });
    });

    it('answers the report with the subjects owned now, as getsubjects_purchased reads them', async () => {
      const { data: owned } = await get('getsubjects_purchased');

      expect(owned).toHaveLength(2);
      expect(ok.body.purchases).toEqual(owned);
      expect(again.body.purchases).toEqual(owned);
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

    it('unlocks the paid topics (in the learner’s own part of the chapter)', async () => {
      const chapter = given.s.chapter.chapter_id;
      const [first] = (await get(`getTopics?chapter_id=${chapter}`)).data;
      const mine = (await get(`getMyCatalogueState?chapter_id=${chapter}`)).data;

      expect(
        mine.topics.find((t: { topic_id: string }) => t.topic_id === first.topic_id),
      ).toMatchObject({ locked: false });
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
    const { order, paid } = await payAtGateway(call, me.token, [s.physics.subject_id]);
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
    const { paid } = await payAtGateway(call, me.token, [s.physics.subject_id]);
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
    await payAtGateway(call, me.token, [s.biology.subject_id]);
    Object.assign(process.env, stack.env);
    const { reconcileUnpaidOrders } = await import('../src/payments/reconciliation.ts');
    const soon = await reconcileUnpaidOrders(new Date());
    expect(soon.granted).toBe(0);
    const later = await reconcileUnpaidOrders(new Date(Date.now() + 16 * 60_000));
    expect(later.granted).toBeGreaterThanOrEqual(1);
    expect(
      (await call('GET', `${LEARNER_DATA}/getsubjects_purchased`, { token: me.token })).body.data,
    ).toHaveLength(1);
  });
});
