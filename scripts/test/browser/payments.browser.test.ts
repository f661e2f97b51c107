import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, layoutProblems, PHONE, watchErrors, signInAsAdmin } from './browser.ts';
import { api, buySubjects, newLearner } from '../../../functions/test/api.ts';
import { shopCatalogue, signInAdmin } from '../../../functions/test/fixtures.ts';

/*
 * Issue 18, refunds, on an admin's phone: the Payments screen (from the Dashboard hub) lists a
 * learner's captured payment; Refund asks first, then the refund goes pending and, once the local
 * test gateway's webhook arrives, shows refunded with its credit note; the Insights screen then
 * counts the refund on its day.
 */

const stack = inject('stack');
const call = api();
const SHOTS = process.env.SCREENSHOT_DIR;
let browser: Browser;
let page: Page;
let errors: string[];
let learner = { email: '', paymentId: '' };

beforeAll(async () => {
  const admin = await signInAdmin(call);
  const shop = await shopCatalogue(admin.post);
  const me = await newLearner(call, 'Payments Phone');
  const { paid } = await buySubjects(
    call,
    me.token,
    [shop.physics.subject_id, shop.biology.subject_id],
    { state: '29' },
  );
  learner = { email: me.email, paymentId: paid.razorpay_payment_id };

  browser = await launchChromium();
  page = await (await browser.newContext({ baseURL: stack.url, ...PHONE })).newPage();
  errors = watchErrors(page);
  await signInAsAdmin(page, stack.admin);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

const shot = async (name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

describe('the Payments screen on a 360 px phone', { timeout: 180_000 }, () => {
  it('lists the payment and refunds it after the confirmation, with nothing scrolling sideways', async () => {
    await page.goto('/AdminDashboad');
    await page.getByRole('link', { name: 'Payments' }).first().click();
    await page.getByRole('heading', { name: 'Payments' }).waitFor();
    const card = page.getByRole('listitem', { name: learner.paymentId });
    await card.getByText(learner.email).waitFor();
    expect(await card.getByText('₹450.50').count()).toBe(1);
    await card.getByText(/^GIA\/\d{2}-\d{2}\/\d{6}$/).waitFor({ timeout: 60_000 });
    expect(await layoutProblems(page)).toEqual([]);
    await shot('payments-360');

    await card.getByRole('button', { name: 'Refund' }).click();
    const ask = page.getByRole('dialog');
    await ask.getByText('Refund ₹450.50 to Payments Phone?').waitFor();
    expect(await layoutProblems(page)).toEqual([]);
    await ask.getByRole('button', { name: 'Yes' }).click();

    // Pending at once or refunded already: the local gateway's webhook follows in a moment.
    await card.getByText(/Refunded ₹450.50 on .* · Credit note GCN\/\d{2}-\d{2}\/\d{6}/).waitFor({
      timeout: 90_000,
    });
    expect(await card.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    expect(await layoutProblems(page)).toEqual([]);
    await shot('payments-refunded-360');
    expect(errors).toEqual([]);
  });

  it('then shows the sale and its refund on the Insights screen', async () => {
    await page.goto('/AdminDashboad');
    await page.getByRole('link', { name: 'Insights' }).click();
    await page.waitForURL('**/AdminInsights');
    // The day's numbers are added from the table's stream, a moment after the refund.
    const totals = page.getByRole('list', { name: 'Totals of the range' });
    const refunds = totals.getByRole('listitem').filter({ hasText: /refund/ });
    for (let i = 0; i < 30 && !/₹450\.50/.test(await refunds.innerText()); i++) {
      await page.waitForTimeout(500);
      await page.reload();
      await totals.waitFor();
    }
    expect(await refunds.innerText()).toMatch(/₹450\.50\s*1 refund/);
    const today = page
      .getByRole('table', { name: 'Revenue per day' })
      .getByRole('row')
      .filter({ hasText: /₹450\.50/ });
    expect(await today.count()).toBe(1);
    expect(await layoutProblems(page)).toEqual([]);
    await shot('insights-refund-360');
    expect(errors).toEqual([]);
  });
});
