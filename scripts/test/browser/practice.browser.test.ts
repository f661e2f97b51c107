import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_NOTES, lessonNotesPdf } from '../../src/demo-notes.ts';
import {
  demoCatalogueOnce,
  launchChromium,
  layoutProblems,
  PHONE,
  signInAsLearner,
  uploadFile,
  uploadSampleVideo,
  watchErrors,
  signInAsAdmin,
} from './browser.ts';
import { api, buySubjects, newLearner, routePath } from '../../../functions/test/api.ts';
import { ADMIN_DATA, catalogueLine, signInAdmin } from '../../../functions/test/fixtures.ts';

/*
 * Issue 17 end to end on 360 px phones, against the whole stack and its OpenAI stand-in: the
 * admin drafts questions from a topic's notes, approves them and pins one to the video; a learner
 * takes the lesson quiz and the chapter test with feedback and a source link, the pinned question
 * pauses the video, and mastery shows on My Courses and the subject page.
 */

const stack = inject('stack');
const call = api();
const SHOTS = process.env.SCREENSHOT_DIR;
let browser: Browser;
let admin: Page;
let phone: Page;
let errors: string[];
const ids = { chapter: '', topic: '', other: '', subject: '' };
let learner: Awaited<ReturnType<typeof newLearner>>;

/** Waits until the stack has read the topic's notes (the sources function runs on the upload). */
async function notesReady(token: string) {
  for (let i = 0; i < 40; i++) {
    const res = await call('GET', `${ADMIN_DATA}/getTopicSources?topic_id=${ids.topic}`, { token });
    if (res.body?.data?.notes?.status === 'ready') return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the notes were not read');
}

const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

beforeAll(async () => {
  const { token, post } = await signInAdmin(call);
  const line = await catalogueLine(post);
  ids.chapter = line.chapter.chapter_id;
  ids.subject = line.subject.subject_id;
  const notes = await uploadFile(stack.url, token, {
    kind: 'notes',
    name: 'quadratics.pdf',
    type: 'application/pdf',
    bytes: await lessonNotesPdf(DEMO_NOTES['Quadratic Equations']!),
  });
  ids.topic = (
    await post('insertTopics', {
      chapter_id: ids.chapter,
      topic_name: 'Quadratic equations',
      author: 'Ravi',
      free_to_watch: '1',
      serial_no: 1,
      notes_url: notes.url,
      video_url: await uploadSampleVideo(stack.url, token),
    })
  ).topic_id;
  ids.other = (
    await post('insertTopics', {
      chapter_id: ids.chapter,
      topic_name: 'Roots',
      author: 'Ravi',
      free_to_watch: '1',
      serial_no: 2,
    })
  ).topic_id;
  await post('insertQuestions', {
    topic_id: ids.other,
    type: 'numeric',
    text: 'How many roots can a quadratic equation have at most?',
    answer: 2,
    explanation: 'Its degree is two.',
    status: 'approved',
  });
  await notesReady(token);

  browser = await launchChromium();
  admin = await (await browser.newContext({ baseURL: stack.url, ...PHONE })).newPage();
  phone = await (await browser.newContext({ baseURL: stack.url, ...PHONE })).newPage();
  errors = [...watchErrors(admin), ...watchErrors(phone)];
  await signInAsAdmin(admin, stack.admin);
  learner = await newLearner(call, 'Practice Learner');
  await buySubjects(call, learner.token, [ids.subject]);
  await signInAsLearner(phone, learner.email, learner.password);
});
afterAll(async () => {
  await browser?.close();
});

describe('the admin’s question bank', () => {
  it('drafts questions from the notes, approves them and pins one to the video', async () => {
    await admin.goto(`/TopicQuestions?topic=${ids.topic}`);
    await admin.getByText('0 questions, 0 approved').waitFor();
    await admin.getByLabel('Questions to draft').selectOption('3');
    await admin.getByRole('button', { name: 'Draft questions from the notes' }).click();
    await admin.getByText('3 questions, 0 approved').waitFor();
    expect(await admin.locator('.bank-status.is-draft').count()).toBe(3);

    for (const n of [1, 2]) {
      await admin
        .getByRole('button', { name: /^Approve: / })
        .first()
        .click();
      await admin.getByText(`3 questions, ${n} approved`).waitFor();
    }
    // The last draft: asked in the video at its second 2, approved in the dialog.
    await admin
      .getByRole('button', { name: /^Edit: / })
      .nth(2)
      .click();
    const dialog = admin.getByRole('dialog', { name: 'Edit the question' });
    await dialog.getByLabel('Ask it in the video at second (optional)').fill('2');
    await dialog.getByLabel('Approved: learners get it').check();
    expect(await layoutProblems(admin, 'the question dialog')).toEqual([]);
    await shot(admin, 'question-dialog-360');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('3 questions, 3 approved').waitFor();
    await admin.getByText('asked in the video at 0:02').waitFor();
    expect(await layoutProblems(admin, 'the question bank')).toEqual([]);
    await shot(admin, 'question-bank-360');
  });
});

/** Answers the question on screen as the stand-in drafted it: True, or its second option. */
async function answerRight(page: Page) {
  const truth = page.getByRole('radio', { name: 'True' });
  if (await truth.count()) await truth.check();
  else {
    const number = page.getByLabel('Your answer (a number)');
    if (await number.count()) await number.fill('2');
    else await page.getByRole('radio').nth(1).check();
  }
  await page.getByRole('button', { name: 'Check answer' }).click();
}

describe('a learner practising on a phone', () => {
  it('takes the lesson quiz: feedback with a link to the notes page, then the score', async () => {
    await phone.goto(`/GetTopic?chapter=${ids.chapter}&topic=${ids.topic}`);
    await phone.getByRole('tab', { name: 'Practice' }).click();
    await phone.getByRole('button', { name: 'Take the lesson quiz' }).click();
    await phone.getByText('Lesson quiz · question 1 of 3').waitFor();
    expect(await layoutProblems(phone, 'a quiz question')).toEqual([]);
    await shot(phone, 'quiz-question-360');

    for (let n = 1; n <= 3; n++) {
      await answerRight(phone);
      await phone.getByText('Correct!').waitFor();
      const source = phone.getByRole('link', { name: /^Read it in the notes, page \d$/ });
      // The app's notes viewer at that page (web/src/features/notes).
      expect(await source.getAttribute('href')).toMatch(
        new RegExp(`^/Notes\\?topic=${ids.topic}&page=\\d$`),
      );
      if (n === 1) await shot(phone, 'quiz-feedback-360');
      await phone.getByRole('button', { name: n < 3 ? 'Next question' : 'See your score' }).click();
    }
    await phone.getByText('You scored 3 of 3 (100%).').waitFor();
    await phone.getByText('You have mastered this topic.').waitFor();
    expect(await layoutProblems(phone, 'the score')).toEqual([]);
  });

  it('takes the chapter test, drawn from both topics of the chapter', async () => {
    await phone.getByRole('button', { name: 'Take the chapter test' }).click();
    await phone.getByText('Chapter test · question 1 of 4').waitFor();
    await answerRight(phone);
    await phone.getByText('Correct!').waitFor();
  });

  it('stops the video at the pinned question and plays on after the answer', async () => {
    await phone.goto(`/GetTopic?chapter=${ids.chapter}&topic=${ids.topic}`);
    const video = phone.locator('video');
    await video.waitFor();
    await video.evaluate((v: PlayedVideo) => {
      v.muted = true;
      v.currentTime = 1;
      return v.play();
    });
    const panel = phone.getByRole('region', { name: 'Question at 0:02' });
    await panel.waitFor({ timeout: 15_000 });
    expect(await video.evaluate((v: PlayedVideo) => v.paused)).toBe(true);
    await phone.getByText('The video paused for a question at 0:02').waitFor();
    expect(await layoutProblems(phone, 'a question inside the video')).toEqual([]);
    await shot(phone, 'video-question-360');
    await answerRight(phone);
    await panel.getByText('Correct!').waitFor();
    await panel.getByRole('button', { name: 'Continue the video' }).click();
    await expect.poll(() => video.evaluate((v: PlayedVideo) => !v.paused || v.ended)).toBe(true);
    await expect.poll(() => panel.count()).toBe(0);
  });

  it('ends the lesson with a check: a missed question comes back with its answer and its notes page, then the next lesson', async () => {
    await phone.goto(`/GetTopic?chapter=${ids.chapter}&topic=${ids.topic}`);
    await phone.locator('video').waitFor();
    await phone.getByRole('button', { name: "I've finished" }).click();
    // One primary action, and no second "Next lesson" beside it.
    await phone.getByRole('button', { name: 'Check your understanding' }).click();
    expect(await phone.getByRole('tab', { name: 'Practice' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await phone.getByText('Lesson quiz · question 1 of 3').waitFor();
    // The first answer is wrong (False, or the first option): the right one is marked in view.
    const truth = phone.getByRole('radio', { name: 'False' });
    if (await truth.count()) await truth.check();
    else await phone.getByRole('radio').first().check();
    await phone.getByRole('button', { name: 'Check answer' }).click();
    await phone.getByText('Not quite.').waitFor();
    const marked = phone.locator('.practice-option.is-right-answer');
    expect(await marked.count()).toBe(1);
    expect(await marked.textContent()).toContain('Right answer');
    expect(await layoutProblems(phone, 'a wrong answer')).toEqual([]);
    for (const n of [2, 3]) {
      await phone.getByRole('button', { name: 'Next question' }).click();
      await phone.getByText(`Lesson quiz · question ${n} of 3`).waitFor();
      await answerRight(phone);
      await phone.getByText('Correct!').waitFor();
    }
    await phone.getByRole('button', { name: 'See your score' }).click();
    await phone.getByText('You scored 2 of 3 (67%).').waitFor();
    const missed = phone.getByRole('region', { name: 'The question you missed' });
    await missed.getByText('The right answer:').waitFor();
    // Its notes page opens in the app's notes viewer (a new tab: the result stays).
    const source = missed.getByRole('link', { name: /^Read it in the notes, page \d$/ });
    const page = Number((await source.textContent())!.match(/page (\d)$/)![1]);
    const [viewer] = await Promise.all([phone.context().waitForEvent('page'), source.click()]);
    await viewer.getByText(new RegExp(`^Page ${page} of \\d+$`)).waitFor();
    await viewer.locator('canvas').waitFor();
    await viewer.close();
    const next = phone.getByRole('tabpanel').getByRole('link', { name: 'Next lesson' });
    expect(await next.getAttribute('class')).toContain('btn-primary');
    expect(await layoutProblems(phone, 'the check’s result')).toEqual([]);
    await shot(phone, 'check-result-360');
    await next.click();
    await phone.getByRole('heading', { level: 1, name: 'Roots' }).waitFor();
  });

  it('shows the topic mastered on My Courses and the subject page', async () => {
    await phone.goto('/MyCourse');
    await phone.getByText('1 of 2 topics mastered').waitFor();
    await phone.goto(`/subjects/${ids.subject}`);
    await phone.getByText('1 of 2 topics mastered').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('maths in the demo’s quizzes', () => {
  // Seeding the demo (its lesson video, art and notes) outlasts a test's time on a busy machine.
  beforeAll(async () => {
    Object.assign(process.env, stack.env, { LOG_LEVEL: 'SILENT' });
    await demoCatalogueOnce('practice-maths');
  });

  it('shows a demo question’s TeX as MathML on a 360 px phone, nothing scrolling sideways', async () => {
    const named = async (route: Parameters<typeof routePath>[0], query: object, name: string) => {
      const res = await call('GET', routePath(route, {}, { limit: 1000, ...query }));
      // The API answers records read field by field.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return (res.body.data as any[]).filter((r) => Object.values(r).includes(name)).at(-1);
    };
    const board = await named('catalogue.getBoards', {}, 'CBSE');
    const cls = await named('catalogue.getClasses', { board_id: board.board_id }, 'Class 10');
    const subject = await named('catalogue.getSubjects', { class_id: cls.class_id }, 'Mathematics');
    const sub = await named(
      'catalogue.getSubSubjects',
      { subject_id: subject.subject_id },
      'Algebra',
    );
    const chapter = await named(
      'catalogue.getChapters',
      { sub_subject_id: sub.sub_subject_id },
      'Quadratic Equations',
    );
    // Every question of its first topic holds TeX (scripts/src/demo-practice.ts).
    const topic = await named(
      'catalogue.getTopics',
      { chapter_id: chapter.chapter_id },
      'Quadratic Equations: Introduction',
    );
    await buySubjects(call, learner.token, [subject.subject_id]);

    await phone.goto(`/GetTopic?chapter=${chapter.chapter_id}&topic=${topic.topic_id}`);
    await phone.getByRole('tab', { name: 'Practice' }).click();
    await phone.getByRole('button', { name: 'Take the lesson quiz' }).click();
    await phone.getByText(/^Lesson quiz · question 1 of \d+$/).waitFor();
    const math = phone.locator('.practice-text math').first();
    await math.waitFor();
    // MathML, not the source: no dollar left in the question, the TeX kept for assistive tools.
    expect(await phone.locator('.practice-text').innerText()).not.toContain('$');
    expect(await math.locator('annotation').textContent()).toMatch(/\^|\\/);
    expect(await layoutProblems(phone, 'a quiz question with maths')).toEqual([]);
    await shot(phone, 'quiz-maths-360');
    expect(errors).toEqual([]);
  });
});
