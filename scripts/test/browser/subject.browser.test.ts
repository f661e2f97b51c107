import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, layoutProblems, signInAsLearner, watchErrors } from './browser.ts';
import { uploadSampleVideo } from './browser.ts';
import {
  api,
  buySubjects,
  newLearner,
  routePath,
  uniqueEmail,
} from '../../../functions/test/api.ts';
import { signInAdmin } from '../../../functions/test/fixtures.ts';

const stack = inject('stack');
const call = api();
const suffix = Date.now().toString(36);
const subjectName = `Optics ${suffix}`;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
const ids: Record<string, string> = {};

/** Nothing scrolls sideways and every control is inside the 360 px viewport (browser.ts). */
async function fitsThePhone() {
  expect(await layoutProblems(page)).toEqual([]);
}

beforeAll(async () => {
  const { token, post } = await signInAdmin(call);
  const video = await uploadSampleVideo(stack.url, token);
  const board = await post('insertBoards', { board_name: `Subject page ${suffix}` });
  const cls = await post('insertClasses', {
    class_name: `Class 12 ${suffix}`,
    board_id: board.board_id,
    price: 900,
  });
  ids.class = cls.class_id;
  const subject = await post('insertSubjects', {
    subject_name: subjectName,
    class_id: cls.class_id,
    price: 349,
  });
  ids.subject = subject.subject_id;
  const sub = await post('insertSubSubjects', {
    sub_subject_name: 'Ray optics',
    subject_id: subject.subject_id,
    price: 100,
  });
  const chapter = await post('insertChapters', {
    chapter_name: 'Reflection',
    subject_id: subject.subject_id,
    sub_subject_id: sub.sub_subject_id,
    serial_no: 1,
    description: 'Mirrors',
  });
  const topic = (name: string, free: boolean, serial: number) =>
    post('insertTopics', {
      chapter_id: chapter.chapter_id,
      topic_name: name,
      author: 'Dr Meera Iyer',
      video_url: video,
      free_to_watch: free ? '1' : '2',
      serial_no: serial,
      duration_seconds: 6,
    });
  await topic('Light and shadows', true, 1);
  await topic('Plane mirrors', false, 2);

  browser = await launchChromium();
  context = await browser.newContext({ baseURL: stack.url, viewport: { width: 360, height: 740 } });
  page = await context.newPage();
  errors = watchErrors(page);
});
afterAll(async () => {
  await browser?.close();
});

describe('the subject page on a phone', () => {
  it('shows a visitor the contents and price, plays a free preview and locks the paid lesson', async () => {
    await page.goto(`/classes/${ids.class}`);
    const row = page.locator('section').filter({ hasText: subjectName });
    await row.getByRole('link', { name: 'View subject' }).click();
    await page.waitForURL(`**/subjects/${ids.subject}`);
    await page.getByRole('heading', { level: 1, name: subjectName }).waitFor();
    expect(await page.title()).toBe(subjectName);
    await page.getByText(`Class 12 ${suffix} · Subject page ${suffix}`).waitFor();
    await page.getByText('By Dr Meera Iyer').waitFor();
    await page.getByText('2 lessons · 12 sec').waitFor();
    await page.getByText('No reviews yet').waitFor();
    const bar = page.getByRole('region', { name: 'Buy this subject' });
    await bar.getByText('₹349').waitFor();

    const paid = page.getByRole('listitem').filter({ hasText: 'Plane mirrors' });
    await paid.getByText('Part of the paid course').waitFor();
    expect(await paid.getByRole('button').count()).toBe(0);
    const free = page.getByRole('listitem').filter({ hasText: 'Light and shadows' });
    await free.getByText('Free preview').waitFor();
    await free.getByText('0:06').waitFor();
    await fitsThePhone();

    await free.getByRole('button', { name: 'Play Light and shadows' }).click();
    const dialog = page.getByRole('dialog', { name: 'Light and shadows' });
    await dialog.waitFor();
    await page.waitForFunction(
      () => (document.querySelector('[role=dialog] video')?.currentTime ?? 0) > 0.3,
      undefined,
      { timeout: 15_000 },
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('signs a visitor in from Add to Cart and back, where the subject goes into the cart', async () => {
    const email = uniqueEmail('subject-page');
    await call('POST', routePath('learner.login.signup'), {
      body: { user_name: 'Visitor', email, password: 'Optics2026x' },
    });
    const bar = page.getByRole('region', { name: 'Buy this subject' });
    await bar.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL('**/signin?redirect=*');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Optics2026x');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`**/subjects/${ids.subject}`);

    await bar.getByRole('button', { name: 'Add to Cart' }).click();
    await bar.getByText('In cart').waitFor();
    await bar.getByRole('link', { name: 'Go to cart' }).click();
    await page.waitForURL('**/CartScreen');
    await page.getByRole('heading', { name: subjectName }).waitFor();
    expect(errors).toEqual([]);
  });

  it('tells a learner who owns the subject Owned, with Continue learning, and opens every lesson', async () => {
    const owner = await newLearner(call, 'Owner');
    await buySubjects(call, owner.token, [ids.subject!]);
    const ownerContext = await browser.newContext({
      baseURL: stack.url,
      viewport: { width: 360, height: 740 },
    });
    page = await ownerContext.newPage();
    errors = watchErrors(page);
    await signInAsLearner(page, owner.email, owner.password);
    await page.goto(`/subjects/${ids.subject}`);
    const bar = page.getByRole('region', { name: 'Buy this subject' });
    await bar.getByText('Owned').waitFor();
    const next = bar.getByRole('link', { name: 'Continue learning' });
    expect(await next.getAttribute('href')).toContain(ids.subject);
    await page.getByRole('button', { name: 'Play Plane mirrors' }).waitFor();
    expect(await page.getByText('Part of the paid course').count()).toBe(0);
    await fitsThePhone();
    expect(errors).toEqual([]);
  });
});
