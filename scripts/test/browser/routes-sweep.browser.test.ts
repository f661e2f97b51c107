/**
 * Issue 14, "Nothing breaks at 360 px" and "Measured": every learner route (signed out, and
 * signed in as a learner who owns a subject) and every admin route (signed in as the admin),
 * at 360×740 on the demo catalogue, must
 * - not scroll sideways (`documentElement.scrollWidth > innerWidth`),
 * - keep every visible interactive element inside the viewport horizontally,
 * - have no serious or critical axe-core violation.
 *
 * The routes come from the app itself: the learner routes from the router's `<Route path>`s
 * (web/src/app/router.tsx), the admin routes from ADMIN_SCREENS (the list the router maps), so a
 * new screen is swept without editing this file. Routes with ids are built from the demo data
 * with the app's own link builders (web/src/lib/links.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  demoCatalogueOnce,
  launchChromium,
  layoutProblems,
  PHONE,
  signInAsLearner,
  watchErrors,
  signInAsAdmin,
} from './browser.ts';
import { api, buySubjects, newLearner, routePath } from '../../../functions/test/api.ts';
import { SVG_POLICY } from '../../src/media.ts';

const stack = inject('stack');
const call = api();
const webSrc = (path: string) =>
  fileURLToPath(new URL(`../../../web/src/${path}`, import.meta.url));

// --- The routes, from the app's own sources -------------------------------------------------

/** Every `<Route path="…">` of the router, in its order (the admin screens are mapped apart). */
const routerPaths = [
  ...readFileSync(webSrc('app/router.tsx'), 'utf8').matchAll(/<Route\s+path="([^"]+)"/g),
].map((m) => m[1] ?? '');

// Loaded at run time, not type-checked with the scripts: web/ has its own compiler settings.
const { ADMIN_SCREEN_LIST } = (await import(
  /* @vite-ignore */ webSrc('features/admin/admin-screen-list.ts')
)) as { ADMIN_SCREEN_LIST: readonly { path: string; label: string }[] };
const { links } = (await import(/* @vite-ignore */ webSrc('lib/links.ts'))) as {
  links: Record<string, (...ids: string[]) => string>;
};

const adminPaths = ADMIN_SCREEN_LIST.map((s) => s.path);
const ADMIN_LOGINS = ['/AdminLoginNew', '/admin/login'];
/** The learner site's routes: everything the router serves but the admin area. */
const learnerPaths = routerPaths.filter((p) => !adminPaths.includes(p));

/** The demo records the id-bearing routes are built from (set by the `beforeAll`). */
interface Demo {
  boardId: string;
  classId: string;
  /** A subject the learner owns, with its first sub-subject, chapter and topics. */
  subjectId: string;
  subSubjectId: string;
  chapterId: string;
  topicId: string;
  /** A subject the learner does not own. */
  otherSubjectId: string;
  orderId: string;
}
const demo = {} as Demo;

/** A router path made concrete: a parameter gets a demo id, the catch-all an unknown path. */
function concrete(path: string): string {
  if (path === '*') return '/no-such-page';
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const id = {
      classId: demo.classId,
      subjectId: demo.otherSubjectId,
      boardId: demo.boardId,
      chapterId: demo.chapterId,
      topicId: demo.topicId,
      orderId: demo.orderId,
    }[name];
    if (!id) throw new Error(`The sweep has no demo id for the route parameter :${name}`);
    return encodeURIComponent(id);
  });
}

/** The screens under a chosen record, with its id in the URL (the shareable links). */
const linkedRoutes = (): string[] => {
  const built = [
    links.classes?.(demo.boardId),
    links.subjects?.(demo.classId),
    links.subSubjects?.(demo.subjectId),
    links.chapters?.(demo.subSubjectId),
    links.topic?.(demo.chapterId, demo.topicId),
    links.topic?.(demo.chapterId),
    links.subject?.(demo.subjectId),
    links.subject?.(demo.otherSubjectId),
    links.classDetail?.(demo.classId),
    links.payment?.(demo.orderId),
  ];
  return built.filter((r): r is string => typeof r === 'string');
};

// --- The checks ------------------------------------------------------------------------------

/** Opens a route and waits until its data has arrived (a playing video never idles: capped). */
async function open(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => undefined);
  // The lazy screen and its data have replaced the loading placeholders.
  await page
    .locator('.loading, [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 8000 })
    .catch(() => undefined);
}

/** The route's problems at 360 px, one readable line each (empty when it passes). */
async function problems(page: Page, route: string): Promise<string[]> {
  const found: string[] = [];
  const where = `${route}${page.url().endsWith(route) ? '' : ` (shown as ${new URL(page.url()).pathname})`}`;
  found.push(...(await layoutProblems(page, where)));
  const axe = await new AxeBuilder({ page }).analyze();
  for (const v of axe.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    const targets = v.nodes
      .slice(0, 5)
      .map((n) => n.target.join(' '))
      .join(' | ');
    found.push(
      `${where}: axe ${v.id} (${v.impact}) "${v.help}" on ${v.nodes.length} node(s): ${targets}`,
    );
  }
  return found;
}

// --- The sweep ---------------------------------------------------------------------------------

let browser: Browser;
const contexts: BrowserContext[] = [];
let errors: string[] = [];

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.url, ...PHONE });
  contexts.push(context);
  const page = await context.newPage();
  errors = watchErrors(page);
  return page;
}

beforeAll(async () => {
  // The demo catalogue (`npm start`'s), written in-process into the test stack's table and bucket.
  Object.assign(process.env, stack.env, { LOG_LEVEL: 'SILENT' });
  await demoCatalogueOnce('route-sweep');

  const pick = (list: Rec[], key: string, value: string): Rec => {
    const found = list.find((r) => r[key] === value);
    if (!found) throw new Error(`demo data: no ${key} ${value}`);
    return found;
  };
  type Route = Parameters<typeof routePath>[0];
  // The API answers JSON whose records are read field by field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Rec = any;
  const list = async (route: Route, query: Record<string, string> = {}): Promise<Rec[]> =>
    (await call('GET', routePath(route, {}, { limit: 1000, ...query }))).body.data;
  const boards = await list('catalogue.getBoards');
  // The newest CBSE (another file may not make one, but the sweep must use its own).
  const cbse = boards.filter((b) => b.board_name === 'CBSE').at(-1);
  if (!cbse) throw new Error('demo data: no CBSE board');
  const classes = await list('catalogue.getClasses', { board_id: cbse.board_id });
  const class10 = pick(classes, 'class_name', 'Class 10');
  const subjects = await list('catalogue.getSubjects', { class_id: class10.class_id });
  const maths = pick(subjects, 'subject_name', 'Mathematics');
  const science = pick(subjects, 'subject_name', 'Science');
  const subs = await list('catalogue.getSubSubjects', { subject_id: maths.subject_id });
  const algebra = pick(subs, 'sub_subject_name', 'Algebra');
  const chapters = await list('catalogue.getChapters', { sub_subject_id: algebra.sub_subject_id });
  const chapter = chapters[0];
  if (!chapter) throw new Error('demo data: Algebra has no chapter');
  const topics = await list('catalogue.getTopics', { chapter_id: chapter.chapter_id });
  const topic = topics[0];
  if (!topic) throw new Error('demo data: the chapter has no topic');

  // A learner who owns CBSE › Class 10 › Mathematics, bought at the local test gateway.
  const learner = await newLearner(call, 'Sweep Learner');
  const bought = await buySubjects(call, learner.token, [maths.subject_id]);
  if (bought.recorded.status !== 200)
    throw new Error(`the demo purchase failed: ${JSON.stringify(bought.recorded.body)}`);
  Object.assign(demo, {
    boardId: cbse.board_id,
    classId: class10.class_id,
    subjectId: maths.subject_id,
    subSubjectId: algebra.sub_subject_id,
    chapterId: chapter.chapter_id,
    topicId: topic.topic_id,
    otherSubjectId: science.subject_id,
    orderId: bought.order.order_id,
  } as Demo);
  for (const [key, value] of Object.entries(demo))
    if (typeof value !== 'string' || !value) throw new Error(`demo data: no ${key}`);
  learnerCredentials = learner;

  browser = await launchChromium();
});
let learnerCredentials: { email: string; password: string };

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

/**
 * Sweeps routes in one signed-in state. A route that leads to a page already checked in this
 * state (a guard's redirect to sign in, say) is not checked twice.
 */
function sweep(state: string, routes: () => string[], signIn: (page: Page) => Promise<void>) {
  describe(`at 360×740, ${state}`, () => {
    let page: Page;
    const checked = new Set<string>();
    beforeAll(async () => {
      page = await newPage();
      await signIn(page);
    });

    it('has routes to sweep, taken from the app', () => {
      expect(routes().length).toBeGreaterThan(3);
    });

    it('no route scrolls sideways, leaves a control off-screen, or has a serious axe violation', async () => {
      const found: string[] = [];
      for (const route of routes()) {
        await open(page, route);
        // A guard's redirect to sign in is the same page whatever it would return to.
        const shown = new URL(page.url());
        shown.searchParams.delete('redirect');
        const key = `${shown.pathname}${shown.search}`;
        if (checked.has(key)) continue;
        checked.add(key);
        found.push(...(await problems(page, route)));
      }
      expect(errors, 'uncaught page errors').toEqual([]);
      expect(found, `\n${found.join('\n')}\n`).toEqual([]);
    }, 600_000);
  });
}

describe('the routes swept', () => {
  it('are read from the router and the admin screen list', () => {
    expect(learnerPaths).toEqual(
      expect.arrayContaining([
        '/',
        '/GetBoard',
        '/GetTopic',
        '/CartScreen',
        '/classes/:classId',
        '*',
      ]),
    );
    expect(adminPaths).toEqual(expect.arrayContaining(['/Setup', '/Board', '/Topics']));
  });
});

describe('the demo catalogue', () => {
  it('has real artwork: inert SVG pictures, served as images', async () => {
    const boards = (await call('GET', routePath('catalogue.getBoards', {}, { limit: 1000 }))).body
      .data as { board_id: string; image_url: string }[];
    const board = boards.find((b) => b.board_id === demo.boardId);
    expect(board?.image_url).toMatch(/^\/media\/public\/images\/demo\/board-cbse\.svg$/);
    const res = await fetch(new URL(board?.image_url ?? '', stack.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toBe(SVG_POLICY);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = await res.text();
    expect(svg).toContain('>CBSE<');
    expect(svg).not.toMatch(/<script|\bon[a-z]+=/i);
  });
});

const learnerRoutes = () => [
  ...learnerPaths.filter((p) => !ADMIN_LOGINS.includes(p)).map(concrete),
  ...linkedRoutes(),
];

sweep(
  'signed out',
  () => [...learnerRoutes(), ...ADMIN_LOGINS],
  async () => undefined,
);

sweep('signed in as a learner who owns a subject', learnerRoutes, async (page) => {
  await signInAsLearner(page, learnerCredentials.email, learnerCredentials.password);
});

sweep(
  'signed in as the admin',
  () => adminPaths,
  async (page) => {
    await signInAsAdmin(page, stack.admin);
  },
);

// --- Kannada and Hindi (issue 33) -------------------------------------------------------------

/**
 * Latin-letter words a page may show to a learner reading Kannada or Hindi, inside its sentences
 * too: names and symbols that are the same in every language (the brand, its wordmark and its
 * faculty; the boards' acronyms; the tax names on an invoice; PDF; the social networks; the
 * support address), identifiers (an order, a payment, an invoice number), and the short units
 * of a player.
 */
const SAME_IN_EVERY_LANGUAGE = [
  /\bGIA (School|Faculty)\b/g,
  /\bGIA\/\d{2}-\d{2}\/\d+/g,
  /\b(GIA|SCHOOL|CBSE|ICSE|SSLC|PUC|[CSI]?GST|PDF|YouTube|Instagram|Facebook|Razorpay)\b/g,
  /\b(order|pay)_[0-9a-z]+\b/g,
  /\bsupport@gia\.school\b/g,
  /MG Road, Bengaluru, Karnataka 560001/g,
  /\b\d+(\.\d+)?\s?(p|x|KB|MB|GB)\b/g,
];

/**
 * The names the API answers in English to a reader of `language`: the records without a
 * translation into it (listed by the test's failure, if any is shown), and the learner's own.
 */
async function untranslatedNames(language: 'kn' | 'hi', own: string[]): Promise<Set<string>> {
  const names = new Set(own);
  const read = async (route: Parameters<typeof routePath>[0], query: Record<string, string> = {}) =>
    ((await call('GET', routePath(route, {}, { limit: 1000, lang: language, ...query }))).body
      .data ?? []) as Record<string, unknown>[];
  const records = [
    ...(await read('catalogue.getBoards')),
    ...(await read('catalogue.getClasses')),
    ...(await read('catalogue.getSubjects')),
    ...(await read('catalogue.getSubSubjects', { subject_id: demo.subjectId })),
    ...(await read('catalogue.getChapters', { sub_subject_id: demo.subSubjectId })),
    ...(await read('catalogue.getTopics', { chapter_id: demo.chapterId })),
    ...(await read('catalogue.gettestimonial')),
  ];
  for (const record of records) {
    for (const [field, value] of Object.entries(record)) {
      if (typeof value === 'string' && /name|description|designation/.test(field)) {
        names.add(value.trim());
      }
    }
  }
  return names;
}

/** The page's visible texts in Latin letters that are not names or symbols: English left over. */
async function englishLeft(page: Page, where: string, names: Set<string>): Promise<string[]> {
  // Run in the page, which has the DOM (a string: the scripts are type-checked without it).
  const texts = await page.evaluate<string[]>(`(() => {
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent || '').replace(/\\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!text || !parent || !/[A-Za-z]{3,}/.test(text)) continue;
      // Marked as English on purpose (each language's own name, the legal text), or not shown.
      if (parent.closest('[lang="en"], script, style, noscript, template, [hidden]')) continue;
      const box = parent.getBoundingClientRect();
      if (!box.width || !box.height || getComputedStyle(parent).visibility === 'hidden') continue;
      found.push(text);
    }
    return found;
  })()`);
  // What is left of a text once its names and symbols are taken out must have no English word.
  const longestFirst = [...names].filter(Boolean).sort((x, y) => y.length - x.length);
  return texts
    .filter((text) => {
      let rest = text;
      for (const name of longestFirst) rest = rest.split(name).join(' ');
      for (const r of SAME_IN_EVERY_LANGUAGE) rest = rest.replace(r, ' ');
      return /[A-Za-z]{3,}/.test(rest);
    })
    .map((text) => `${where}: "${text.slice(0, 80)}"`);
}

/** The screens a signed-in learner is sent away from (they are swept signed out first). */
const SIGNED_OUT_ONLY = ['/signin', '/signup', '/forgot-password'];
/**
 * Pages whose long text is English on purpose: the legal text (their headings and notes are
 * translated), and the local stack's mail viewer, which shows the e-mails as sent: each in its
 * learner's language, and the other tests' learners read English.
 */
const LEGAL = ['/termsandconditions', '/privacypolicy', '/local/outbox'];

for (const language of ['kn', 'hi'] as const) {
  describe(`at 360×740 in ${language === 'kn' ? 'Kannada' : 'Hindi'}`, () => {
    it('every learner route speaks it (names without a translation excepted), fits the phone and has no serious axe violation', async () => {
      const page = await newPage();
      // Besides the catalogue's untranslated names: the learner's own, and the subject's name as
      // the order keeps it (bought through the API in English).
      const names = await untranslatedNames(language, [
        'Sweep Learner',
        learnerCredentials.email,
        'Mathematics',
      ]);
      const found: string[] = [];
      const check = async (route: string) => {
        await open(page, route);
        expect(await page.evaluate('document.documentElement.lang'), route).toBe(language);
        found.push(...(await problems(page, route)));
        if (!LEGAL.some((p) => route.startsWith(p))) {
          found.push(...(await englishLeft(page, route, names)));
        }
      };
      // A shared link's `lang` chooses the language, and the device keeps it.
      await page.goto(`/?lang=${language}`);
      for (const route of SIGNED_OUT_ONLY.filter((r) => learnerPaths.includes(r)))
        await check(route);
      // Signed in through the English form (the helper finds its fields by their English names).
      await page.goto('/?lang=en');
      await signInAsLearner(page, learnerCredentials.email, learnerCredentials.password);
      await page.goto(`/GetBoard?lang=${language}`);
      for (const route of learnerRoutes()) {
        if (SIGNED_OUT_ONLY.includes(route)) continue;
        await check(route);
      }
      expect(errors, 'uncaught page errors').toEqual([]);
      expect(found, `\n${found.join('\n')}\n`).toEqual([]);
    }, 900_000);
  });
}
