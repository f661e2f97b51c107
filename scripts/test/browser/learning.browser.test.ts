import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, signInAsLearner, watchErrors } from './browser.ts';
import { api, routePath, uniqueEmail } from '../../../functions/test/api.ts';
import { signInAdmin } from '../../../functions/test/fixtures.ts';

const stack = inject('stack');
const call = api();
const suffix = Date.now().toString(36);
const sample = readFileSync(
  fileURLToPath(new URL('../../assets/sample-lesson.mp4', import.meta.url)),
);
let browser: Browser;
let page: Page;
let errors: string[];

/** Uploads the sample video as an admin would, through a presigned POST. */
async function uploadVideo(token: string): Promise<string> {
  const res = await call('POST', routePath('uploads.presign'), {
    token,
    body: {
      kind: 'video',
      file_name: 'lesson.mp4',
      content_type: 'video/mp4',
      size: sample.length,
    },
  });
  const form = new FormData();
  for (const [k, v] of Object.entries(res.body.data.fields as Record<string, string>))
    form.append(k, v);
  form.append('file', new Blob([sample], { type: 'video/mp4' }));
  const stored = await fetch(new URL(res.body.data.upload_url, stack.url), {
    method: 'POST',
    body: form,
  });
  if (stored.status !== 204) throw new Error(`upload failed: ${stored.status}`);
  return res.body.data.url as string;
}

beforeAll(async () => {
  const { token, post } = await signInAdmin(call);
  const video = await uploadVideo(token);
  const board = await post('insertBoards', { board_name: `Learn ${suffix}` });
  const cls = await post('insertClasses', {
    class_name: `Class 8 ${suffix}`,
    board_id: board.board_id,
    price: 100,
  });
  const subject = await post('insertSubjects', {
    subject_name: `Science ${suffix}`,
    class_id: cls.class_id,
    price: 0,
    free_course: true,
  });
  const sub = await post('insertSubSubjects', {
    sub_subject_name: 'Physics',
    subject_id: subject.subject_id,
    price: 0,
  });
  const chapter = await post('insertChapters', {
    chapter_name: 'Sound',
    subject_id: subject.subject_id,
    sub_subject_id: sub.sub_subject_id,
    serial_no: 1,
    description: 'Waves',
  });
  await post('insertTopics', {
    chapter_id: chapter.chapter_id,
    topic_name: 'Echoes',
    author: 'Meena',
    topic_description: 'How sound reflects',
    video_url: video,
    language: 'english',
  });

  browser = await launchChromium();
  page = await (await browser.newContext({ baseURL: stack.url })).newPage();
  errors = watchErrors(page);
  const email = uniqueEmail('student');
  await call('POST', routePath('learner.login.signup'), {
    body: { user_name: 'Student One', email, password: 'Learn2026x' },
  });
  await signInAsLearner(page, email, 'Learn2026x');
  await page.getByRole('link', { name: `Learn ${suffix}`, exact: true }).click();
  await page.getByRole('link', { name: `Class 8 ${suffix}`, exact: true }).click();
  await page.getByRole('link', { name: `Science ${suffix} FREE`, exact: true }).click();
  await page.getByRole('link', { name: 'Physics', exact: true }).click();
  await page.getByRole('cell', { name: 'Sound' }).click();
  await page.waitForURL((url) => url.pathname === '/GetTopic');
});
afterAll(async () => {
  await browser?.close();
});

const videoState = () =>
  page.evaluate(() => {
    const v = document.querySelector('video');
    return v ? { ready: v.readyState, time: v.currentTime, duration: v.duration } : null;
  });

describe('a learner inside a topic', () => {
  it('plays the topic and resumes where they left it after a reload', async () => {
    await page.getByRole('heading', { name: 'Echoes' }).waitFor();
    await page.getByText('View Notes').or(page.getByText('Not Available')).first().waitFor();
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    await page.evaluate(() => {
      const v = document.querySelector('video')!;
      v.currentTime = 3;
      v.dispatchEvent(new Event('pause'));
    });
    await page.waitForTimeout(500);
    await page.reload();
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 2.5);
    expect((await videoState())?.time).toBeGreaterThan(2.5);
  });

  it('posts, edits and deletes a review, with the summary following', async () => {
    await page.getByRole('button', { name: 'Post Review' }).click();
    await page.getByText('Please provide a rating').waitFor();
    await page.getByLabel('Rating').selectOption('4.5');
    await page.getByLabel('Review').fill('Very clear');
    await page.getByRole('button', { name: 'Post Review' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Review created successfully').waitFor();
    await page.getByText('(1 review)').waitFor();
    expect(await page.getByRole('button', { name: 'Post Review' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Rating').selectOption('3');
    await page.getByRole('button', { name: 'Update Review' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Review updated successfully').waitFor();
    await page.getByRole('img', { name: 'Rated 3 out of 5' }).first().waitFor();

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Review deleted successfully').waitFor();
    await page.getByRole('button', { name: 'Post Review' }).waitFor();
  });

  it('draws an unfilled rating star without the padding of the empty-state block', async () => {
    await page.getByLabel('Rating').selectOption('2.5');
    await page.getByLabel('Review').fill('Half of it was clear');
    await page.getByRole('button', { name: 'Post Review' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    const stars = page.getByRole('img', { name: 'Rated 2.5 out of 5' }).first().locator('.star');
    await stars.first().waitFor();
    const paddings = await stars.evaluateAll((els) =>
      els.map((el) => getComputedStyle(el).padding),
    );
    expect(paddings).toEqual(['0px', '0px', '0px', '0px', '0px']);
  });

  it('asks a question, and asks the AI teacher and sees its answer (and its refusal off-topic)', async () => {
    await page.getByRole('button', { name: 'Post Question' }).click();
    await page.getByText('Question cannot be empty !!').waitFor();
    await page.getByLabel('Question', { exact: true }).fill('Why do echoes happen?');
    await page.getByRole('button', { name: 'Post Question' }).click();
    await page.getByText('Question posted successfully.').waitFor();
    await page.getByText('Why do echoes happen?').waitFor();

    await page.getByRole('button', { name: 'Ask AI' }).click();
    const box = page.getByRole('dialog', { name: 'Ask AI' });
    await box.getByPlaceholder('Ask a question about this topic').fill('What is an echo?');
    await box.getByRole('button', { name: 'Ask' }).click();
    await box.getByText('Loading...').or(box.getByText('An echo is a')).first().waitFor();
    await box.getByText('An echo is a').waitFor();
    expect(await box.locator('strong', { hasText: 'reflected' }).count()).toBe(1);
    await box
      .getByPlaceholder('Ask a question about this topic')
      .fill('Who won the cricket match?');
    await box.getByRole('button', { name: 'Ask' }).click();
    await box.getByText('I can only help with questions about this class and topic.').waitFor();

    // The conversation is the server's: a learner who comes back sees it again.
    await page.reload();
    await page.getByRole('button', { name: 'Ask AI' }).click();
    const again = page.getByRole('dialog', { name: 'Ask AI' });
    await again.getByText('What is an echo?', { exact: true }).waitFor();
    await again.getByText('I can only help with questions about this class and topic.').waitFor();
  });

  it('updates the profile with its validations', async () => {
    await page.goto('/Profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Profile' });
    await modal.getByLabel('Mobile').fill('98x76543210999');
    expect(await modal.getByLabel('Mobile').inputValue()).toBe('9876543210');
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Date of birth is required!').waitFor();
    await modal.getByLabel('Date of Birth').fill('2011-02-03');
    await modal.getByLabel('Course of Study').fill('Class 8');
    await modal.getByLabel('Profile Image').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from('89504e470d0a1a0a', 'hex'),
    });
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile Updated Successfully').waitFor();
    await page.getByText('9876543210').waitFor();
    expect(errors).toEqual([]);
  });
});
