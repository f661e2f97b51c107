import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  PHONE,
  launchChromium,
  layoutProblems,
  signInAsLearner,
  uploadSampleVideo,
  watchErrors,
  signInAsAdmin,
} from './browser.ts';
import { api, routePath, uniqueEmail } from '../../../functions/test/api.ts';
import { catalogueLine, signInAdmin } from '../../../functions/test/fixtures.ts';

/*
 * Issue 15 in the back office: a topic saved with an uploaded video shows its transcode's state
 * in the topics table (Processing…, then Ready with its qualities and length), on a phone; the
 * admin adds WebVTT captions to a topic and a learner's lesson player offers them as a track.
 */

const stack = inject('stack');
const call = api();
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/video-pipeline-shots';
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchChromium();
  page = await (await browser.newContext({ baseURL: stack.url, ...PHONE })).newPage();
  errors = watchErrors(page);
  await signInAsAdmin(page, stack.admin);
});
afterAll(async () => {
  await browser?.close();
});

describe('the admin sees a video being transcoded', () => {
  it('shows Processing, then Ready with its qualities, refreshing by itself', async () => {
    const { token, post } = await signInAdmin(call);
    const { chapter } = await catalogueLine(post);
    const videoUrl = await uploadSampleVideo(stack.url, token);
    await post('insertTopics', {
      chapter_id: chapter.chapter_id,
      topic_name: 'Transcoded lesson',
      author: 'Ravi',
      video_url: videoUrl,
    });
    await page.goto(`/Topics?chapter=${chapter.chapter_id}`);
    const row = page.locator('tr', { hasText: 'Transcoded lesson' });
    await row.waitFor();
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/topics-video-360-first.png`, fullPage: true });
    // No reload: the list polls while a video is processing.
    await row.getByText(/^Ready · \d qualit(y|ies) · \d+:\d\d$/).waitFor({ timeout: 90_000 });
    await page.screenshot({ path: `${SHOTS}/topics-video-360-ready.png`, fullPage: true });
    expect(await layoutProblems(page, 'topics with a video')).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('the admin adds captions to a topic', () => {
  it('uploads an English WebVTT in the Captions dialog at 360 px; the lesson player gets its track', async () => {
    const { token, post } = await signInAdmin(call);
    const { chapter } = await catalogueLine(post);
    const topic = await post('insertTopics', {
      chapter_id: chapter.chapter_id,
      topic_name: 'Captioned lesson',
      author: 'Ravi',
      free_to_watch: '1',
      video_url: await uploadSampleVideo(stack.url, token),
    });
    const vtt = join(tmpdir(), `captions-${Date.now()}.vtt`);
    writeFileSync(vtt, 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nNamaste, class.\n');

    await page.goto(`/Topics?chapter=${chapter.chapter_id}`);
    const row = page.locator('tr', { hasText: 'Captioned lesson' });
    await row.getByRole('button', { name: 'Captions of Captioned lesson' }).click();
    const dialog = page.getByRole('dialog', { name: 'Captions of Captioned lesson' });
    await dialog.getByText('No captions yet.').waitFor();
    await dialog.getByLabel('Language').selectOption('en');
    await dialog.getByLabel('WebVTT file (.vtt)').setInputFiles(vtt);
    await dialog.getByRole('button', { name: 'Add captions' }).click();
    const tracks = dialog.getByRole('list', { name: 'Captions tracks' });
    await tracks.getByText('English (en)').waitFor();
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/topics-captions-360.png` });
    expect(await layoutProblems(page, 'the captions dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await row.getByText('English', { exact: false }).first().waitFor();

    // A learner who may watch the topic (free to watch) gets the track in the lesson player.
    const learner = await (await browser.newContext({ baseURL: stack.url, ...PHONE })).newPage();
    const learnerErrors = watchErrors(learner);
    const email = uniqueEmail('captions');
    await call('POST', routePath('learner.login.signup'), {
      body: { user_name: 'Caption Reader', email, password: 'Learn2026x' },
    });
    await signInAsLearner(learner, email, 'Learn2026x');
    await learner.goto(`/GetTopic?chapter=${chapter.chapter_id}&topic=${topic.topic_id}`);
    await learner.getByRole('heading', { level: 1, name: 'Captioned lesson' }).waitFor();
    const track = learner.locator('video track[kind="subtitles"][srclang="en"]');
    await track.waitFor({ state: 'attached' });
    expect(await track.count()).toBe(1);
    expect(await layoutProblems(learner, 'the captioned lesson')).toEqual([]);
    expect(learnerErrors).toEqual([]);
    expect(errors).toEqual([]);
  });
});
