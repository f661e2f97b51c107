import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, watchErrors } from './browser.ts';
import { api } from '../../../functions/test/api.ts';
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

/** Nothing wider than the phone's screen. */
const fits = (page: Page) =>
  page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');

describe('deep links and honest states', () => {
  it('opens /GetSubject?class=<id> in a fresh browser: that class’s subjects and breadcrumb', async () => {
    const { context, page, errors } = await phone();
    await page.goto(`/GetSubject?class=${ids.cls}`);
    await page.getByRole('link', { name: names.subject, exact: true }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByRole('link', { name: names.board, exact: true }).waitFor();
    expect(
      await crumbs.getByRole('link', { name: names.cls, exact: true }).getAttribute('href'),
    ).toBe(`/GetClasses?board=${ids.board}`);
    expect(await fits(page)).toBe(true);
    await shot(page, 'subjects-deeplink-phone');

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
});
