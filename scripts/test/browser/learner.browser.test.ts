import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  launchChromium,
  layoutProblems,
  PHONE,
  signInAsLearner,
  signInByApi,
  watchErrors,
} from './browser.ts';
import { api, routePath, uniqueEmail } from '../../../functions/test/api.ts';
import { signInAdmin } from '../../../functions/test/fixtures.ts';

const stack = inject('stack');
const call = api();
const suffix = Date.now().toString(36);
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
const names = {
  board: `Board ${suffix}`,
  cls: `Class 9 ${suffix}`,
  paid: `Physics ${suffix}`,
  free: `Free Art ${suffix}`,
};

beforeAll(async () => {
  // A small catalogue, made through the admin API.
  const { post } = await signInAdmin(call);
  const board = await post('insertBoards', { board_name: names.board });
  const cls = await post('insertClasses', {
    class_name: names.cls,
    board_id: board.board_id,
    price: 450,
  });
  await post('insertClasses', {
    class_name: `Class 12 ${suffix}`,
    board_id: board.board_id,
    price: 900,
  });
  const paid = await post('insertSubjects', {
    subject_name: names.paid,
    class_id: cls.class_id,
    price: 300,
  });
  const free = await post('insertSubjects', {
    subject_name: names.free,
    class_id: cls.class_id,
    price: 0,
    free_course: true,
  });
  const sub = await post('insertSubSubjects', {
    sub_subject_name: 'Drawing',
    subject_id: free.subject_id,
    price: 0,
  });
  await post('insertChapters', {
    chapter_name: 'Lines',
    subject_id: free.subject_id,
    sub_subject_id: sub.sub_subject_id,
    serial_no: 1,
    description: 'Straight and curved',
  });
  void paid;
  browser = await launchChromium();
  context = await browser.newContext({ baseURL: stack.url });
  page = await context.newPage();
  errors = watchErrors(page);
  const email = uniqueEmail('browse');
  await call('POST', routePath('learner.login.signup'), {
    body: { user_name: 'Browse Learner', email, password: 'Browse2026x' },
  });
  await signInAsLearner(page, email, 'Browse2026x');
});
afterAll(async () => {
  await browser?.close();
});

/** A card's link: its image, title and badge are one link ("Physics", "Art FREE"). */
const card = (name: string) => page.getByRole('link', { name: new RegExp(`^${name}( FREE)?$`) });
/** Waits for a screen by its path, whatever ids its URL carries. */
const atPath = (pathname: string) => page.waitForURL((url) => url.pathname === pathname);

describe('a learner browses the catalogue', () => {
  it('goes board › class › subject by links with ids, filters classes by price, and is led to the subject page of a subject not bought', async () => {
    await card(names.board).click();
    await atPath('/GetClasses');
    expect(new URL(page.url()).searchParams.get('board')).toBeTruthy();
    await card(names.cls).waitFor();
    await page.getByLabel('Price').selectOption({ label: 'Above 500' });
    expect(await card(names.cls).count()).toBe(0);
    await page.getByLabel('Price').selectOption({ label: '100 - 500' });
    // The title opens the card too (bug 10): it is part of the one link.
    await page.getByRole('heading', { name: names.cls, exact: true }).click();
    await atPath('/GetSubject');
    expect(new URL(page.url()).searchParams.get('class')).toBeTruthy();

    const paidCard = page.getByRole('article').filter({ hasText: names.paid });
    await paidCard.getByRole('button', { name: 'Add to favourites' }).click();
    await paidCard.getByRole('button', { name: 'Remove from favourites' }).waitFor();
    await paidCard.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Added Successfully').first().waitFor();

    expect(await card(names.paid).getAttribute('href')).toMatch(/^\/subjects\//);
    await card(names.paid).click();
    await page.getByText("You haven't bought the course !!").waitFor();
    await page.waitForURL((url) => url.pathname.startsWith('/subjects/'));
    // Not a dead end: the subject's page, what it contains and how to buy it.
    await page.getByRole('heading', { level: 1, name: names.paid }).waitFor();
  });

  it('opens a free subject down to its chapters, reloads into the same place, and the breadcrumb leads back', async () => {
    await page.goBack();
    await atPath('/GetSubject');
    await card(names.free).click();
    await atPath('/GetSubSubject');
    await card('Drawing').click();
    await atPath('/GetChapters');
    await page.getByRole('cell', { name: 'Straight and curved' }).waitFor();
    const chapters = page.url();
    expect(new URL(chapters).searchParams.get('subSubject')).toBeTruthy();
    await page.reload();
    await page.getByRole('link', { name: 'Lines' }).waitFor();
    expect(page.url()).toBe(chapters);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    for (const name of [names.board, names.cls, names.free, 'Drawing']) {
      await crumbs.getByRole('link', { name, exact: true }).waitFor();
    }
    expect(await page.getByRole('link', { name: 'Lines' }).getAttribute('href')).toMatch(
      /^\/GetTopic\?chapter=/,
    );
    await crumbs.getByRole('link', { name: names.cls, exact: true }).click();
    await atPath('/GetClasses');
    await card(names.cls).waitFor();
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: names.board })
      .click();
    await atPath('/GetBoard');
  });

  it('keeps favourites on their screen and removes one with its message', async () => {
    await page.goto('/Favourite');
    const card = page.getByRole('article').filter({ hasText: names.paid });
    await card.waitFor();
    await card.getByRole('button', { name: 'Remove from favourites' }).click();
    await page.getByText(`${names.paid} has been removed from favorites.`).waitFor();
    await page.getByText('No favorites found.').waitFor();
    expect(errors).toEqual([]);
  });

  it('shows boards and popular classes on the landing page', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Explore Top Boards' }).waitFor();
    await page.getByRole('heading', { name: 'Our Popular Courses' }).waitFor();
    const popular = page.locator('.cat-grid.popular').getByRole('article');
    expect(await popular.count()).toBeLessThanOrEqual(8);
    // A popular card is a link to its class's page (which classes show depends on the whole
    // stack's data: other test files add classes too).
    const first = popular.first().locator('a.cat-card-open');
    const title = ((await first.locator('.cat-card-title').textContent()) ?? '').trim();
    await first.click();
    await page.waitForURL('**/classes/*');
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    // This file's class, through the list of every class.
    await page.goto('/Board-Class');
    await card(names.cls).click();
    await page.waitForURL('**/classes/*');
    await page.getByRole('heading', { name: names.cls }).waitFor();
    await page.getByRole('button', { name: new RegExp(names.free) }).click();
    await page.getByText('No topics yet.').or(page.getByText('Drawing')).first().waitFor();
    await page.getByRole('button', { name: new RegExp(names.paid) }).click();
  });
});

describe('a learner reviews a missed question the next day (issue 31)', () => {
  it('misses a quiz question, and after the clock moves a day My Courses offers it for review on a phone', async () => {
    // Given a free lesson with one approved question, and a learner who misses it in its quiz
    const { post, token: adminToken } = await signInAdmin(call);
    const board = await post('insertBoards', { board_name: `Review Board ${suffix}` });
    const cls = await post('insertClasses', {
      class_name: `Review Class ${suffix}`,
      board_id: board.board_id,
      price: 0,
      free_course: true,
    });
    const subject = await post('insertSubjects', {
      subject_name: `Review Civics ${suffix}`,
      class_id: cls.class_id,
      price: 0,
      free_course: true,
    });
    const sub = await post('insertSubSubjects', {
      sub_subject_name: 'Government',
      subject_id: subject.subject_id,
      price: 0,
    });
    const chapter = await post('insertChapters', {
      chapter_name: 'Parliament',
      subject_id: subject.subject_id,
      sub_subject_id: sub.sub_subject_id,
      serial_no: 1,
      description: 'Two houses',
    });
    const topic = await post('insertTopics', {
      chapter_id: chapter.chapter_id,
      topic_name: 'The Lok Sabha',
      author: 'A',
    });
    const inserted = await call('POST', routePath('admin.practice.insert'), {
      token: adminToken,
      body: {
        topic_id: topic.topic_id,
        type: 'single',
        text: `How many members can the Lok Sabha have? ${suffix}`,
        options: ['250', '552', '100'],
        answer: '2',
        explanation: 'Up to 552 members.',
        status: 'approved',
      },
    });
    expect(inserted.status).toBe(201);
    const phone = await browser.newContext({ ...PHONE, baseURL: stack.url });
    const tab = await phone.newPage();
    const tabErrors = watchErrors(tab);
    const email = uniqueEmail('review');
    await call('POST', routePath('learner.login.signup'), {
      body: { user_name: 'Review Learner', email, password: 'Review2026x' },
    });
    const token = await signInByApi(phone, email, 'Review2026x');
    // The quiz is taken through the API: the lesson page that hosts it is being reworked
    // elsewhere; its own tests cover taking a quiz there.
    const quiz = (
      await call('GET', `${routePath('practice.getQuiz')}?topic_id=${topic.topic_id}`, { token })
    ).body.data;
    const missed = await call('POST', routePath('practice.answerQuiz'), {
      token,
      body: {
        attempt_id: quiz.attempt_id,
        question_id: quiz.questions[0].question_id,
        answer: '1',
      },
    });
    expect(missed.body.data.correct).toBe(false);

    // Then today nothing is due: My Courses shows the new streak only
    await tab.goto('/MyCourse');
    await tab.getByText('1-day streak').waitFor();
    expect(await tab.getByRole('link', { name: /to review today/ }).count()).toBe(0);

    // When the local clock moves a day forward. It is the whole shared stack's clock: only
    // spaced review and streaks read it, and forward only makes more questions due, so tests
    // that run after this one are not disturbed.
    const moved = await call('POST', routePath('local.clock'), { body: { advance_days: 1 } });
    expect(moved.status).toBe(200);

    // Then My Courses offers the missed question, and the review asks it
    await tab.reload();
    const line = tab.getByRole('link', { name: '1 question to review today' });
    await line.waitFor();
    await tab.getByText('1-day streak — keep it going today').waitFor();
    expect(await layoutProblems(tab)).toEqual([]);
    await line.click();
    await tab.waitForURL((url) => url.pathname === '/Review');
    await tab.getByText('Review · question 1 of 1').waitFor();
    await tab.getByLabel('552').check();
    await tab.getByRole('button', { name: 'Check answer' }).click();
    await tab.getByText('Correct!').waitFor();
    expect(await layoutProblems(tab)).toEqual([]);
    await tab.getByRole('button', { name: 'Finish review' }).click();
    await tab.getByText('Review done: 1 of 1 right.').waitFor();

    // And back on My Courses nothing is due any more, and the streak has grown
    await tab.getByRole('link', { name: 'Back to My Courses' }).click();
    await tab.getByText('2-day streak').waitFor();
    expect(await tab.getByRole('link', { name: /to review today/ }).count()).toBe(0);
    expect(tabErrors).toEqual([]);
    await phone.close();
  });
});
