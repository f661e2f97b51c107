import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_NOTES, lessonNotesPdf } from '../../scripts/src/demo-notes.ts';
import type * as AiHandler from '../src/ai/handler.ts';
import type * as Sources from '../src/db/sources.ts';
import type * as Env from '../src/lib/env.ts';
import type * as S3Presign from '../src/lib/s3-presign.ts';
import { api, buySubjects, newLearner, routePath } from './api.ts';
import { httpEvent, lambdaContext } from './event.ts';
import { ADMIN_DATA, historyTopics, LEARNER_DATA, signedInAdmin } from './fixtures.ts';
import { startOpenAiMock } from './openai-mock.ts';

const call = api();
const admin = signedInAdmin(call);

type Learner = Awaited<ReturnType<typeof newLearner>>;
type Topics = Awaited<ReturnType<typeof historyTopics>>;

/** Questions of all four types (approved unless told), for the bank of `topic_id`. */
const QUESTIONS = [
  {
    type: 'single',
    text: 'Who built the Buland Darwaza?',
    options: ['Babur', 'Akbar', 'Aurangzeb'],
    answer: '2',
    explanation: 'Akbar built it at Fatehpur Sikri.',
    source: { kind: 'notes', page: 2 },
  },
  {
    type: 'multiple',
    text: 'Which were Mughal emperors?',
    options: ['Akbar', 'Ashoka', 'Jahangir', 'Shivaji'],
    answer: ['3', '1'],
    explanation: 'Akbar and Jahangir were Mughals.',
  },
  {
    type: 'true_false',
    text: 'Akbar started the Din-i-Ilahi.',
    answer: true,
    explanation: 'He did, in 1582.',
    source: { kind: 'video', seconds: 42 },
  },
  {
    type: 'numeric',
    text: 'In which year did Akbar become emperor?',
    answer: 1556,
    tolerance: 0,
    explanation: 'In 1556, at thirteen.',
  },
  {
    type: 'true_false',
    text: 'Akbar ruled from Delhi only.',
    answer: false,
    explanation: 'He ruled from Agra, Fatehpur Sikri and Lahore too.',
    video_seconds: 20,
  },
  {
    type: 'numeric',
    text: 'About how many years did Akbar rule?',
    answer: 49,
    tolerance: 1,
    explanation: 'From 1556 to 1605.',
  },
];

/** The right answer to each question above, by its text. */
const RIGHT = new Map<string, unknown>(QUESTIONS.map((q) => [q.text, q.answer]));

const getQuestions = (topicId: string, token = admin.token) =>
  call('GET', `${ADMIN_DATA}/getQuestions?topic_id=${topicId}`, { token });
const insert = (body: object, token = admin.token) =>
  call('POST', `${ADMIN_DATA}/insertQuestions`, { token, body });
const getQuiz = (who: Learner, query: string) =>
  call('GET', `${LEARNER_DATA}/getQuiz?${query}`, { token: who.token });
const answer = (who: Learner, body: object) =>
  call('POST', `${LEARNER_DATA}/answerQuiz`, { token: who.token, body });

/** Fills a topic's bank with the six questions (approved) and one draft. */
async function fillBank(topicId: string) {
  for (const q of QUESTIONS) {
    expect((await insert({ topic_id: topicId, status: 'approved', ...q })).status).toBe(201);
  }
  await insert({
    topic_id: topicId,
    type: 'true_false',
    text: 'DRAFT never shown',
    answer: true,
    explanation: 'x',
  });
}

describe('the question bank (admin)', () => {
  let t: Topics;
  beforeAll(async () => {
    t = await historyTopics(admin.post);
  });

  it('creates questions of every type with 201 and lists them in order, drafts included', async () => {
    await fillBank(t.free.topic_id);
    const res = await getQuestions(t.free.topic_id);

    expect(res.status).toBe(200);
    expect(res.body.data.map((q: { position: number }) => q.position)).toEqual([
      0, 1, 2, 3, 4, 5, 6,
    ]);
    expect(res.body.data[0]).toMatchObject({
      topic_id: t.free.topic_id,
      type: 'single',
      options: [
        { option_id: '1', text: 'Babur' },
        { option_id: '2', text: 'Akbar' },
        { option_id: '3', text: 'Aurangzeb' },
      ],
      answer: '2',
      difficulty: 'medium',
      status: 'approved',
    });
    expect(res.body.data[1].answer).toEqual(['1', '3']);
    expect(res.body.data[6].status).toBe('draft');
    expect(res.body.data[0].question_id).toMatch(new RegExp(`^${t.free.topic_id}_`));
  });

  it('refuses a question whose answer does not fit its type, with the reason', async () => {
    const cases: [object, string][] = [
      [
        { type: 'single', options: ['a', 'b'], answer: '3' },
        'The answer must be the number of one option.',
      ],
      [
        { type: 'single', options: ['only'], answer: '1' },
        'A single-answer question needs 2 to 6 options.',
      ],
      [
        { type: 'true_false', options: ['a', 'b'], answer: true },
        'Only a choice question has options.',
      ],
      [
        { type: 'multiple', options: ['a', 'b'], answer: [] },
        'The answer must list the numbers of one or more options.',
      ],
      [{ type: 'numeric', answer: 'ten' }, 'The answer must be a number.'],
      [
        { type: 'single', options: ['a', 'b'], answer: '1', tolerance: 1 },
        'Only a numeric question has a tolerance.',
      ],
    ];
    for (const [fields, message] of cases) {
      const res = await insert({
        topic_id: t.paid.topic_id,
        text: 'Q',
        explanation: 'E',
        ...fields,
      });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    }
    expect((await getQuestions(t.paid.topic_id)).body.data).toEqual([]);
  });

  it('updates a question, moves it, changes its type, and deletes it', async () => {
    const a = (await insert({ topic_id: t.paid.topic_id, ...QUESTIONS[0] })).body.data;
    const b = (await insert({ topic_id: t.paid.topic_id, ...QUESTIONS[2] })).body.data;
    const update = (body: object) =>
      call('POST', `${ADMIN_DATA}/updateQuestions`, { token: admin.token, body });

    const moved = await update({ question_id: b.question_id, position: 0, status: 'approved' });
    expect(moved.body.data).toMatchObject({ position: 0, status: 'approved' });
    const numeric = await update({
      question_id: a.question_id,
      type: 'numeric',
      answer: 7,
      tolerance: 0.5,
    });
    expect(numeric.status).toBe(200);
    expect(numeric.body.data.options).toBeUndefined();
    expect(numeric.body.data).toMatchObject({
      type: 'numeric',
      answer: 7,
      tolerance: 0.5,
      position: 1,
    });
    const wrong = await update({ question_id: b.question_id, answer: '1' });
    expect(wrong.body.message).toBe('The answer must be true or false.');

    const del = () =>
      call('DELETE', `${ADMIN_DATA}/deleteQuestions/${a.question_id}`, { token: admin.token });
    expect((await del()).status).toBe(200);
    expect((await del()).status).toBe(404);
    const left = (await getQuestions(t.paid.topic_id)).body.data;
    expect(left.map((q: { question_id: string }) => q.question_id)).toEqual([b.question_id]);
    for (const q of left) {
      await call('DELETE', `${ADMIN_DATA}/deleteQuestions/${q.question_id}`, {
        token: admin.token,
      });
    }
  });

  it('imports a CSV all or nothing, naming each bad row by its line', async () => {
    const header =
      'type,text,option_1,option_2,option_3,option_4,option_5,option_6,answer,tolerance,explanation,difficulty,source_page,source_seconds,video_seconds,status';
    const good = [
      header,
      `single,"Akbar's capital, first?",Agra,Delhi,,,,,1,,"Agra, then Fatehpur Sikri.",easy,3,,,approved`,
      'true_false,Akbar was a Mughal.,,,,,,,TRUE,,He was.,,,,,',
      'numeric,Year of Panipat II?,,,,,,,1556,0,"1556.",hard,,,12,',
      '',
    ].join('\r\n');
    const bad = [
      header,
      'true_false,Fine row,,,,,,,true,,Yes.,,,,,',
      'single,No answer,A,B,,,,,,,E,,,,,',
      'essay,Wrong type,,,,,,,x,,E,,,,,',
    ].join('\n');
    const before = (await getQuestions(t.paid.topic_id)).body.data.length;
    const post = (csv: string) =>
      call('POST', `${ADMIN_DATA}/importQuestions`, {
        token: admin.token,
        body: { topic_id: t.paid.topic_id, csv },
      });

    const refused = await post(bad);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Some rows have errors. Nothing was imported.');
    expect(refused.body.details.map((d: { field: string }) => d.field)).toEqual(['row 3', 'row 4']);
    expect((await getQuestions(t.paid.topic_id)).body.data).toHaveLength(before);

    const imported = await post(good);
    expect(imported.status).toBe(201);
    expect(imported.body.data).toHaveLength(3);
    expect(imported.body.data[0]).toMatchObject({
      text: "Akbar's capital, first?",
      explanation: 'Agra, then Fatehpur Sikri.',
      source: { kind: 'notes', page: 3 },
      difficulty: 'easy',
      status: 'approved',
    });
    expect(imported.body.data[1]).toMatchObject({ answer: true, status: 'draft' });
    expect(imported.body.data[2]).toMatchObject({ answer: 1556, video_seconds: 12 });
    expect((await post('type,text\n')).body.message).toBe('The CSV has no question rows.');
    expect((await post('kind,question\nx,y')).body.message).toBe(
      'The first row must be the header of the template.',
    );
  });

  it('refuses numbers it cannot store with 400 and the reason, and a CSV row with one (security review 2, F4)', async () => {
    const numeric = {
      topic_id: t.paid.topic_id,
      type: 'numeric',
      text: 'How far?',
      explanation: 'Far.',
    };
    const before = (await getQuestions(t.paid.topic_id)).body.data.length;

    const answers = await Promise.all([
      insert({ ...numeric, answer: 1e200 }),
      insert({ ...numeric, answer: -1e200 }),
      insert({ ...numeric, answer: 1e-200 }),
      insert({ ...numeric, answer: 1.1234567 }),
      insert({ ...numeric, answer: 1, tolerance: 1e200 }),
      insert({ ...numeric, answer: 1, tolerance: 1e-200 }),
    ]);
    const csv = await call('POST', `${ADMIN_DATA}/importQuestions`, {
      token: admin.token,
      body: {
        topic_id: t.paid.topic_id,
        csv: 'type,text,answer,explanation,status\nnumeric,Big,1e200,x,draft\nnumeric,Fine,12.5,x,draft\n',
      },
    });

    const answerRule =
      'The answer must be a number from -1000000000000 to 1000000000000 with at most 6 decimals.';
    const toleranceRule =
      'tolerance must be a number from 0 to 1000000000000 with at most 6 decimals.';
    expect(answers.map((a) => [a.status, a.body.message])).toEqual([
      [400, answerRule],
      [400, answerRule],
      [400, answerRule],
      [400, answerRule],
      [400, toleranceRule],
      [400, toleranceRule],
    ]);
    expect(csv).toMatchObject({
      status: 400,
      body: { details: [{ field: 'row 2', message: answerRule }] },
    });
    expect((await getQuestions(t.paid.topic_id)).body.data).toHaveLength(before);
    const largest = await insert({ ...numeric, answer: -1e12, tolerance: 0.000001 });
    expect(largest.status).toBe(201);
    await call('DELETE', `${ADMIN_DATA}/deleteQuestions/${largest.body.data.question_id}`, {
      token: admin.token,
    });
  });

  it('is for admins only', async () => {
    const learner = await newLearner(call, 'Nosy');
    expect((await getQuestions(t.free.topic_id, learner.token)).status).toBe(403);
    expect(
      (await insert({ topic_id: t.free.topic_id, ...QUESTIONS[0] }, learner.token)).status,
    ).toBe(403);
  });
});

describe('taking a quiz (learner)', () => {
  let t: Topics;
  let me: Learner;
  beforeAll(async () => {
    t = await historyTopics(admin.post);
    await fillBank(t.free.topic_id);
    await fillBank(t.paid.topic_id);
    me = await newLearner(call, 'Quiz Taker');
  });

  it('hands out approved questions in a new order, never an answer, explanation or source', async () => {
    const res = await getQuiz(me, `topic_id=${t.free.topic_id}`);

    expect(res.status).toBe(200);
    expect(res.body.data.scope).toBe('topic');
    const texts = res.body.data.questions.map((q: { text: string }) => q.text);
    expect(new Set(texts)).toEqual(new Set(QUESTIONS.map((q) => q.text)));
    const raw = JSON.stringify(res.body);
    for (const secret of [
      '"answer"',
      'explanation',
      '"source"',
      'tolerance',
      'DRAFT',
      'Fatehpur',
    ]) {
      expect(raw).not.toContain(secret);
    }
  });

  it('asks only `count` questions when asked, and refuses a count out of 1–10', async () => {
    const quiz = (await getQuiz(me, `topic_id=${t.free.topic_id}&count=2`)).body.data;
    expect(quiz.questions).toHaveLength(2);
    expect(quiz.attempt_id).toMatch(/^t2-/);
    for (const bad of ['0', '11', '2.5', 'five']) {
      expect((await getQuiz(me, `topic_id=${t.free.topic_id}&count=${bad}`)).body).toMatchObject({
        message: 'count must be a whole number from 1 to 10.',
      });
    }
  });

  it('grades each answer on the server, once, and scores the quiz at its last answer', async () => {
    const quiz = (await getQuiz(me, `topic_id=${t.free.topic_id}`)).body.data;
    const results = [];
    for (const q of quiz.questions) {
      const right = RIGHT.get(q.text);
      // One wrong answer: the multiple-answer question with one option missing.
      const given = q.type === 'multiple' ? ['1'] : right;
      results.push(
        (
          await answer(me, {
            attempt_id: quiz.attempt_id,
            question_id: q.question_id,
            answer: given,
          })
        ).body.data,
      );
    }

    expect(results.filter((r) => r.correct)).toHaveLength(5);
    expect(results.at(-1).score).toEqual({ correct: 5, total: 6, percent: 83 });
    expect(results.slice(0, -1).every((r) => r.score === undefined)).toBe(true);
    const single = results.find((r) => r.correct_answer === '2');
    expect(single).toMatchObject({
      explanation: 'Akbar built it at Fatehpur Sikri.',
      source: { kind: 'notes', page: 2 },
    });
    // A page number: the client opens the topic's notes (signed in its topic list) there.
    expect(single.source).toEqual({ kind: 'notes', page: 2 });
    expect(results.find((r) => r.source?.kind === 'video').source).toEqual({
      kind: 'video',
      seconds: 42,
    });

    const again = await answer(me, {
      attempt_id: quiz.attempt_id,
      question_id: quiz.questions[0].question_id,
      answer: '1',
    });
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'This question is already answered.' },
    });
  });

  it('grades numbers within their tolerance', async () => {
    const quiz = (await getQuiz(me, `topic_id=${t.free.topic_id}`)).body.data;
    const years = quiz.questions.find((q: { text: string }) => q.text.startsWith('About how many'));
    const near = await answer(me, {
      attempt_id: quiz.attempt_id,
      question_id: years.question_id,
      answer: 50,
    });
    expect(near.body.data).toMatchObject({ correct: true, correct_answer: 49, tolerance: 1 });
  });

  it('keeps an attempt to its learner: another learner’s answer to it is 404', async () => {
    const quiz = (await getQuiz(me, `topic_id=${t.free.topic_id}`)).body.data;
    const q = quiz.questions[0];
    await answer(me, { attempt_id: quiz.attempt_id, question_id: q.question_id, answer: '1' });
    const other = await newLearner(call, 'Other');

    const res = await answer(other, {
      attempt_id: quiz.attempt_id,
      question_id: quiz.questions[1].question_id,
      answer: '1',
    });

    expect(res).toMatchObject({ status: 404, body: { message: 'Quiz attempt not found.' } });
  });

  it('refuses a question of another topic in a topic quiz, and a made-up attempt id', async () => {
    const quiz = (await getQuiz(me, `topic_id=${t.free.topic_id}`)).body.data;
    const paidQuestion = (await getQuestions(t.paid.topic_id)).body.data[0];
    const other = await answer(me, {
      attempt_id: quiz.attempt_id,
      question_id: paidQuestion.question_id,
      answer: '2',
    });
    expect(other).toMatchObject({
      status: 400,
      body: { message: 'This question is not part of this quiz.' },
    });
    const forged = await answer(me, {
      attempt_id: 'x',
      question_id: quiz.questions[0].question_id,
      answer: '2',
    });
    expect(forged).toMatchObject({ status: 400, body: { message: 'attempt_id is not valid.' } });
  });

  it('needs the subject for a paid topic (403), then opens it once bought', async () => {
    const buyer = await newLearner(call, 'Buyer');
    const paidQuestion = (await getQuestions(t.paid.topic_id)).body.data[0];
    expect((await getQuiz(buyer, `topic_id=${t.paid.topic_id}`)).status).toBe(403);
    expect(
      (await answer(buyer, { question_id: paidQuestion.question_id, answer: '2' })).status,
    ).toBe(403);
    expect(
      (
        await call('GET', `${LEARNER_DATA}/getVideoQuestions?topic_id=${t.paid.topic_id}`, {
          token: buyer.token,
        })
      ).status,
    ).toBe(403);

    await buySubjects(call, buyer.token, [t.subject.subject_id]);

    expect((await getQuiz(buyer, `topic_id=${t.paid.topic_id}`)).status).toBe(200);
  });

  it('draws a chapter test from the topics the learner may open', async () => {
    const free = await getQuiz(me, `chapter_id=${t.chapter.chapter_id}`);
    expect(free.body.data.scope).toBe('chapter');
    expect(new Set(free.body.data.questions.map((q: { topic_id: string }) => q.topic_id))).toEqual(
      new Set([t.free.topic_id]),
    );

    const buyer = await newLearner(call, 'Chapter Buyer');
    await buySubjects(call, buyer.token, [t.subject.subject_id]);
    const all = (await getQuiz(buyer, `chapter_id=${t.chapter.chapter_id}`)).body.data;
    expect(all.questions).toHaveLength(10);
    expect(new Set(all.questions.map((q: { topic_id: string }) => q.topic_id))).toEqual(
      new Set([t.free.topic_id, t.paid.topic_id]),
    );
    const q = all.questions[0];
    const graded = await answer(buyer, {
      attempt_id: all.attempt_id,
      question_id: q.question_id,
      answer: RIGHT.get(q.text),
    });
    expect(graded.body.data.correct).toBe(true);
  });

  it('draws the same chapter test with the hints a lesson read gives, and with stale ones', async () => {
    const buyer = await newLearner(call, 'Hinted Buyer');
    await buySubjects(call, buyer.token, [t.subject.subject_id]);
    const ancestors = `subject_id=${t.subject.subject_id}&class_id=${t.cls.class_id}&board_id=${t.board.board_id}`;
    const topicsOf = async (who: typeof me, topicIds: string[]) => {
      const res = await getQuiz(
        who,
        `chapter_id=${t.chapter.chapter_id}&${ancestors}&topic_ids=${topicIds.join(',')}`,
      );
      expect(res.status).toBe(200);
      return new Set(res.body.data.questions.map((q: { topic_id: string }) => q.topic_id));
    };
    const both = [t.free.topic_id, t.paid.topic_id];

    expect(await topicsOf(me, both)).toEqual(new Set([t.free.topic_id]));
    expect(await topicsOf(buyer, both)).toEqual(new Set(both));
    // A list that misses a topic of the chapter (the lesson was read before it was added).
    expect(await topicsOf(buyer, [t.free.topic_id])).toEqual(new Set(both));
    expect(
      (await getQuiz(buyer, `chapter_id=${t.chapter.chapter_id}&topic_ids=a,<b>`)).body,
    ).toEqual(expect.objectContaining({ message: 'topic_ids is not valid.' }));
  });

  it('answers 404 for a topic without approved questions and a chapter without any', async () => {
    const other = await historyTopics(admin.post);
    expect((await getQuiz(me, `topic_id=${other.free.topic_id}`)).body).toMatchObject({
      message: 'This topic has no practice questions yet.',
    });
    expect((await getQuiz(me, `chapter_id=${other.chapter.chapter_id}`)).body).toMatchObject({
      message: 'This chapter has no practice questions yet.',
    });
    expect((await getQuiz(me, 'topic_id=a&chapter_id=b')).status).toBe(400);
  });

  it('lists the questions pinned to the video, without answers, graded when answered', async () => {
    const res = await call('GET', `${LEARNER_DATA}/getVideoQuestions?topic_id=${t.free.topic_id}`, {
      token: me.token,
    });

    expect(res.body.data.questions).toEqual([
      expect.objectContaining({ text: 'Akbar ruled from Delhi only.', video_seconds: 20 }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain('"answer"');
    const q = res.body.data.questions[0];
    const graded = await answer(me, { question_id: q.question_id, answer: true });
    expect(graded.body.data).toMatchObject({ correct: false, correct_answer: false });
    expect(graded.body.data.score).toBeUndefined();
  });

  it('counts a topic as mastered from a best score of 80%', async () => {
    const learner = await newLearner(call, 'Master');
    const mastery = async () =>
      (
        await call(
          'GET',
          `${routePath('practice.getMastery')}?subject_id=${t.subject.subject_id}`,
          { token: learner.token },
        )
      ).body.data;
    expect(await mastery()).toEqual({ topics_total: 2, topics_mastered: 0, topics: [] });

    const takeQuiz = async (wrong: number) => {
      const quiz = (await getQuiz(learner, `topic_id=${t.free.topic_id}`)).body.data;
      for (const [i, q] of quiz.questions.entries()) {
        const right = RIGHT.get(q.text);
        await answer(learner, {
          attempt_id: quiz.attempt_id,
          question_id: q.question_id,
          answer: i < wrong ? 'no' : right,
        });
      }
    };
    await takeQuiz(3);
    expect(await mastery()).toEqual({
      topics_total: 2,
      topics_mastered: 0,
      topics: [{ topic_id: t.free.topic_id, best_percent: 50 }],
    });
    await takeQuiz(0);
    await takeQuiz(4);
    expect(await mastery()).toEqual({
      topics_total: 2,
      topics_mastered: 1,
      topics: [{ topic_id: t.free.topic_id, best_percent: 100 }],
    });
    // Scores are the learner's own: another learner of the subject sees none of them.
    const other = await newLearner(call, 'Other Master');
    const theirs = await call(
      'GET',
      `${routePath('practice.getMastery')}?subject_id=${t.subject.subject_id}`,
      { token: other.token },
    );
    expect(theirs.body.data).toEqual({ topics_total: 2, topics_mastered: 0, topics: [] });
    // My Courses counts it too, beside the lessons watched.
    await buySubjects(call, learner.token, [t.subject.subject_id]);
    const courses = (
      await call('GET', routePath('purchases.getCourseProgress'), { token: learner.token })
    ).body.data;
    expect(
      courses.find((c: { subject_id: string }) => c.subject_id === t.subject.subject_id),
    ).toMatchObject({
      topics_total: 2,
      topics_mastered: 1,
    });
  }, 120_000);
});

describe('AI drafts of a topic’s questions', () => {
  const stack = inject('stack');
  let mock: Awaited<ReturnType<typeof startOpenAiMock>>;
  let handler: typeof AiHandler.handler;
  let env: typeof Env;
  let s3: typeof S3Presign;
  let sources: typeof Sources;

  const configure = (withKey = true) => {
    Object.assign(process.env, stack.env, {
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: mock.url,
      OPENAI_TIMEOUT_MS: '9000',
      LOG_LEVEL: 'SILENT',
    });
    if (!withKey) delete process.env.OPENAI_API_KEY;
    env.resetEnvForTests();
  };
  /** `draftQuestions` through the AI route group in-process (the shared stack has no key). */
  const draft = async (body: object) => {
    const res = await handler(
      httpEvent('POST', `${ADMIN_DATA}/draftQuestions`, {
        headers: { authorization: `Bearer ${admin.token}` },
        body: JSON.stringify(body),
      }),
      lambdaContext,
    );
    return { status: res.statusCode, body: JSON.parse(res.body ?? '{}') };
  };

  beforeAll(async () => {
    mock = await startOpenAiMock();
    env = await import('../src/lib/env.ts');
    configure();
    handler = (await import('../src/ai/handler.ts')).handler;
    s3 = await import('../src/lib/s3-presign.ts');
    sources = await import('../src/db/sources.ts');
  });
  afterEach(() => {
    mock.behave({ kind: 'grounded' });
    configure();
  });
  afterAll(() => mock?.close());

  it('drafts questions from the notes, each sourced to its page, as drafts learners never get', async () => {
    const key = `private/notes/practice-test/${Date.now()}-quadratics.pdf`;
    await s3.putObject(
      key,
      await lessonNotesPdf(DEMO_NOTES['Quadratic Equations']!),
      'application/pdf',
    );
    expect(await sources.settledSource(key)).toBeDefined();
    const t = await historyTopics(admin.post);
    const topic = await admin.post('insertTopics', {
      chapter_id: t.chapter.chapter_id,
      topic_name: 'Quadratics',
      author: 'A',
      free_to_watch: '1',
      notes_url: `/media/${key}`,
    });

    const res = await draft({ topic_id: topic.topic_id, count: 4 });

    expect(res.status).toBe(201);
    expect(res.body.message).toBe(
      'Draft questions created. Approve them before learners see them.',
    );
    expect(res.body.data).toHaveLength(4);
    for (const q of res.body.data) {
      expect(q).toMatchObject({ status: 'draft', source: { kind: 'notes' } });
      expect(q.source.page).toBeGreaterThanOrEqual(1);
    }
    expect(res.body.data.map((q: { type: string }) => q.type)).toEqual([
      'true_false',
      'single',
      'true_false',
      'single',
    ]);
    // The passages went as data; the count as asked.
    expect(mock.seen.at(-1)!.messages.at(-1)!.content).toBe('Write 4 questions.');
    expect(mock.seen.at(-1)!.messages[1]!.content).toContain('<course_material>');

    const me = await newLearner(call, 'Draft Watcher');
    expect((await getQuiz(me, `topic_id=${topic.topic_id}`)).status).toBe(404);
    await call('POST', `${ADMIN_DATA}/updateQuestions`, {
      token: admin.token,
      body: { question_id: res.body.data[1].question_id, status: 'approved' },
    });
    const quiz = (await getQuiz(me, `topic_id=${topic.topic_id}`)).body.data;
    expect(quiz.questions.map((q: { question_id: string }) => q.question_id)).toEqual([
      res.body.data[1].question_id,
    ]);
  });

  it('says why it cannot draft: no key (503), no notes (400), nothing usable from the model (502)', async () => {
    const t = await historyTopics(admin.post);
    configure(false);
    const off = await draft({ topic_id: t.free.topic_id, count: 3 });
    expect(off).toMatchObject({
      status: 503,
      body: {
        message:
          'Drafting questions needs the AI teacher, which is not configured (no OpenAI key).',
      },
    });
    configure();
    const none = await draft({ topic_id: t.free.topic_id, count: 3 });
    expect(none).toMatchObject({
      status: 400,
      body: { message: 'This topic has no notes or captions to draft questions from.' },
    });
    expect((await draft({ topic_id: t.free.topic_id, count: 11 })).status).toBe(400);

    const key = `private/notes/practice-test/${Date.now()}-garbled.pdf`;
    await s3.putObject(
      key,
      await lessonNotesPdf(DEMO_NOTES['Quadratic Equations']!),
      'application/pdf',
    );
    await sources.settledSource(key);
    const topic = await admin.post('insertTopics', {
      chapter_id: t.chapter.chapter_id,
      topic_name: 'Garbled',
      author: 'A',
      notes_url: `/media/${key}`,
    });
    mock.behave({ kind: 'reply', reply: { answer: 'not questions' } });
    const garbled = await draft({ topic_id: topic.topic_id, count: 2 });
    expect(garbled).toMatchObject({
      status: 502,
      body: { message: 'The AI could not draft questions from this topic. Please try again.' },
    });
    expect((await getQuestions(topic.topic_id)).body.data).toEqual([]);
  });
});

describe('two answers to one question of an attempt at once', () => {
  it('count once: one is graded, the other is 409', async () => {
    const t = await historyTopics(admin.post);
    await fillBank(t.free.topic_id);
    const me = await newLearner(call, 'Double Tap');
    const quiz = (await getQuiz(me, `topic_id=${t.free.topic_id}`)).body.data;
    const q = quiz.questions[0];
    const body = {
      attempt_id: quiz.attempt_id,
      question_id: q.question_id,
      answer: RIGHT.get(q.text),
    };

    const both = await Promise.all([answer(me, body), answer(me, body), answer(me, body)]);

    expect(both.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });
});

describe('quiz attempts are issued by the server (security review 2, F2 and F3)', () => {
  let t: Topics;
  beforeAll(async () => {
    t = await historyTopics(admin.post);
    await fillBank(t.free.topic_id);
    await fillBank(t.paid.topic_id);
  });

  const madeUp = (topicId: string, total = 1) =>
    `t${total}-${topicId}-${Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;

  const masteryOf = async (who: Learner) =>
    (
      await call('GET', `${routePath('practice.getMastery')}?subject_id=${t.subject.subject_id}`, {
        token: who.token,
      })
    ).body.data;

  it('belong to the learner they were issued to: another learner who answers first gets 404, the owner finishes', async () => {
    // Given a quiz handed to one learner, whose id another learner has learnt.
    const owner = await newLearner(call, 'Owner');
    const thief = await newLearner(call, 'Thief');
    const quiz = (await getQuiz(owner, `topic_id=${t.free.topic_id}`)).body.data;
    const [first] = quiz.questions;

    // When the other learner answers it first.
    const stolen = await answer(thief, {
      attempt_id: quiz.attempt_id,
      question_id: first.question_id,
      answer: RIGHT.get(first.text),
    });

    // Then they get 404, and the owner answers every question and gets the score.
    expect(stolen).toMatchObject({ status: 404, body: { message: 'Quiz attempt not found.' } });
    let last;
    for (const q of quiz.questions)
      last = await answer(owner, {
        attempt_id: quiz.attempt_id,
        question_id: q.question_id,
        answer: RIGHT.get(q.text),
      });
    expect(last).toMatchObject({ status: 200 });
    expect(last!.body.data.score).toEqual({ correct: 6, total: 6, percent: 100 });
    expect((await masteryOf(thief)).topics).toEqual([]);
  });

  it('refuse a made-up attempt id of the right shape with 404, and it never changes mastery', async () => {
    const me = await newLearner(call, 'Forger');
    const q = (await getQuestions(t.free.topic_id)).body.data.find(
      (x: { status: string }) => x.status === 'approved',
    );

    const forged = await answer(me, {
      attempt_id: madeUp(t.free.topic_id),
      question_id: q.question_id,
      answer: q.answer,
    });

    expect(forged).toMatchObject({ status: 404, body: { message: 'Quiz attempt not found.' } });
    expect(JSON.stringify(forged.body)).not.toContain('correct_answer');
    expect(await masteryOf(me)).toMatchObject({ topics_mastered: 0, topics: [] });
  });

  it('grade an answer without an attempt only for a question pinned inside the video', async () => {
    const me = await newLearner(call, 'Peeker');
    const bank = (await getQuestions(t.free.topic_id)).body.data as {
      question_id: string;
      status: string;
      video_seconds?: number;
    }[];
    const notPinned = bank.find((x) => x.status === 'approved' && x.video_seconds === undefined)!;
    const pinned = bank.find((x) => x.video_seconds !== undefined)!;

    const peek = await answer(me, { question_id: notPinned.question_id, answer: '1' });
    const inVideo = await answer(me, { question_id: pinned.question_id, answer: false });

    expect(peek).toMatchObject({
      status: 400,
      body: { message: 'Answer this question in its quiz.' },
    });
    expect(JSON.stringify(peek.body)).not.toContain('correct_answer');
    expect(inVideo).toMatchObject({ status: 200, body: { data: { correct: true } } });
  });

  it('refuse a question of the same chapter that the issued test did not ask', async () => {
    // Given a chapter test of 10 drawn from the chapter's 12 questions.
    const buyer = await newLearner(call, 'Chapter Checker');
    await buySubjects(call, buyer.token, [t.subject.subject_id]);
    const test = (await getQuiz(buyer, `chapter_id=${t.chapter.chapter_id}`)).body.data;
    const asked = new Set(test.questions.map((q: { question_id: string }) => q.question_id));
    const bank = [
      ...(await getQuestions(t.free.topic_id)).body.data,
      ...(await getQuestions(t.paid.topic_id)).body.data,
    ] as { question_id: string; status: string }[];
    const notAsked = bank.find((q) => q.status === 'approved' && !asked.has(q.question_id))!;

    const res = await answer(buyer, {
      attempt_id: test.attempt_id,
      question_id: notAsked.question_id,
      answer: '1',
    });

    expect(res).toMatchObject({
      status: 400,
      body: { message: 'This question is not part of this quiz.' },
    });
  });

  it('count nothing toward a question’s statistics from made-up attempts', async () => {
    // Given a fresh topic whose one question one learner answers in six made-up attempts.
    const fresh = await historyTopics(admin.post);
    const made = await insert({
      topic_id: fresh.free.topic_id,
      status: 'approved',
      ...QUESTIONS[2],
    });
    const me = await newLearner(call, 'Inflater');
    for (let i = 0; i < 6; i++)
      await answer(me, {
        attempt_id: madeUp(fresh.free.topic_id, 3),
        question_id: made.body.data.question_id,
        answer: true,
      });

    const stats = await call(
      'GET',
      `${ADMIN_DATA}/getTopicDropoff?topic_id=${fresh.free.topic_id}`,
      { token: admin.token },
    );

    const counted = stats.body.data.questions.find(
      (q: { question_id: string }) => q.question_id === made.body.data.question_id,
    );
    expect(counted?.answered ?? 0).toBeLessThanOrEqual(1);
    expect(counted?.answered ?? 0).toBe(0);
  });
});
