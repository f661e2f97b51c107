import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, signInAsLearner, watchErrors } from './browser.ts';
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
  const sub = await post('insertSubSubjects', {
    sub_subject_name: 'Organic',
    subject_id: subject.subject_id,
    price: 100,
  });
  chapterName = `Carbon ${suffix}`;
  await post('insertChapters', {
    chapter_name: chapterName,
    subject_id: subject.subject_id,
    sub_subject_id: sub.sub_subject_id,
    serial_no: 1,
    description: 'Bonds',
  });

  browser = await launchChromium();
  page = await (await browser.newContext({ baseURL: stack.url })).newPage();
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
    await page.getByRole('button', { name: 'Checkout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test checkout' });
    await dialog.getByText('Amount: ₹500').waitFor();
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('Payment successful. Cart cleared.').waitFor();
    await page.waitForURL((url) => url.pathname === '/GetSubject');

    await page.getByRole('link', { name: `${subjectName}`, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/GetSubSubject');

    await page.goto('/CartScreen');
    await page.getByText('Your cart is empty').waitFor();
    await page.getByRole('button', { name: 'Add Subjects' }).waitFor();

    await page.goto('/MyCourse');
    await page.getByRole('heading', { name: subjectName }).waitFor();
    await page.getByRole('heading', { name: secondName }).waitFor();
    expect(errors).toEqual([]);
  });
});
