import { randomUUID } from 'node:crypto';
import { LEARNING_MESSAGES, PRACTICE_MESSAGES, gradedOf } from '@gia/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, newLearner, routePath } from './api.ts';
import { ADMIN_DATA, historyTopics, signedInAdmin } from './fixtures.ts';

/*
 * Issue 32 item 5: writes made on the device (perhaps offline) carry a `client_id`; the server
 * accepts each id once, so a retry, a second tab or a replay never counts twice.
 */

const call = api();
const admin = signedInAdmin(call);

type Learner = Awaited<ReturnType<typeof newLearner>>;
type Topics = Awaited<ReturnType<typeof historyTopics>>;

const QUESTIONS = [
  { type: 'single', text: 'Who built it?', options: ['Babur', 'Akbar'], answer: '2' },
  { type: 'true_false', text: 'Akbar ruled from Agra.', answer: true },
  { type: 'numeric', text: 'Year Akbar became emperor?', answer: 1556, tolerance: 0 },
].map((q) => ({ ...q, explanation: `Because: ${q.text}`, status: 'approved' }));

const post = (who: Learner, name: Parameters<typeof routePath>[0], body: object) =>
  call('POST', routePath(name), { token: who.token, body });
const get = (who: Learner, name: Parameters<typeof routePath>[0], query: string) =>
  call('GET', `${routePath(name)}?${query}`, { token: who.token });

/** The questions' statistics as admins see them: how many answers each counted. */
async function answersCounted(topicId: string): Promise<number> {
  const res = await call('GET', `${ADMIN_DATA}/getTopicDropoff?topic_id=${topicId}`, {
    token: admin.token,
  });
  expect(res.status).toBe(200);
  return (res.body.data.questions as { answered: number }[]).reduce((n, q) => n + q.answered, 0);
}

let t: Topics;
beforeAll(async () => {
  t = await historyTopics(admin.post);
  for (const topic of [t.free, t.paid]) {
    for (const q of QUESTIONS) {
      const res = await call('POST', `${ADMIN_DATA}/insertQuestions`, {
        token: admin.token,
        body: { topic_id: topic.topic_id, ...q },
      });
      expect(res.status).toBe(201);
    }
  }
});

describe('an offline practice pack (getOfflineQuiz)', () => {
  it('issues a topic quiz whose questions carry what grading needs, graded on the device as on the server', async () => {
    const me = await newLearner(call, 'Pack Taker');

    const res = await get(me, 'practice.getOfflineQuiz', `topic_id=${t.free.topic_id}`);

    expect(res.status).toBe(200);
    expect(res.body.message).toBe(PRACTICE_MESSAGES.offlineQuizLoaded);
    const pack = res.body.data;
    expect(pack).toMatchObject({ scope: 'topic', topic_id: t.free.topic_id });
    expect(pack.questions).toHaveLength(3);
    for (const q of pack.questions) {
      const answer = QUESTIONS.find((x) => x.text === q.text)!.answer;
      const online = await post(me, 'practice.answerQuiz', {
        attempt_id: pack.attempt_id,
        question_id: q.question_id,
        answer,
      });
      expect(online.status).toBe(200);
      const { score: _score, next_review: _next, ...graded } = online.body.data;
      expect(gradedOf(q, answer)).toEqual(graded);
    }
  });

  it('keeps the entitlement rules of getQuiz: a paid topic is 403, a missing topic_id 400', async () => {
    const me = await newLearner(call, 'Pack Refused');

    const paid = await get(me, 'practice.getOfflineQuiz', `topic_id=${t.paid.topic_id}`);
    const none = await get(me, 'practice.getOfflineQuiz', `chapter_id=${t.chapter.chapter_id}`);

    expect(paid.status).toBe(403);
    expect(paid.body.message).toBe(LEARNING_MESSAGES.notEntitled);
    expect(none.status).toBe(400);
  });
});

describe('an answer made on the device (answerQuiz with client_id)', () => {
  it('counts once: a resend, a second tab and a replay all answer 200 with the first answer', async () => {
    const me = await newLearner(call, 'Resender');
    const before = await answersCounted(t.free.topic_id);
    const pack = (await get(me, 'practice.getOfflineQuiz', `topic_id=${t.free.topic_id}`)).body
      .data;
    const answers = pack.questions.map((q: { question_id: string; text: string }) => ({
      attempt_id: pack.attempt_id,
      question_id: q.question_id,
      answer: QUESTIONS.find((x) => x.text === q.text)!.answer,
      client_id: randomUUID(),
    }));

    // Given the first two answers sent twice at once (two tabs) and then again (a replay)…
    const firsts = [];
    for (const a of answers.slice(0, 2)) {
      const [one, two] = await Promise.all([
        post(me, 'practice.answerQuiz', a),
        post(me, 'practice.answerQuiz', a),
      ]);
      const again = await post(me, 'practice.answerQuiz', a);
      expect([one.status, two.status, again.status]).toEqual([200, 200, 200]);
      expect(two.body.data).toEqual(one.body.data);
      expect(again.body.data).toEqual(one.body.data);
      firsts.push(one.body.data);
    }
    // …when the last answer is sent, and sent again.
    const last = await post(me, 'practice.answerQuiz', answers[2]);
    const lastAgain = await post(me, 'practice.answerQuiz', answers[2]);

    // Then the score counts three answers, the replay answers the same score, and the
    // statistics counted three answers, not seven.
    expect(last.status).toBe(200);
    expect(last.body.data.score).toEqual({ correct: 3, total: 3, percent: 100 });
    expect(lastAgain.status).toBe(200);
    expect(lastAgain.body.data).toEqual(last.body.data);
    expect(firsts.every((g) => g.correct)).toBe(true);
    expect(await answersCounted(t.free.topic_id)).toBe(before + 3);
  });

  it('keeps the 409 for a question answered twice in one attempt under two different ids', async () => {
    const me = await newLearner(call, 'Two Ids');
    const pack = (await get(me, 'practice.getOfflineQuiz', `topic_id=${t.free.topic_id}`)).body
      .data;
    const q = pack.questions[0];
    const body = { attempt_id: pack.attempt_id, question_id: q.question_id, answer: 'x' };

    const first = await post(me, 'practice.answerQuiz', { ...body, client_id: randomUUID() });
    const second = await post(me, 'practice.answerQuiz', { ...body, client_id: randomUUID() });
    const without = await post(me, 'practice.answerQuiz', body);

    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(PRACTICE_MESSAGES.alreadyAnswered);
    expect(without.status).toBe(409);
  });

  it('refuses a client_id that is not a UUID with 400 and a plain message, writing nothing', async () => {
    const me = await newLearner(call, 'Bad Id');
    const pack = (await get(me, 'practice.getOfflineQuiz', `topic_id=${t.free.topic_id}`)).body
      .data;
    const body = {
      attempt_id: pack.attempt_id,
      question_id: pack.questions[0].question_id,
      answer: '1',
    };

    const bad = await post(me, 'practice.answerQuiz', { ...body, client_id: 'not-a-uuid' });
    const good = await post(me, 'practice.answerQuiz', { ...body, client_id: randomUUID() });

    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(LEARNING_MESSAGES.clientIdInvalid);
    expect(good.status).toBe(200);
  });

  it('never lets another learner read an answer by sending the same client_id', async () => {
    const [me, other] = [await newLearner(call, 'Owner'), await newLearner(call, 'Copier')];
    const clientId = randomUUID();
    const packOf = async (who: Learner) =>
      (await get(who, 'practice.getOfflineQuiz', `topic_id=${t.free.topic_id}`)).body.data;
    const [mine, theirs] = [await packOf(me), await packOf(other)];

    const a = await post(me, 'practice.answerQuiz', {
      attempt_id: mine.attempt_id,
      question_id: mine.questions[0].question_id,
      answer: 'x',
      client_id: clientId,
    });
    const b = await post(other, 'practice.answerQuiz', {
      attempt_id: theirs.attempt_id,
      question_id: theirs.questions[0].question_id,
      answer: QUESTIONS.find((x) => x.text === theirs.questions[0].text)!.answer,
      client_id: clientId,
    });

    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.data.correct).toBe(true);
    expect(a.body.data.correct).toBe(false);
  });
});

describe('a review made on the device (insertreviews with client_id)', () => {
  it('is written once: a resend answers the first review, and the topic counts one', async () => {
    const me = await newLearner(call, 'Reviewer');
    const body = {
      topic_id: t.free.topic_id,
      rating: 4,
      review_comment: 'Clear',
      client_id: randomUUID(),
    };

    const [one, two] = await Promise.all([
      post(me, 'reviews.insert', body),
      post(me, 'reviews.insert', body),
    ]);
    const again = await post(me, 'reviews.insert', body);
    const other = await post(me, 'reviews.insert', { ...body, client_id: randomUUID() });
    const list = await get(me, 'reviews.get', `topic_id=${t.free.topic_id}`);

    expect([one.status, two.status, again.status]).toEqual([201, 201, 201]);
    expect(two.body.data).toEqual(one.body.data);
    expect(again.body.data).toEqual(one.body.data);
    expect(other.status).toBe(409);
    expect(list.body.data.filter((r: { mine: boolean }) => r.mine)).toHaveLength(1);
  });

  it('refuses a client_id used before for another kind of write with 409', async () => {
    const me = await newLearner(call, 'Mixed Ids');
    const clientId = randomUUID();

    const question = await post(me, 'qna.insert', {
      topic_id: t.free.topic_id,
      question: 'Why Agra?',
      client_id: clientId,
    });
    const again = await post(me, 'qna.insert', {
      topic_id: t.free.topic_id,
      question: 'Why Agra?',
      client_id: clientId,
    });
    const review = await post(me, 'reviews.insert', {
      topic_id: t.free.topic_id,
      rating: 5,
      review_comment: 'x',
      client_id: clientId,
    });

    expect(question.status).toBe(201);
    expect(again.body.data.qna_id).toBe(question.body.data.qna_id);
    expect(review.status).toBe(409);
    expect(review.body.message).toBe(LEARNING_MESSAGES.clientIdReused);
  });
});

describe('a position saved on the device (saveTopicProgress with at)', () => {
  const progressOf = async (me: Learner) =>
    (await get(me, 'progress.get', `chapter_id=${t.chapter.chapter_id}`)).body.data.find(
      (p: { topic_id: string }) => p.topic_id === t.free.topic_id,
    );

  it('never moves a newer position back, and a resend changes nothing', async () => {
    const me = await newLearner(call, 'Late Sender');
    const now = Date.now();
    const save = (position: number, secondsAgo: number) =>
      post(me, 'progress.save', {
        topic_id: t.free.topic_id,
        position_seconds: position,
        duration_seconds: 600,
        at: new Date(now - secondsAgo * 1000).toISOString(),
        client_id: randomUUID(),
      });

    const newer = await save(300, 10);
    const older = await save(120, 60);
    const resent = await save(300, 10);

    expect(newer.status).toBe(200);
    expect(older.status).toBe(200);
    expect(older.body.data.position_seconds).toBe(300);
    expect(resent.body.data.position_seconds).toBe(300);
    expect(await progressOf(me)).toMatchObject({ position_seconds: 300, completed: false });
  });

  it('still counts a lesson finished offline whose save arrives after a newer one', async () => {
    const me = await newLearner(call, 'Finisher');
    const now = Date.now();
    const save = (position: number, secondsAgo: number) =>
      post(me, 'progress.save', {
        topic_id: t.free.topic_id,
        position_seconds: position,
        duration_seconds: 600,
        at: new Date(now - secondsAgo * 1000).toISOString(),
      });

    await save(30, 5); // rewatching the start, sent first
    const finished = await save(600, 120); // the end, reached offline earlier, sent late

    expect(finished.status).toBe(200);
    expect(await progressOf(me)).toMatchObject({ position_seconds: 30, completed: true });
  });

  it('refuses an `at` that is not a time or lies in the future, with 400', async () => {
    const me = await newLearner(call, 'Clock Skew');
    const save = (at: string) =>
      post(me, 'progress.save', { topic_id: t.free.topic_id, position_seconds: 5, at });

    const future = await save(new Date(Date.now() + 3600_000).toISOString());
    const junk = await save('yesterday');

    expect([future.status, junk.status]).toEqual([400, 400]);
    expect(junk.body.message).toBe(LEARNING_MESSAGES.atInvalid);
  });
});
