import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, layoutProblems, signInAsLearner, watchErrors } from './browser.ts';
import { api, routePath, uniqueEmail } from '../../../functions/test/api.ts';
import { signInAdmin } from '../../../functions/test/fixtures.ts';

const stack = inject('stack');
const call = api();
const suffix = Date.now().toString(36);
const subjectName = `Chemistry ${suffix}`;
const secondName = `Biology ${suffix}`;
let browser: Browser;
let page: Page;
let errors: string[];
let chapterName: string;
let subjectId: string;
let topicName: string;
const couponCode = `SHOP${suffix}`.toUpperCase();

/** Saves a screenshot when SCREENSHOT_DIR is set (to look at the screens by hand). */
const shot = async (p: Page, name: string) => {
  if (process.env.SCREENSHOT_DIR)
    await p.screenshot({ path: join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true });
};

/** An element's box lies inside the viewport (it can be seen and clicked without scrolling sideways). */
async function insideViewport(p: Page, box: { x: number; width: number } | null) {
  const width = p.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

beforeAll(async () => {
  const { post } = await signInAdmin(call);
  const board = await post('insertBoards', { board_name: `Shop ${suffix}` });
  const cls = await post('insertClasses', {
    class_name: `Class 11 ${suffix}`,
    board_id: board.board_id,
    price: 800,
  });
  const subject = await post('insertSubjects', {
    subject_name: subjectName,
    class_id: cls.class_id,
    price: 349,
  });
  await post('insertSubjects', { subject_name: secondName, class_id: cls.class_id, price: 151 });
  await post('insertCoupons', {
    code: couponCode,
    kind: 'percent',
    percent: 20,
    valid_from: '2026-01-01T00:00:00+05:30',
    valid_to: '2099-01-01T00:00:00+05:30',
  });
  const sub = await post('insertSubSubjects', {
    sub_subject_name: 'Organic',
    subject_id: subject.subject_id,
    price: 100,
  });
  subjectId = subject.subject_id;
  chapterName = `Carbon ${suffix}`;
  const chapter = await post('insertChapters', {
    chapter_name: chapterName,
    subject_id: subject.subject_id,
    sub_subject_id: sub.sub_subject_id,
    serial_no: 1,
    description: 'Bonds',
  });
  topicName = `Covalent bonds ${suffix}`;
  await post('insertTopics', {
    topic_name: topicName,
    author: 'A',
    serial_no: 1,
    free_to_watch: '2',
    chapter_id: chapter.chapter_id,
  });

  browser = await launchChromium();
  page = await (
    await browser.newContext({ baseURL: stack.url, viewport: { width: 1366, height: 768 } })
  ).newPage();
  errors = watchErrors(page);
  const email = uniqueEmail('shopper');
  await call('POST', routePath('learner.login.signup'), {
    body: { user_name: 'Shopper', email, password: 'Shop2026x' },
  });
  await signInAsLearner(page, email, 'Shop2026x');
  await page.getByRole('link', { name: `Shop ${suffix}`, exact: true }).click();
  await page.getByRole('link', { name: `Class 11 ${suffix}`, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/GetSubject');
});
afterAll(async () => {
  await browser?.close();
});

describe('a learner buys a subject', () => {
  it('adds it to the cart, pays the cart total at the test checkout, and then owns it', async () => {
    await page
      .getByRole('article')
      .filter({ hasText: subjectName })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await page.getByText('Added Successfully').first().waitFor();
    // Once added, the card says so and leads to the cart instead of adding it again.
    const added = page.getByRole('article').filter({ hasText: subjectName });
    await added.getByText('In cart').waitFor();
    await added.getByRole('link', { name: 'Go to cart' }).waitFor();

    await page
      .getByRole('article')
      .filter({ hasText: secondName })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await page.getByText('Added Successfully').first().waitFor();

    await page.getByRole('link', { name: 'Cart' }).first().click();
    await page.getByRole('heading', { name: 'My Cart' }).waitFor();
    await page.getByRole('heading', { name: subjectName }).waitFor();
    await page.getByText('Price Details').waitFor();
    expect(await layoutProblems(page, 'cart at 1366 px')).toEqual([]);
    await shot(page, 'cart-desk');

    // A coupon: a wrong code is refused under the field, the right one takes 20% off.
    const details = page.getByRole('complementary', { name: 'Price Details' });
    await details.getByLabel('Coupon code').fill('NOSUCHCODE');
    await details.getByRole('button', { name: 'Apply' }).click();
    await details.getByText('This coupon code is not valid.').waitFor();
    await details.getByLabel('Coupon code').fill(couponCode.toLowerCase());
    await details.getByRole('button', { name: 'Apply' }).click();
    await details.getByText('Discount: −₹100').waitFor();
    await details.getByText('Total: ₹400').waitFor();
    // A Karnataka buyer of a Karnataka seller: CGST + SGST inside the total (₹400 at 18%).
    await details.getByLabel('Your state (for the GST invoice)').selectOption('29');
    await details.getByText('CGST ₹30.51 + SGST ₹30.51').waitFor();
    await shot(page, 'cart-coupon-desk');
    await page.getByRole('button', { name: 'Checkout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test checkout' });
    await dialog.getByText('Amount: ₹400').waitFor();
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('Payment successful. Cart cleared.').waitFor();

    // The order confirmation: the receipt of this order and Start learning.
    await page.waitForURL('**/Payment?order=*');
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    const receipt = page.getByRole('region', { name: 'Receipt' });
    await receipt.getByRole('heading', { name: subjectName }).waitFor();
    const text = (await receipt.textContent()) ?? '';
    for (const part of [
      secondName,
      `Class 11 ${suffix} · Shop ${suffix}`,
      '₹349',
      '₹151',
      `Coupon ${couponCode}−₹100`,
      'CGST + SGST (18%, included)₹30.51 + ₹30.51',
      'Total paid ₹400',
    ])
      expect(text).toContain(part);
    expect(text).toContain(new URL(page.url()).searchParams.get('order') ?? 'no order id');
    await receipt.getByRole('link', { name: `Start learning ${subjectName}` }).waitFor();
    await shot(page, 'payment-confirmation-desk');

    // My Courses: the progress of each subject and Start at its first lesson.
    await page.getByRole('link', { name: 'My Courses' }).last().click();
    await page.waitForURL('**/MyCourse');
    const course = page.getByRole('article').filter({ hasText: subjectName });
    await course.getByText('0 of 1 lesson').waitFor();
    await page.getByRole('article').filter({ hasText: secondName }).waitFor();
    await shot(page, 'my-courses-desk');
    await course.getByRole('link', { name: `Start ${subjectName}` }).click();
    await page.waitForURL(/\/GetTopic\?chapter=[^&]+&topic=/);

    await page.goto('/CartScreen');
    await page.getByText('Your cart is empty').waitFor();
    await page.getByRole('link', { name: 'Add Subjects' }).waitFor();
    await shot(page, 'cart-empty-desk');
    expect(errors).toEqual([]);
  });
});

describe('the cart and checkout on a 360 px phone', () => {
  it('keeps every row, its remove button and the checkout dialog inside the screen', async () => {
    const phone = await (
      await browser.newContext({ baseURL: stack.url, viewport: { width: 360, height: 740 } })
    ).newPage();
    const phoneErrors = watchErrors(phone);
    const email = uniqueEmail('phone-shopper');
    await call('POST', routePath('learner.login.signup'), {
      body: { user_name: 'Phone Shopper', email, password: 'Shop2026x' },
    });
    const token = (
      await call('POST', routePath('learner.login.request'), {
        body: { email, password: 'Shop2026x' },
      })
    ).body.accessToken as string;
    await call('POST', routePath('cart.insert'), { token, body: { subject_id: subjectId } });
    await signInAsLearner(phone, email, 'Shop2026x');

    await phone.goto('/CartScreen');
    const row = phone.getByRole('listitem').filter({ hasText: subjectName });
    await row.waitFor();
    expect(await layoutProblems(phone, 'phone 1')).toEqual([]);
    const remove = row.getByRole('button', { name: `Remove ${subjectName}` });
    await insideViewport(phone, await remove.boundingBox());
    await insideViewport(phone, await row.getByText('₹349').boundingBox());
    await shot(phone, 'cart-360');

    // Checkout first asks for the state (it splits the GST), then a Delhi buyer pays IGST.
    await phone.getByRole('button', { name: 'Checkout' }).click();
    await phone
      .getByText('Please choose your state: it decides the GST on your invoice.')
      .waitFor();
    await phone.getByLabel('Your state (for the GST invoice)').selectOption('07');
    await phone.getByText('IGST ₹53.24').waitFor();
    expect(await layoutProblems(phone, 'phone price details')).toEqual([]);
    await insideViewport(phone, await phone.getByRole('button', { name: 'Apply' }).boundingBox());
    await shot(phone, 'cart-gst-360');
    await phone.getByRole('button', { name: 'Checkout' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Test checkout' });
    await dialog.getByText('Amount: ₹349').waitFor();
    await insideViewport(phone, await dialog.boundingBox());
    await insideViewport(phone, await dialog.getByRole('button', { name: 'Pay' }).boundingBox());
    await shot(phone, 'checkout-360');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The remove button is clickable (nothing lies over it).
    await remove.click();
    await phone.getByText('Your cart is empty').waitFor();
    expect(await layoutProblems(phone, 'phone 2')).toEqual([]);
    await shot(phone, 'cart-empty-360');

    // Pay on the phone: the confirmation and My Courses fit the screen too.
    await call('POST', routePath('cart.insert'), { token, body: { subject_id: subjectId } });
    await phone.reload();
    await phone.getByRole('button', { name: 'Checkout' }).click();
    await phone
      .getByRole('dialog', { name: 'Test checkout' })
      .getByRole('button', { name: 'Pay' })
      .click();
    await phone.getByRole('region', { name: 'Receipt' }).waitFor();
    expect(await layoutProblems(phone, 'phone 3')).toEqual([]);
    await shot(phone, 'payment-confirmation-360');
    await phone.goto('/MyCourse');
    await phone.getByText('0 of 1 lesson').waitFor();
    expect(await layoutProblems(phone, 'phone 4')).toEqual([]);
    await shot(phone, 'my-courses-360');
    expect(phoneErrors).toEqual([]);
  });
});
