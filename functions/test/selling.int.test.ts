import { describe, expect, it } from 'vitest';
import { api, newLearner, routePath } from './api.ts';
import { ADMIN_DATA, signedInAdmin } from './fixtures.ts';

const call = api();
const admin = signedInAdmin(call);
const send = (method: string, route: string, body?: object, token = admin.token) =>
  call(method, `${ADMIN_DATA}/${route}`, { token, body });

describe('the seller’s GST settings (admin)', () => {
  it('are stored with the SAC and rate defaulted, and a GSTIN of another state is refused', async () => {
    const settings = {
      legal_name: 'GIA School Private Limited',
      gstin: '29AABCG1234H1Z5',
      state: '29',
      address: 'MG Road, Bengaluru 560001',
    };
    const saved = await send('POST', 'updateSellerSettings', settings);
    expect(saved).toMatchObject({
      status: 200,
      body: { data: { ...settings, sac: '999293', gst_rate_percent: 18, saved: true } },
    });
    expect((await send('GET', 'getSellerSettings')).body.data).toMatchObject({
      ...settings,
      saved: true,
    });

    const wrong = await send('POST', 'updateSellerSettings', { ...settings, state: '07' });
    expect(wrong).toMatchObject({
      status: 400,
      body: { message: "The GSTIN's first two digits must be the seller's state code." },
    });
    expect((await send('GET', 'getSellerSettings')).body.data.state).toBe('29');
  });
});

describe('coupons (admin)', () => {
  const code = () =>
    `T${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;
  const coupon = (c: string) => ({
    code: c.toLowerCase(),
    kind: 'percent',
    percent: 20,
    valid_from: '2026-11-01T00:00:00+05:30',
    valid_to: '2026-12-31T23:59:59+05:30',
    max_uses: 10,
  });

  it('are created with their code upper-cased, listed, changed (uses kept) and deleted', async () => {
    const c = code();
    const made = await send('POST', 'insertCoupons', coupon(c));
    expect(made).toMatchObject({
      status: 201,
      body: { data: { code: c, coupon_id: c, uses: 0, per_learner: 1, enabled: true } },
    });
    expect((await send('POST', 'insertCoupons', coupon(c))).status).toBe(409);
    const list = (await send('GET', 'getCoupons')).body.data as { code: string }[];
    expect(list.map((x) => x.code)).toContain(c);

    const changed = await send('POST', 'updateCoupons', {
      ...coupon(c),
      kind: 'flat',
      amount_paise: 5000,
      enabled: false,
    });
    expect(changed.body.data).toMatchObject({
      kind: 'flat',
      amount_paise: 5000,
      enabled: false,
      uses: 0,
    });

    expect((await send('DELETE', `deleteCoupons/${c}`)).status).toBe(200);
    expect((await send('DELETE', `deleteCoupons/${c}`)).status).toBe(404);
    expect((await send('POST', 'updateCoupons', coupon(c))).status).toBe(404);
  });

  it('refuse amounts too large to store with 400 and the reason, never 500 (security review 2, F4)', async () => {
    const flat = { ...coupon(code()), kind: 'flat', percent: undefined };
    const answers = await Promise.all(
      [1e200, 100_000_001, 1e-200].map((amount_paise) =>
        send('POST', 'insertCoupons', { ...flat, amount_paise }),
      ),
    );
    expect(answers.map((a) => [a.status, a.body.message])).toEqual(
      Array.from({ length: 3 }, () => [400, 'A flat coupon takes ₹1 to ₹10,00,000 off.']),
    );
    const huge = await send('POST', 'insertCoupons', { ...coupon(code()), percent: 1e200 });
    expect(huge).toMatchObject({
      status: 400,
      body: { message: 'A percent coupon takes 1 to 100 percent off.' },
    });
    const most = await send('POST', 'insertCoupons', { ...flat, amount_paise: 100_000_000 });
    expect(most.status).toBe(201);
  });

  it('refuse a coupon that does not add up, and a learner', async () => {
    const bad = await send('POST', 'insertCoupons', { ...coupon(code()), percent: 0 });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: 'A percent coupon takes 1 to 100 percent off.' },
    });
    const learner = await newLearner(call, 'Coupon Hunter');
    const res = await call('GET', routePath('admin.coupons.get'), { token: learner.token });
    expect(res.status).toBe(403);
  });
});
