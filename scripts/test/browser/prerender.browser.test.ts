/**
 * Issue 30, item 1, "HTML that paints before JavaScript": the public pages and the lesson page are
 * prerendered at build time (web/build/prerender.ts, shared/src/page-shells.ts), so
 * - with JavaScript disabled, at 360×740, each shows its content (the landing page's text, the
 *   catalogue pages' headings, the lesson's title area, player frame and chapter list) and
 *   nothing scrolls sideways; and it does so from the HTML's own inlined CSS, the stylesheet
 *   refused;
 * - with JavaScript, the app hydrates over that HTML without a hydration error, applies the full
 *   stylesheet and shows the data;
 * - a signed-in learner's lesson link paints the lesson's frame, then the lesson, and the header
 *   is the learner's.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import {
  demoCatalogueOnce,
  launchChromium,
  layoutProblems,
  PHONE,
  signInByApi,
} from './browser.ts';
import { api, buySubjects, newLearner, routePath } from '../../../functions/test/api.ts';

const stack = inject('stack');
const call = api();

/** The demo records the pages are opened at (set by the `beforeAll`). */
const demo = { boardId: '', classId: '', subjectId: '', chapterId: '', topicId: '' };
let learner: { email: string; password: string };
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  Object.assign(process.env, stack.env, { LOG_LEVEL: 'SILENT' });
  await demoCatalogueOnce('prerender');
  // The API answers JSON whose records are read field by field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Rec = any;
  type Route = Parameters<typeof routePath>[0];
  const list = async (route: Route, query: Record<string, string> = {}): Promise<Rec[]> =>
    (await call('GET', routePath(route, {}, { limit: 1000, ...query }))).body.data;
  const board = (await list('catalogue.getBoards')).filter((b) => b.board_name === 'CBSE').at(-1);
  const cls = (await list('catalogue.getClasses', { board_id: board.board_id }))[0];
  const subject = (await list('catalogue.getSubjects', { class_id: cls.class_id }))[0];
  const sub = (await list('catalogue.getSubSubjects', { subject_id: subject.subject_id }))[0];
  const chapter = (await list('catalogue.getChapters', { sub_subject_id: sub.sub_subject_id }))[0];
  const topic = (await list('catalogue.getTopics', { chapter_id: chapter.chapter_id }))[0];
  Object.assign(demo, {
    boardId: board.board_id,
    classId: cls.class_id,
    subjectId: subject.subject_id,
    chapterId: chapter.chapter_id,
    topicId: topic.topic_id,
  });
  const bought = await newLearner(call, 'Prerender Learner');
  const paid = await buySubjects(call, bought.token, [subject.subject_id]);
  if (paid.recorded.status !== 200) throw new Error('the demo purchase failed');
  learner = bought;
  browser = await launchChromium();
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

async function newContext(options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ baseURL: stack.url, ...PHONE, ...options });
  contexts.push(context);
  return context;
}

/** The pages, each with what shows before any data: its text, or its frame. */
const pages = () => [
  { url: '/', shows: 'h1', text: 'Study Smarter, Dream Bigger, Achieve More!' },
  { url: '/GetBoard', shows: 'h1', text: 'Choose Board' },
  { url: `/GetClasses?board=${demo.boardId}`, shows: 'h1', text: 'Choose Class' },
  { url: '/AllCourse', shows: 'h1', text: 'All Courses' },
  { url: `/classes/${demo.classId}`, shows: 'h2', text: 'Subjects' },
  { url: `/subjects/${demo.subjectId}`, shows: '.subject-hero', text: '' },
  {
    url: `/GetTopic?chapter=${demo.chapterId}&topic=${demo.topicId}`,
    shows: '.lesson-layout .player',
    text: '',
  },
];

/** Uncaught errors and console errors (React reports a hydration mismatch as either). */
function watch(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: console: ${m.text()}`);
  });
  return errors;
}

describe('with JavaScript disabled, at 360×740', () => {
  it('each public page and the lesson page paint their content from HTML, none scrolls sideways', async () => {
    const page = await (await newContext({ javaScriptEnabled: false })).newPage();
    const found: string[] = [];
    for (const { url, shows, text } of pages()) {
      const res = await page.goto(url);
      expect(res?.headers()['cache-control'], url).toBe('no-cache');
      const content = page.locator(shows).first();
      if (!(await content.isVisible())) found.push(`${url}: ${shows} is not visible`);
      if (text && !((await content.textContent()) ?? '').includes(text))
        found.push(`${url}: ${shows} does not say "${text}"`);
      if (!(await page.locator('.site-header .brand').isVisible())) found.push(`${url}: no header`);
      found.push(...(await layoutProblems(page, url)));
    }
    expect(found, `\n${found.join('\n')}\n`).toEqual([]);
  });

  it('paints from its inlined CSS alone: the header a row, the lesson’s player frame 16:9', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    await context.route('**/*.css', (route) => route.abort());
    const page = await context.newPage();
    for (const { url } of pages()) {
      await page.goto(url);
      const header = await page
        .locator('.site-header')
        .evaluate((e) => getComputedStyle(e).display);
      expect(header, url).toBe('flex');
      expect((await layoutProblems(page, url)).join('\n'), url).toBe('');
    }
    const lesson = pages().at(-1)!.url;
    await page.goto(lesson);
    const frame = (await page.locator('.lesson-layout .player').boundingBox())!;
    expect(frame.width).toBeGreaterThan(300);
    expect(frame.width / frame.height).toBeCloseTo(16 / 9, 1);
    await expect
      .poll(() => page.locator('.curriculum .lesson-placeholder-line').count())
      .toBeGreaterThan(0);
  });
});

describe('with JavaScript, at 360×740', () => {
  it('keeps the class and subject pages’ contents where their HTML painted them', async () => {
    const still = await (await newContext({ javaScriptEnabled: false })).newPage();
    const live = await (await newContext()).newPage();
    const cases = [
      { url: `/classes/${demo.classId}`, anchor: 'h2:text-is("Subjects")' },
      { url: `/subjects/${demo.subjectId}`, anchor: '.subject-contents' },
    ];
    for (const { url, anchor } of cases) {
      await still.goto(url);
      const painted = (await still.locator(anchor).first().boundingBox())!.y;
      await live.goto(url);
      await live.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      const shown = (await live.locator(anchor).first().boundingBox())!.y;
      expect(Math.abs(shown - painted), url).toBeLessThanOrEqual(8);
    }
  });

  it('hydrates each page over its HTML without an error, then shows its data', async () => {
    const page = await (await newContext()).newPage();
    const errors = watch(page);
    for (const { url } of pages().slice(0, -1)) {
      await page.goto(url);
      // The data has replaced the skeletons.
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    }
    // The full stylesheet, loaded as media="print" so it never blocks the paint, is applied.
    const sheet = page.locator('link[rel="stylesheet"][href^="/assets/index-"]');
    await expect.poll(() => sheet.getAttribute('media')).toBe('all');
    // Rendered at a stand-in URL, the page's header links to sign in and back here once hydrated.
    const login = page.locator('.nav-desktop a', { hasText: 'User Login' });
    expect(await login.getAttribute('href')).toContain(encodeURIComponent(demo.subjectId));
    await page.goto('/GetBoard');
    await page.locator('.cat-grid a').first().click();
    await page.waitForURL('**/GetClasses?board=*');
    await expect.poll(() => page.locator('.cat-grid > *').count()).toBeGreaterThan(0);
    expect(errors, `\n${errors.join('\n')}\n`).toEqual([]);
  });

  it('speaks a language picked before the page’s code is in, once that code has hydrated its part (issue 33)', async () => {
    // No service worker: it would fetch the code itself, out of the page's routes.
    const page = await (await newContext({ serviceWorkers: 'block' })).newPage();
    const errors = watch(page);
    // The class page's code is held back until the learner has picked ಕನ್ನಡ and its words are in:
    // the language waits for that part of the page to be hydrated (src/lib/hydration.ts), and
    // must not wait for ever.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    await page.route(/\/assets\/browse-pages-[^/]+\.js$/, async (route) => {
      holding++;
      await held;
      await route.continue();
    });
    await page.goto(`/GetClasses?board=${demo.boardId}`);
    // The app runs (it starts once the page has painted) and asks for the page's code.
    await expect.poll(() => holding, { timeout: 15_000 }).toBe(1);
    const kannadaIn = page.waitForResponse(/\/assets\/kn-[^/]+\.js$/);
    const choice = page.getByRole('region', { name: /ಭಾಷೆ ಆಯ್ಕೆಮಾಡಿ/ });
    await choice.getByRole('button', { name: 'ಕನ್ನಡ' }).click();
    await kannadaIn;
    release();
    await page.getByRole('heading', { level: 1, name: 'ತರಗತಿ ಆಯ್ಕೆಮಾಡಿ' }).waitFor();
    expect(await page.evaluate('document.documentElement.lang')).toBe('kn');
    expect(errors, `\n${errors.join('\n')}\n`).toEqual([]);
  });

  it('keeps a language tapped before the app runs, and opens in it once the app is in', async () => {
    const page = await (await newContext({ serviceWorkers: 'block' })).newPage();
    const errors = watch(page);
    // The app's code held back: a slow phone shows the page from its HTML for seconds before.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      holding++;
      await held;
      await route.continue();
    });
    // Not until `load`: the page's load waits for the app's code, held here.
    await page.goto(`/GetClasses?board=${demo.boardId}`, { waitUntil: 'domcontentloaded' });
    await expect.poll(() => holding, { timeout: 15_000 }).toBe(1);
    const choice = page.getByRole('region', { name: /ಭಾಷೆ ಆಯ್ಕೆಮಾಡಿ/ });
    await choice.getByRole('button', { name: 'ಕನ್ನಡ' }).click();
    // Taken at once: the choice bar goes, the page stays as it is until the app is in.
    await choice.waitFor({ state: 'hidden' });
    release();
    await page.getByRole('heading', { level: 1, name: 'ತರಗತಿ ಆಯ್ಕೆಮಾಡಿ' }).waitFor();
    expect(await page.evaluate('document.documentElement.lang')).toBe('kn');
    expect(errors, `\n${errors.join('\n')}\n`).toEqual([]);
  });

  it('opens a signed-in learner’s lesson link on the lesson’s frame, with the learner’s header', async () => {
    const context = await newContext();
    await signInByApi(context, learner.email, learner.password);
    const page = await context.newPage();
    const errors = watch(page);
    await page.goto(pages().at(-1)!.url, { waitUntil: 'commit' });
    await page.locator('.lesson-layout .player').first().waitFor();
    // Read in the page at once: the frame may be replaced by the lesson at any moment.
    const frameTop = (await (
      await page.waitForFunction(
        () => document.querySelector('.lesson-layout .player')?.getBoundingClientRect().y,
      )
    ).jsonValue()) as number;
    expect(await page.evaluate(() => document.documentElement.dataset.account)).toBe('learner');
    // The lesson replaces its skeleton (whose header stands where the lesson's will)...
    await page.locator('.lesson-layout:not([aria-busy]) .lesson-header h1').waitFor();
    // ...and its player settles where the frame was painted (a two-line title on a phone; the
    // breadcrumb follows the lesson's first render by one, from the selections it sets).
    const playerTop = () =>
      page.evaluate(
        () => document.querySelector('.lesson-layout .player')?.getBoundingClientRect().y ?? -1,
      );
    await expect.poll(async () => Math.abs((await playerTop()) - frameTop)).toBeLessThanOrEqual(8);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'My Courses' }).count()).toBe(1);
    expect(errors, `\n${errors.join('\n')}\n`).toEqual([]);
  });
});
