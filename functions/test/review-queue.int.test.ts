import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, newLearner, routePath } from './api.ts';
import { ADMIN_DATA, historyTopics, LEARNER_DATA, signedInAdmin } from './fixtures.ts';

/*
 * Spaced review and streaks (issue 31) against the local stack.
 *
 * The local clock is process-wide: these tests move the stack's clock forward, which every other
 * test sharing the stack then sees. Only spaced review and streaks read that clock, and moving
 * it forward only ever makes more questions due (never fewer), so no other test is disturbed;
 * these tests assert relative to when they ran, never a date.
 */

const call = api();
const admin = signedInAdmin(call);

type Learner = Awaited<ReturnType<typeof newLearner>>;
interface Question {
  question_id: string;
  topic_id: string;
  text: string;
}

const insert = (body: object) =>
  call('POST', `${ADMIN_DATA}/insertQuestions`, { token: admin.token, body });
const getQuiz = (who: Learner, topicId: string) =>
  call('GET', `${LEARNER_DATA}/getQuiz?topic_id=${topicId}`, { token: who.token });
const answer = (who: Learner, body: object) =>
  call('POST', `${LEARNER_DATA}/answerQuiz`, { token: who.token, body });
const queue = (who: Learner) =>
  call('GET', routePath('practice.getReviewQueue'), { token: who.token });
const summary = (who: Learner) =>
  call('GET', routePath('practice.getReviewSummary'), { token: who.token });
const advance = (days: unknown) =>
  call('POST', routePath('local.clock'), { body: { advance_days: days } });

const CAPITAL = {
  type: 'single',
  text: 'Which city did Akbar build as his capital?',
  options: ['Fatehpur Sikri', 'Madurai', 'Hampi'],
  answer: '1',
  explanation: 'Fatehpur Sikri, near Agra.',
  status: 'approved',
};
const DIN = {
  type: 'true_false',
  text: 'Akbar started the Din-i-Ilahi.',
  answer: true,
  explanation: 'He did, in 1582.',
  status: 'approved',
};
const PAID = {
  type: 'true_false',
  text: 'The Taj Mahal is in Agra.',
  answer: true,
  explanation: 'On the Yamuna, in Agra.',
  status: 'approved',
};

describe('the local clock (local stack only)', () => {
  it('refuses anything but a whole number of days from 1 to 365, with a plain message', async () => {
    for (const days of [0, -1, 1.5, 366, '1', null]) {
      const res = await advance(days);
      expect({ days, status: res.status, message: res.body.message }).toEqual({
        days,
        status: 400,
        message: 'advance_days must be a whole number from 1 to 365.',
      });
    }
  });
});

describe('spaced review', () => {
  let topics: Awaited<ReturnType<typeof historyTopics>>;
  let learner: Learner;

  beforeAll(async () => {
    topics = await historyTopics(admin.post);
    for (const q of [CAPITAL, DIN]) {
      expect((await insert({ topic_id: topics.free.topic_id, ...q })).status).toBe(201);
    }
    expect((await insert({ topic_id: topics.paid.topic_id, ...PAID })).status).toBe(201);
    learner = await newLearner(call, 'Review Learner');
  });

  it('brings back a missed question the next day, reschedules it once, and never shows answers', async () => {
    // Given a topic quiz in which the learner misses one question and gets the other right
    const quiz = (await getQuiz(learner, topics.free.topic_id)).body.data;
    const missed = quiz.questions.find((q: Question) => q.text === CAPITAL.text) as Question;
    const right = quiz.questions.find((q: Question) => q.text === DIN.text) as Question;
    const wrong = await answer(learner, {
      attempt_id: quiz.attempt_id,
      question_id: missed.question_id,
      answer: '2',
    });
    expect(wrong.body.data.correct).toBe(false);
    const tomorrow = Date.parse(wrong.body.data.next_review);
    await answer(learner, {
      attempt_id: quiz.attempt_id,
      question_id: right.question_id,
      answer: true,
    });

    // Then nothing is due today, and today counts toward the streak
    const today = await queue(learner);
    expect(today.status).toBe(200);
    expect(today.body.data).toEqual({
      due: 0,
      attempt_id: null,
      questions: [],
      streak: { days: 1, today: true },
    });

    // When the clock moves a day forward
    const moved = await advance(1);
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.data.now)).toBeGreaterThanOrEqual(tomorrow);

    // Then the missed question is due (not the one answered right), without its answer
    expect((await summary(learner)).body.data).toEqual({
      due: 1,
      streak: { days: 1, today: false },
    });
    const due = (await queue(learner)).body.data;
    expect(due.due).toBe(1);
    expect(due.attempt_id).toMatch(/^r1-review-[0-9a-f]{32}$/);
    expect(due.questions).toEqual([
      {
        question_id: missed.question_id,
        topic_id: topics.free.topic_id,
        type: 'single',
        text: CAPITAL.text,
        options: [
          { option_id: '1', text: 'Fatehpur Sikri' },
          { option_id: '2', text: 'Madurai' },
          { option_id: '3', text: 'Hampi' },
        ],
      },
    ]);
    expect(JSON.stringify(due)).not.toMatch(/"answer"|explanation|correct_answer/);

    // When the learner answers it in the review
    const reviewed = await answer(learner, {
      attempt_id: due.attempt_id,
      question_id: missed.question_id,
      answer: '1',
    });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body.data).toMatchObject({
      correct: true,
      score: { correct: 1, total: 1, percent: 100 },
    });
    const next = Date.parse(reviewed.body.data.next_review);
    expect(next).toBeGreaterThan(Date.parse(moved.body.data.now) + 86_400_000);

    // Then a replay is refused and schedules nothing again; nothing is due; the streak grew
    const replay = await answer(learner, {
      attempt_id: due.attempt_id,
      question_id: missed.question_id,
      answer: '2',
    });
    expect(replay.status).toBe(409);
    expect((await queue(learner)).body.data).toMatchObject({
      due: 0,
      questions: [],
      streak: { days: 2, today: true },
    });
  });

  it('never hands out a question of a paid subject the learner does not own', async () => {
    // Given a card of a question in a paid lesson the learner cannot open (as after a refund)
    Object.assign(process.env, inject('stack').env);
    const { saveCard } = await import('../src/db/review.ts');
    const { nextCard } = await import('../src/practice/schedule.ts');
    const other = await newLearner(call, 'Review Refunded');
    const bank = (
      await call('GET', `${ADMIN_DATA}/getQuestions?topic_id=${topics.paid.topic_id}`, {
        token: admin.token,
      })
    ).body.data as Question[];
    const place = {
      question_id: bank[0]!.question_id,
      topic_id: topics.paid.topic_id,
      subject_id: topics.subject.subject_id as string,
      class_id: topics.cls.class_id as string,
      board_id: topics.board.board_id as string,
    };
    const card = nextCard(undefined, false, new Date(Date.now() - 3 * 86_400_000));
    await saveCard(other.userId, place, card, 'planted', undefined);

    // Then the queue neither shows nor counts it
    const res = await queue(other);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ due: 0, attempt_id: null, questions: [] });
    expect((await summary(other)).body.data.due).toBe(0);
  });

  it('counts a lesson watched to the end toward the streak, not one left halfway', async () => {
    const watcher = await newLearner(call, 'Review Watcher');
    const watch = (position: number) =>
      call('POST', `${LEARNER_DATA}/saveTopicProgress`, {
        token: watcher.token,
        body: { topic_id: topics.free.topic_id, position_seconds: position, duration_seconds: 100 },
      });

    expect((await watch(20)).status).toBe(200);
    expect((await summary(watcher)).body.data.streak).toEqual({ days: 0, today: false });

    expect((await watch(99)).status).toBe(200);
    expect((await summary(watcher)).body.data.streak).toEqual({ days: 1, today: true });
  });

  it('answers 401 without a token and 403 to an admin', async () => {
    expect((await call('GET', routePath('practice.getReviewQueue'))).status).toBe(401);
    const asAdmin = await call('GET', routePath('practice.getReviewQueue'), {
      token: admin.token,
    });
    expect(asAdmin.status).toBe(403);
  });
});
