import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, inject } from 'vitest';
import { api, newLearner, routePath, tableClient } from './api.ts';
import { ADMIN_DATA, paymentsInProcess, shopCatalogue, signedInAdmin } from './fixtures.ts';

/*
 * Issue 18: a coupon on the cart, the cart priced by the one pricing rule (discount, GST split by
 * the buyer's state), the payment charging that total, and a coupon's uses counted exactly.
 */

const call = api();
const admin = signedInAdmin(call);
const db = tableClient();
const { tableName } = inject('stack');

/** The seller of every test: in Karnataka (29), 18% GST. The selling test saves the same. */
const SELLER = {
  legal_name: 'GIA School Private Limited',
  gstin: '29AABCG1234H1Z5',
  state: '29',
  address: 'MG Road, Bengaluru 560001',
};

const code = (label: string) =>
  `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

const addCoupon = async (body: Record<string, unknown>) => {
  const res = await admin.post('insertCoupons', {
    kind: 'percent',
    valid_from: '2026-01-01T00:00:00Z',
    valid_to: '2099-01-01T00:00:00Z',
    ...body,
  });
  return res as { code: string };
};

const couponItem = async (c: string) =>
  (
    await db.send(
      new GetCommand({ TableName: tableName, Key: { pk: `COUPON#${c}`, sk: 'COUPON' } }),
    )
  ).Item;

let shop: Awaited<ReturnType<typeof shopCatalogue>>;

beforeAll(async () => {
  await call('POST', `${ADMIN_DATA}/updateSellerSettings`, { token: admin.token, body: SELLER });
  shop = await shopCatalogue(admin.post);
});

/** A learner with physics (₹300) and biology (₹150.50) in the cart, in a state (or none). */
async function shopper(state?: string) {
  const me = await newLearner(call, 'Coupon Buyer');
  for (const subject_id of [shop.physics.subject_id, shop.biology.subject_id])
    await call('POST', routePath('cart.insert'), { token: me.token, body: { subject_id } });
  if (state)
    await call('POST', routePath('profile.updateState'), { token: me.token, body: { state } });
  return me;
}

const cart = async (token: string) => (await call('GET', routePath('cart.get'), { token })).body;
const apply = (token: string, c: string) =>
  call('POST', routePath('cart.applyCoupon'), { token, body: { code: c } });

describe('a coupon on the cart', () => {
  it('takes its discount off, with the GST inside the total split CGST + SGST for a Karnataka buyer', async () => {
    const c = (await addCoupon({ code: code('TEN'), percent: 10 })).code;
    const me = await shopper('29');

    const applied = await apply(me.token, c.toLowerCase());

    expect(applied.status).toBe(200);
    expect(applied.body.message).toBe('Coupon applied.');
    // 450.50 less 10% (45.05) = 405.45; the tax inside it at 18%: 405.45 - 343.60 = 61.85.
    expect(applied.body).toMatchObject({
      subtotal: 450.5,
      discount: 45.05,
      total: 405.45,
      tax: { cgst: 30.92, sgst: 30.93, igst: 0 },
      gst_rate_percent: 18,
      coupon: { code: c, discount: 45.05, problem: null },
      buyer_state: '29',
    });
    expect(await cart(me.token)).toMatchObject({ total: 405.45, coupon: { code: c } });

    const removed = await call('DELETE', routePath('cart.removeCoupon'), { token: me.token });
    expect(removed.body).toMatchObject({ message: 'Coupon removed.', total: 450.5, coupon: null });
  });

  it('puts the whole GST as IGST for a Delhi buyer', async () => {
    const me = await shopper('07');
    expect(await cart(me.token)).toMatchObject({
      total: 450.5,
      tax: { cgst: 0, sgst: 0, igst: 68.72 },
      buyer_state: '07',
    });
  });

  it('refuses a code that does not apply, with the reason, and keeps the cart as it was', async () => {
    const me = await shopper();
    const big = (await addCoupon({ code: code('BIG'), percent: 50, min_cart_paise: 100_000 })).code;
    const other = (await addCoupon({ code: code('ONLY'), percent: 50, subject_ids: ['nosuch'] }))
      .code;
    const off = (await addCoupon({ code: code('OFF'), percent: 50, enabled: false })).code;

    expect(await apply(me.token, 'NOSUCHCODE')).toMatchObject({
      status: 404,
      body: { message: 'This coupon code is not valid.' },
    });
    expect(await apply(me.token, big)).toMatchObject({
      status: 400,
      body: { message: 'Add more to your cart to use this coupon.' },
    });
    expect((await apply(me.token, other)).body.message).toBe(
      'This coupon does not apply to the subjects in your cart.',
    );
    expect((await apply(me.token, off)).body.message).toBe('This coupon is no longer available.');
    expect(await apply(me.token, '')).toMatchObject({ status: 400 });
    expect(await cart(me.token)).toMatchObject({ total: 450.5, coupon: null, buyer_state: null });
  });

  it('is charged, counted with the grant, and gone from the cart once paid', async () => {
    const c = (await addCoupon({ code: code('FLAT'), kind: 'flat', amount_paise: 5050 })).code;
    const me = await shopper();
    await apply(me.token, c);

    // The state is asked at checkout when the profile has none; the client's amount is ignored.
    const order = await call('POST', routePath('payments.process'), {
      token: me.token,
      body: { amount: 1, state: '07' },
    });
    expect(order.body.data.amount).toBe(40_000);
    expect((await couponItem(c))?.taken).toBe(1);
    const paid = (
      await call('POST', routePath('local.razorpay.pay'), {
        body: { order_id: order.body.data.order_id },
      })
    ).body;
    expect(
      (await call('POST', routePath('payments.record'), { token: me.token, body: paid })).status,
    ).toBe(200);

    expect(await couponItem(c)).toMatchObject({ uses: 1, taken: 1 });
    const [row] = (
      await call('GET', routePath('purchases.getpayment_history'), { token: me.token })
    ).body.data;
    expect(row).toMatchObject({
      payment_amount: 400,
      pricing: {
        subtotal: 45_050,
        discount: 5050,
        total: 40_000,
        tax: { cgst: 0, sgst: 0, igst: 6102 },
        coupon: { code: c },
      },
    });
    expect((await cart(me.token)).coupon).toBeNull();
    const profile = (await call('GET', routePath('profile.get'), { token: me.token })).body.data[0];
    expect(profile.state).toBe('07');
    // Used once, as it allows: the same learner is told so on their next cart.
    const more = await shopCatalogue(admin.post);
    await call('POST', routePath('cart.insert'), {
      token: me.token,
      body: { subject_id: more.physics.subject_id },
    });
    expect(await apply(me.token, c)).toMatchObject({
      status: 409,
      body: { message: 'You have already used this coupon.' },
    });
  });

  it('gives back an unpaid order’s reservation when the order expires', async () => {
    const c = (await addCoupon({ code: code('EXP'), percent: 5, max_uses: 1 })).code;
    const me = await shopper();
    await apply(me.token, c);
    const order = (await call('POST', routePath('payments.process'), { token: me.token, body: {} }))
      .body.data;
    expect(await couponItem(c)).toMatchObject({ taken: 1 });
    const other = await shopper();
    // The one use is reserved: the code does not go to a second learner meanwhile.
    await apply(other.token, c);
    expect(
      await call('POST', routePath('payments.process'), { token: other.token, body: {} }),
    ).toMatchObject({ status: 409, body: { message: 'This coupon has been fully redeemed.' } });

    const p = await paymentsInProcess();
    await p.expireOrder((await p.getOrder(order.order_id))!);

    expect(await couponItem(c)).toMatchObject({ taken: 0 });
    expect(
      (await call('POST', routePath('payments.process'), { token: other.token, body: {} })).status,
    ).toBe(200);
  });
});

describe('a coupon of 10 uses', () => {
  it('gives exactly 10 discounted orders to 50 learners checking out at once, and clear answers to the rest', async () => {
    const c = (await addCoupon({ code: code('RACE'), percent: 20, max_uses: 10 })).code;
    const learners: Awaited<ReturnType<typeof newLearner>>[] = [];
    for (let i = 0; i < 50; i += 10)
      learners.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, async () => {
            const me = await newLearner(call, 'Racer');
            await call('POST', routePath('cart.insert'), {
              token: me.token,
              body: { subject_id: shop.physics.subject_id },
            });
            expect((await apply(me.token, c)).status).toBe(200);
            return me;
          }),
        )),
      );

    const answers = await Promise.all(
      learners.map((me) =>
        call('POST', routePath('payments.process'), { token: me.token, body: {} }),
      ),
    );

    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(10);
    expect(won.every((a) => a.body.data.amount === 24_000)).toBe(true);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => [a.status, a.body.message])).toEqual(
      Array.from({ length: 40 }, () => [409, 'This coupon has been fully redeemed.']),
    );

    // Every winner pays (some twice over: browser and webhook alike): exactly 10 uses.
    await Promise.all(
      won.map(async (a, n) => {
        const me = learners[answers.indexOf(a)]!;
        const paid = (
          await call('POST', routePath('local.razorpay.pay'), {
            body: { order_id: a.body.data.order_id },
          })
        ).body;
        for (let i = 0; i <= n % 2; i++)
          await call('POST', routePath('payments.record'), { token: me.token, body: paid });
      }),
    );
    expect(await couponItem(c)).toMatchObject({ uses: 10, taken: 10 });
    const list = (await call('GET', `${ADMIN_DATA}/getCoupons`, { token: admin.token })).body
      .data as { code: string; uses: number }[];
    expect(list.find((x) => x.code === c)?.uses).toBe(10);
  }, 120_000);
});

/** Pays an order at the local gateway and reports it as the browser does. */
async function payAndRecord(token: string, orderId: string) {
  const paid = (
    await call('POST', routePath('local.razorpay.pay'), { body: { order_id: orderId } })
  ).body;
  return call('POST', routePath('payments.record'), { token, body: paid });
}

const checkout = async (token: string) =>
  (await call('POST', routePath('payments.process'), { token, body: {} })).body.data as {
    order_id: string;
    amount: number;
  };

/** The learner's payment history rows, newest first. */
const history = async (token: string) =>
  (await call('GET', routePath('purchases.getpayment_history'), { token })).body.data as Record<
    string,
    unknown
  >[];

const owned = async (token: string) =>
  (
    (await call('GET', routePath('purchases.getsubjects_purchased'), { token })).body.data as {
      subject_id: string;
    }[]
  ).map((s) => s.subject_id);

describe('a coupon’s limits (security review 2, F1)', () => {
  it('hold when a learner pays an order closed by their next checkout: the late one is refunded, not granted at the discount', async () => {
    // Given a once-per-learner code, and a learner whose second cart closed the first order.
    const c = (await addCoupon({ code: code('ONCE'), percent: 50, per_learner: 1 })).code;
    const me = await newLearner(call, 'Twice Buyer');
    await call('POST', routePath('cart.insert'), {
      token: me.token,
      body: { subject_id: shop.physics.subject_id },
    });
    await apply(me.token, c);
    const first = await checkout(me.token);
    const [item] = (await cart(me.token)).data as { cart_id: string }[];
    await call('DELETE', routePath('cart.delete', { cart_id: item!.cart_id }), { token: me.token });
    await call('POST', routePath('cart.insert'), {
      token: me.token,
      body: { subject_id: shop.biology.subject_id },
    });
    await apply(me.token, c);
    const second = await checkout(me.token);
    expect(second.order_id).not.toBe(first.order_id);

    // When both orders are paid at the gateway, the closed one first.
    const late = await payAndRecord(me.token, first.order_id);
    const onTime = await payAndRecord(me.token, second.order_id);

    // Then only the open order is granted at the discount; the late payment is to refund.
    expect(late).toMatchObject({
      status: 200,
      body: {
        message:
          'This coupon was used up before your payment arrived: nothing was bought, and the payment will be refunded in full.',
      },
    });
    expect(onTime).toMatchObject({
      status: 200,
      body: { message: 'Payment successful. Cart cleared.' },
    });
    expect(await owned(me.token)).toEqual([shop.biology.subject_id]);
    expect(await couponItem(c)).toMatchObject({ uses: 1, taken: 1 });
    const rows = await history(me.token);
    expect(rows.filter((r) => r.payment_status === 'captured')).toHaveLength(1);
    expect(rows.find((r) => r.order_id === first.order_id)).toMatchObject({
      payment_status: 'refused',
      refund_amount: first.amount / 100,
      subjects: [],
    });
  });

  it('hold for a code’s total uses when an expired order is paid after its use went to another learner', async () => {
    // Given a one-use code whose reservation went back when A's order expired, and B used it.
    const c = (await addCoupon({ code: code('LAST'), percent: 20, max_uses: 1 })).code;
    const a = await shopper();
    await apply(a.token, c);
    const aOrder = await checkout(a.token);
    const p = await paymentsInProcess();
    await p.expireOrder((await p.getOrder(aOrder.order_id))!);
    const b = await shopper();
    await apply(b.token, c);
    const bOrder = await checkout(b.token);

    // When B pays and A's late payment arrives at the same time.
    const [aPaid, bPaid] = await Promise.all([
      payAndRecord(a.token, aOrder.order_id),
      payAndRecord(b.token, bOrder.order_id),
    ]);

    // Then B is granted, A's payment is recorded for a full refund, and the code has one use.
    expect(bPaid.body.message).toBe('Payment successful. Cart cleared.');
    expect(aPaid.status).toBe(200);
    expect(aPaid.body.message).toMatch(/refunded in full/);
    expect(await owned(a.token)).toEqual([]);
    expect(await couponItem(c)).toMatchObject({ uses: 1, taken: 1 });
  });

  it('still grant a late payment of an expired order while a use is left', async () => {
    const c = (await addCoupon({ code: code('SPARE'), percent: 10, max_uses: 5 })).code;
    const me = await shopper();
    await apply(me.token, c);
    const order = await checkout(me.token);
    const p = await paymentsInProcess();
    await p.expireOrder((await p.getOrder(order.order_id))!);
    expect(await couponItem(c)).toMatchObject({ taken: 0 });

    const late = await payAndRecord(me.token, order.order_id);

    expect(late.body.message).toBe('Payment successful. Cart cleared.');
    expect((await owned(me.token)).sort()).toEqual(
      [shop.physics.subject_id, shop.biology.subject_id].sort(),
    );
    expect(await couponItem(c)).toMatchObject({ uses: 1, taken: 1 });
  });

  it('let exactly one of two racing late payments of one learner take a once-per-learner code', async () => {
    const c = (await addCoupon({ code: code('RACE1'), percent: 30, per_learner: 1 })).code;
    const me = await newLearner(call, 'Racing Payer');
    const orders: { order_id: string; amount: number }[] = [];
    const p = await paymentsInProcess();
    for (const subject of [shop.physics, shop.biology]) {
      await call('POST', routePath('cart.insert'), {
        token: me.token,
        body: { subject_id: subject.subject_id },
      });
      await apply(me.token, c);
      const o = await checkout(me.token);
      await p.expireOrder((await p.getOrder(o.order_id))!);
      orders.push(o);
      const items = (await cart(me.token)).data as { cart_id: string }[];
      for (const i of items)
        await call('DELETE', routePath('cart.delete', { cart_id: i.cart_id }), { token: me.token });
    }

    const answers = await Promise.all(orders.map((o) => payAndRecord(me.token, o.order_id)));

    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.filter((a) => /refunded in full/.test(a.body.message))).toHaveLength(1);
    expect(await owned(me.token)).toHaveLength(1);
    expect(await couponItem(c)).toMatchObject({ uses: 1, taken: 1 });
  });
});
