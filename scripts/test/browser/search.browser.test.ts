/**
 * Issue 34's "Done when", on a phone (360×740) against the stack with the demo catalogue: a word
 * said only in a lesson's captions finds that lesson and opens it with the video at the second it
 * is said; a word from a demo notes page opens that page; a Kannada query in the Kannada
 * interface finds the Kannada lesson; after its chapter is saved, the search finds the lesson
 * offline. No screen on the way scrolls sideways.
 *
 * The demo lessons last 4 s under test (scripts/src/demo-assets.ts) and their captions begin with
 * the topic's own name, so a word said only in captions, later than the start, is given here: a
 * free lesson of this file's own class whose only cue, at 4 s, says "zygomorphic".
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SearchIndexFile, SearchPointer } from '@gia/shared/search-types.ts';
import { wordsOf } from '@gia/shared/search-text.ts';
import {
  demoCatalogueOnce,
  launchChromium,
  layoutProblems,
  PHONE,
  signInAsLearner,
  uploadSampleVideo,
  watchErrors,
} from './browser.ts';
import { api, newLearner, routePath } from '../../../functions/test/api.ts';
import { ADMIN_DATA, signInAdmin } from '../../../functions/test/fixtures.ts';

const stack = inject('stack');
const call = api();
const suffix = Date.now().toString(36);
const SHOTS = process.env.GIA_SCREENSHOTS;
// The API answers JSON whose records are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = any;

/** The word said only in the captions of this file's lesson, and the second it is said. */
const CAPTION_WORD = 'zygomorphic';
const CAPTION_SECOND = 4;
const CAPTIONS = [
  'WEBVTT',
  '',
  '1',
  `00:00:0${CAPTION_SECOND}.000 --> 00:00:05.900`,
  `Petals of a ${CAPTION_WORD} flower mirror one way only.`,
  '',
].join('\n');

const ids = { cls: '', chapter: '', topic: '', sslc: '' };
/** A word on a demo notes page of a free SSLC lesson, found on that page only, and where. */
let notesWord: { word: string; page: number; topics: string[] };
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let learner: { email: string; password: string };
const problems: string[] = [];

/** Notes what breaks the screen on the phone (asserted empty at the end), and keeps a picture. */
async function checkFits(step: string) {
  problems.push(...(await layoutProblems(page, step)));
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `search-${step}-360.png`) });
}

/** Waits until a topic's notes or captions are read, reading them here if the hook is slow. */
async function sourcesRead(
  token: string,
  topicId: string,
  what: 'notes' | 'captions',
  key?: string,
) {
  const sources = async () =>
    (await call('GET', `${ADMIN_DATA}/getTopicSources?topic_id=${topicId}`, { token })).body?.data;
  const ready = async () => {
    const s = await sources();
    return what === 'notes'
      ? s?.notes?.status === 'ready'
      : (s?.captions ?? []).some((c: Rec) => c.cues.length > 0);
  };
  for (let i = 0; i < 20 && !(await ready()); i++) await new Promise((r) => setTimeout(r, 500));
  if (!(await ready()) && key) {
    const { extractSource } = await import('@gia/functions/sources/handler.ts');
    await extractSource(key);
  }
  expect(await ready()).toBe(true);
}

/** A class's index as the app reads it: its pointer, then the file it names, over HTTP. */
async function servedIndex(classId: string): Promise<SearchIndexFile> {
  const pointerRes = await fetch(`${stack.url}/media/public/search/${classId}/latest.json`);
  expect(pointerRes.status).toBe(200);
  const pointer = (await pointerRes.json()) as SearchPointer;
  const file = await fetch(`${stack.url}/media/${pointer.file}`);
  expect(file.status).toBe(200);
  // Named by its content: kept for good (its pointer, a minute).
  expect(file.headers.get('cache-control')).toContain('immutable');
  return (await file.json()) as SearchIndexFile;
}

/**
 * A word on one page of the notes of free topics in `file` (a demo chapter's topics share its
 * notes: the same page of each), that no name and no caption holds, a later page first (so the
 * page the link opens is not simply the first), a longer word first (its prefix finds nothing
 * else either). Answers the word, its page, and the topics whose notes have it.
 */
function notesOnlyWord(file: SearchIndexFile) {
  const elsewhere = new Set<string>();
  for (const node of file.nodes)
    for (const name of Object.values(node.n)) for (const w of wordsOf(name ?? '')) elsewhere.add(w);
  const pages = new Map<string, { pages: Set<number>; topics: Set<string> }>();
  for (const place of file.places) {
    const words = wordsOf(`${place.s} ${place.w ?? ''}`);
    if (place.k === 'video') {
      for (const w of words) elsewhere.add(w);
      continue;
    }
    const topic = file.nodes[place.t]!;
    for (const w of words) {
      const seen = pages.get(w) ?? { pages: new Set(), topics: new Set() };
      seen.pages.add(place.at);
      if (topic.free) seen.topics.add(topic.id);
      pages.set(w, seen);
    }
  }
  const candidates = [...pages]
    .filter(([w]) => /^[a-z]{7,}$/.test(w) && !elsewhere.has(w))
    .filter(([, seen]) => seen.pages.size === 1 && seen.topics.size > 0)
    .map(([word, seen]) => ({ word, page: [...seen.pages][0]!, topics: [...seen.topics] }))
    .sort((a, b) => b.page - a.page || b.word.length - a.word.length);
  const found = candidates[0];
  if (!found) throw new Error('no word of the demo notes is on one page only');
  return found;
}

beforeAll(async () => {
  Object.assign(process.env, stack.env, { LOG_LEVEL: 'SILENT' });
  await demoCatalogueOnce('search');
  const { token, post } = await signInAdmin(call);

  // This file's free lesson with its captions.
  const video = await uploadSampleVideo(stack.url, token);
  const board = await post('insertBoards', { board_name: `Search ${suffix}` });
  const cls = await post('insertClasses', {
    class_name: `Class 7 ${suffix}`,
    board_id: board.board_id,
    price: 100,
  });
  const subject = await post('insertSubjects', {
    subject_name: `Botany ${suffix}`,
    class_id: cls.class_id,
    price: 0,
    free_course: true,
  });
  const sub = await post('insertSubSubjects', {
    sub_subject_name: 'Plants',
    subject_id: subject.subject_id,
    price: 0,
  });
  const chapter = await post('insertChapters', {
    chapter_name: 'Flowers',
    subject_id: subject.subject_id,
    sub_subject_id: sub.sub_subject_id,
    serial_no: 1,
    description: 'Parts of a flower',
  });
  const topic = await post('insertTopics', {
    chapter_id: chapter.chapter_id,
    topic_name: 'Symmetry of petals',
    author: 'Meena',
    topic_description: 'How petals are arranged.',
    video_url: video,
    language: 'english',
    serial_no: 1,
  });
  const { seedDemoCaptions } = await import('../../src/demo-captions.ts');
  await seedDemoCaptions(topic.topic_id, CAPTIONS);
  await sourcesRead(
    token,
    topic.topic_id,
    'captions',
    `private/captions/${topic.topic_id}-demo-captions.vtt`,
  );
  Object.assign(ids, { cls: cls.class_id, chapter: chapter.chapter_id, topic: topic.topic_id });

  // The demo's SSLC Class 10: free Mathematics (English notes), Science in Kannada.
  const boards = (await call('GET', routePath('catalogue.getBoards', {}, { limit: 1000 }))).body
    .data as Rec[];
  const sslc = boards.filter((b) => b.board_name === 'SSLC').at(-1);
  const sslcClass = (
    await call('GET', routePath('catalogue.getClasses', {}, { board_id: sslc.board_id }))
  ).body.data[0];
  ids.sslc = sslcClass.class_id;
  const { listByParent } = await import('@gia/functions/db/catalogue.ts');
  const subjects = (await listByParent('subject', ids.sslc, { limit: 1000 })).items as Rec[];
  for (const s of subjects) {
    const subs = (await listByParent('sub-subject', s.subject_id, { limit: 1000 })).items as Rec[];
    for (const ss of subs) {
      const chapters = (await listByParent('chapter', ss.sub_subject_id, { limit: 1000 }))
        .items as Rec[];
      for (const c of chapters) {
        const topics = (await listByParent('topic', c.chapter_id, { limit: 1000 })).items as Rec[];
        for (const t of topics.filter((t) => t.notes_url)) {
          await sourcesRead(
            token,
            t.topic_id,
            'notes',
            String(t.notes_url).replace(/^\/media\//, ''),
          );
        }
      }
    }
  }

  // Both indexes, as the search function publishes them when the catalogue or a source changes
  // (its stream consumer may have done it already: the file is named by its content).
  const { publishClassIndex } = await import('@gia/functions/search/publish.ts');
  expect(await publishClassIndex(ids.cls)).toBeDefined();
  expect(await publishClassIndex(ids.sslc)).toBeDefined();
  notesWord = notesOnlyWord(await servedIndex(ids.sslc));

  learner = await newLearner(call, 'Search Learner');
  browser = await launchChromium();
  context = await browser.newContext({ baseURL: stack.url, ...PHONE });
  page = await context.newPage();
  errors = watchErrors(page);
  await signInAsLearner(page, learner.email, learner.password);
  // The worker controls the pages (the offline search runs from what it keeps).
  await page.evaluate(`navigator.serviceWorker.ready`);
}, 240_000);
afterAll(async () => {
  await browser?.close();
});

const videoTime = () =>
  page.evaluate(() => {
    const v = document.querySelector('video');
    return v && v.readyState >= 1 ? v.currentTime : null;
  });

describe('search on a phone (issue 34)', () => {
  it('finds a word said only in a lesson’s captions from the header, and opens the lesson at that second', async () => {
    await page.goto(`/GetSubject?class=${ids.cls}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const field = page.getByRole('searchbox', { name: 'Search lessons' });
    await field.waitFor();
    await checkFits('header-open');
    await field.fill(CAPTION_WORD);
    await field.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    expect(new URL(page.url()).searchParams.get('class')).toBe(ids.cls);

    const lesson = page.getByRole('listitem').filter({ hasText: 'Symmetry of petals' });
    const place = lesson.getByRole('link', { name: /^Video 00:04/ });
    await place.waitFor();
    expect(await lesson.getByText(`Class 7 ${suffix} · Botany ${suffix} · Flowers`).count()).toBe(
      1,
    );
    expect(await place.locator('mark').textContent()).toBe(CAPTION_WORD);
    await checkFits('results-caption');
    await place.click();

    await page.getByRole('heading', { level: 1, name: 'Symmetry of petals' }).waitFor();
    expect(new URL(page.url()).searchParams.get('t')).toBe(String(CAPTION_SECOND));
    await expect.poll(videoTime, { timeout: 60_000 }).not.toBeNull();
    await expect
      .poll(async () => Math.abs((await videoTime())! - CAPTION_SECOND) < 1, { timeout: 30_000 })
      .toBe(true);
    await page.evaluate(`document.querySelector('video').pause()`);
    // The player's own clock says so too (not only the picture).
    await expect
      .poll(() => page.locator('.vp-time').first().textContent())
      .toMatch(new RegExp(`^0:0${CAPTION_SECOND} /`));
    await checkFits('lesson-at-second');
  });

  it('searches as the learner types, and opens a notes page at that page', async () => {
    await page.goto(`/search?class=${ids.sslc}`);
    const field = page.getByRole('searchbox', { name: 'Search topics, notes and videos' });
    await field.pressSequentially(notesWord.word, { delay: 30 });
    const place = page.getByRole('link', { name: new RegExp(`^Notes p\\. ${notesWord.page}\\b`) });
    await place.first().waitFor();
    await checkFits('results-notes');
    const href = new URL((await place.first().getAttribute('href'))!, stack.url);
    expect(href.pathname).toBe('/Notes');
    expect(href.searchParams.get('page')).toBe(String(notesWord.page));
    expect(notesWord.topics).toContain(href.searchParams.get('topic'));
    await place.first().click();
    await page.waitForURL((url) => url.pathname === '/Notes');
    await page
      .getByText(new RegExp(`^Page ${notesWord.page} of \\d+`))
      .first()
      .waitFor();
    await checkFits('notes-page');
  });

  it('finds a Kannada lesson by its Kannada name in the Kannada interface', async () => {
    await page.goto(`/search?class=${ids.sslc}&lang=kn`);
    await expect.poll(() => page.evaluate('document.documentElement.lang')).toBe('kn');
    const field = page.getByRole('searchbox', { name: 'ವಿಷಯಗಳು, ನೋಟ್ಸ್ ಮತ್ತು ವೀಡಿಯೊಗಳನ್ನು ಹುಡುಕಿ' });
    await field.fill('ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ');
    const topic = page.getByRole('link', { name: 'ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ', exact: true });
    await topic.first().waitFor();
    await page
      .getByText(/^ಹತ್ತನೇ ತರಗತಿ · /)
      .first()
      .waitFor();
    await checkFits('results-kannada');
    // Back to English for what follows.
    await page.goto('/search?lang=en');
    await expect.poll(() => page.evaluate('document.documentElement.lang')).toBe('en');
  });

  it('offline, finds the lesson of a saved chapter', async () => {
    await page.goto(`/GetTopic?chapter=${ids.chapter}&topic=${ids.topic}`);
    await page.getByRole('heading', { level: 1, name: 'Symmetry of petals' }).waitFor();
    expect(await page.evaluate(`navigator.serviceWorker.controller !== null`)).toBe(true);
    const curriculum = page.getByRole('navigation', { name: 'Flowers' });
    await curriculum.getByRole('button', { name: 'Save chapter for offline' }).click();
    await curriculum.getByText(/^Download size: /).waitFor();
    await curriculum.getByRole('button', { name: /^Save \d/ }).click();
    await curriculum.getByText(/This chapter is saved for offline/).waitFor({ timeout: 120_000 });

    await context.setOffline(true);
    try {
      await page.goto(`/search?q=${CAPTION_WORD}`);
      await page.getByText('You are offline: searching your saved chapters only.').waitFor();
      const place = page.getByRole('link', { name: /^Video 00:04/ });
      await place.waitFor();
      expect(await place.getAttribute('href')).toBe(
        `/GetTopic?chapter=${ids.chapter}&topic=${ids.topic}&t=${CAPTION_SECOND}`,
      );
      await checkFits('results-offline');
    } finally {
      await context.setOffline(false);
    }
  });

  it('never scrolls sideways, and raised no page error', () => {
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  });
});
