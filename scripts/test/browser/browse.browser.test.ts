import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, layoutProblems, signInAsLearner, watchErrors } from './browser.ts';
import { api, routePath, uniqueEmail } from '../../../functions/test/api.ts';
import { signInAdmin } from '../../../functions/test/fixtures.ts';

/*
 * Shareable URLs and honest states on a phone (360×740): a deep link opened in a fresh browser
 * lands in the same place with the right breadcrumb, a failed load says so and recovers, a
 * screen without a choice says where to start.
 */
const stack = inject('stack');
const call = api();
const suffix = Date.now().toString(36);
const SHOTS = process.env.BROWSE_SHOTS_DIR;
const names = {
  board: `Deep ${suffix}`,
  cls: `Class 7 ${suffix}`,
  subject: `Botany ${suffix}`,
  sub: `Leaves ${suffix}`,
  paid: `Zoology ${suffix}`,
};
const ids = { board: '', cls: '', subject: '', sub: '' };
let browser: Browser;

beforeAll(async () => {
  const { post } = await signInAdmin(call);
  const board = await post('insertBoards', { board_name: names.board });
  const cls = await post('insertClasses', {
    class_name: names.cls,
    board_id: board.board_id,
    price: 300,
  });
  const subject = await post('insertSubjects', {
    subject_name: names.subject,
    class_id: cls.class_id,
    price: 0,
    free_course: true,
  });
  const sub = await post('insertSubSubjects', {
    sub_subject_name: names.sub,
    subject_id: subject.subject_id,
    price: 0,
  });
  await post('insertSubjects', {
    subject_name: names.paid,
    class_id: cls.class_id,
    price: 200,
  });
  await post('insertChapters', {
    chapter_name: 'Veins',
    subject_id: subject.subject_id,
    sub_subject_id: sub.sub_subject_id,
    serial_no: 1,
    description: 'How water reaches the edge of a leaf',
  });
  Object.assign(ids, {
    board: board.board_id,
    cls: cls.class_id,
    subject: subject.subject_id,
    sub: sub.sub_subject_id,
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh browser context on a phone: no stored selections, no session. */
async function phone(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: stack.url,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** Nothing wider than the phone's screen, every control inside it (browser.ts). */
const fits = (page: Page) => layoutProblems(page);

describe('deep links and honest states', () => {
  it('opens /GetSubject?class=<id> in a fresh browser: that class’s subjects and breadcrumb', async () => {
    const { context, page, errors } = await phone();
    await page.goto(`/GetSubject?class=${ids.cls}`);
    await page.getByRole('link', { name: `${names.subject} FREE`, exact: true }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    // On a phone only the nearest level shows, as the way back; the trail is all there.
    await crumbs
      .getByRole('link', { name: names.board, exact: true, includeHidden: true })
      .waitFor({ state: 'attached' });
    expect(
      await crumbs
        .getByRole('link', { name: names.board, exact: true, includeHidden: true })
        .isVisible(),
    ).toBe(false);
    expect(
      await crumbs.getByRole('link', { name: names.cls, exact: true }).getAttribute('href'),
    ).toBe(`/GetClasses?board=${ids.board}`);
    expect(await fits(page)).toEqual([]);
    await shot(page, 'subjects-deeplink-phone');
    await page.setViewportSize({ width: 1366, height: 768 });
    expect(await fits(page)).toEqual([]);
    await shot(page, 'subjects-deeplink-desk');
    await page.setViewportSize({ width: 360, height: 740 });

    // A free subject opens (its title is part of the link) to its sub-subjects, by URL.
    await page.getByRole('heading', { name: names.subject, exact: true }).click();
    await page.waitForURL(`**/GetSubSubject?subject=${ids.subject}`);
    await page.getByRole('link', { name: names.sub, exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(names.subject).waitFor();
    await shot(page, 'subsubjects-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says where to start on a screen opened with neither an id nor a choice', async () => {
    const { context, page } = await phone();
    await page.goto('/GetSubSubject');
    await page.getByText('Choose a subject first to see its sub-subjects.').waitFor();
    expect(await page.getByText('No Sub available.').count()).toBe(0);
    await page.getByRole('link', { name: 'Start from Boards' }).click();
    await page.waitForURL('**/GetBoard');
    await shot(page, 'boards-phone');
    // The board's title opens its classes, with the board's id in the URL.
    await page.getByRole('heading', { name: names.board, exact: true }).click();
    await page.waitForURL(`**/GetClasses?board=${ids.board}`);
    await page.getByRole('link', { name: names.cls, exact: true }).waitFor();
    await context.close();
  });

  it('shows a failed boards load as an error with Try again, which then loads them', async () => {
    const { context, page } = await phone();
    let fail = true;
    await page.route('**/getBoards*', (route) =>
      fail
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Internal server error', code: 'INTERNAL' }),
          })
        : route.continue(),
    );
    await page.goto('/GetBoard');
    const alert = page.getByRole('alert').filter({ hasText: "We couldn't load the boards." });
    await alert.waitFor();
    expect(await page.getByText('No boards available.').count()).toBe(0);
    await shot(page, 'boards-error-phone');
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('link', { name: names.board, exact: true }).waitFor();
    expect(await alert.count()).toBe(0);
    await context.close();
  });

  it('counts the cart in the phone header, keeps toasts at the top, and no routine toast on the cart', async () => {
    const { context, page, errors } = await phone();
    const email = uniqueEmail('badge');
    await call('POST', routePath('learner.login.signup'), {
      body: { user_name: 'Badge Learner', email, password: 'Badge2026x' },
    });
    await signInAsLearner(page, email, 'Badge2026x');
    await page.goto(`/GetSubject?class=${ids.cls}`);
    const paid = page.getByRole('article').filter({ hasText: names.paid });
    await paid.getByRole('button', { name: 'Add to Cart' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Added Successfully' });
    await toast.waitFor();
    const box = await toast.boundingBox();
    // At the top of the phone's screen, full width (within its margins).
    expect(box && box.y < 80 && box.width >= 330).toBe(true);
    await shot(page, 'subjects-toast-phone');
    const cart = page.locator('.site-header').getByRole('link', { name: 'Cart, 1 item' });
    await cart.waitFor();
    expect(await cart.isVisible()).toBe(true);
    await paid.getByText('In cart').waitFor();

    await page.getByRole('button', { name: 'Toggle menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.getByRole('link', { name: 'Favourites' }).waitFor();
    await shot(page, 'menu-signedin-phone');
    await menu.getByRole('link', { name: 'Cart, 1 item' }).click();
    await page.getByRole('heading', { name: 'My Cart' }).waitFor();
    await page.getByRole('heading', { name: names.paid }).waitFor();
    expect(await page.getByText('Cart items loaded successfully.').count()).toBe(0);

    await page.goto(`/GetChapters?subSubject=${ids.sub}`);
    await page.getByRole('link', { name: 'Veins' }).waitFor();
    expect(await fits(page)).toEqual([]);
    await shot(page, 'chapters-phone');
    await page.setViewportSize({ width: 1366, height: 768 });
    await shot(page, 'chapters-desk');
    expect(errors).toEqual([]);
    await context.close();
  });
});
