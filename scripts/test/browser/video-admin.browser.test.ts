import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  PHONE,
  launchChromium,
  layoutProblems,
  uploadSampleVideo,
  watchErrors,
} from './browser.ts';
import { api } from '../../../functions/test/api.ts';
import { catalogueLine, signInAdmin } from '../../../functions/test/fixtures.ts';

/*
 * Issue 15 in the back office: a topic saved with an uploaded video shows its transcode's state
 * in the topics table (Processing…, then Ready with its qualities and length), on a phone.
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
  await page.goto('/AdminLoginNew');
  await page.getByLabel('Email').fill(stack.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(stack.admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/Setup');
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
