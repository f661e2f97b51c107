import { beforeAll, describe, expect, it, inject } from 'vitest';
import { api, newLearner } from './api.ts';
import { ADMIN_DATA, LEARNER_DATA, historyTopics, signedInAdmin } from './fixtures.ts';
import type * as AiDb from '../src/db/ai.ts';

const call = api();
const stack = inject('stack');
const admin = signedInAdmin(call);

type Learner = Awaited<ReturnType<typeof newLearner>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const askTeacher = (who: Learner, body: unknown) =>
  call('POST', `${LEARNER_DATA}/askTeacher`, { token: who.token, body });
const learnerList = async (who: Learner, topicId: string): Promise<Json[]> =>
  (await call('GET', `${LEARNER_DATA}/getqna?topic_id=${topicId}`, { token: who.token })).body.data;
const deskList = async (unanswered: boolean): Promise<Json[]> =>
  (
    await call('GET', `${ADMIN_DATA}/getqna${unanswered ? '?unanswered=true' : ''}`, {
      token: admin.token,
    })
  ).body.data;

/** The AI teacher's answer the draft must come from, with a notes and a video citation. */
const TEACHER_TURN = {
  role: 'teacher' as const,
  content: 'Akbar ruled from 1556 to 1605 (notes, page 2).',
  at: new Date().toISOString(),
  covered: false,
  citations: [
    {
      source: 'notes',
      page: 2,
      quote: 'ruled from 1556',
      url: 'https://signed.example/notes.pdf?X-Amz-Signature=abc#page=2',
    },
    { source: 'video', start_seconds: 134, quote: 'the young emperor' },
  ],
};

describe('Ask a teacher (hand-off to a human, issue 16)', () => {
  let db: typeof AiDb;
  let t: Awaited<ReturnType<typeof historyTopics>>;
  let asker: Learner;
  let other: Learner;
  let posted: Awaited<ReturnType<typeof call>>;

  beforeAll(async () => {
    Object.assign(process.env, stack.env, { LOG_LEVEL: 'SILENT' });
    db = await import('../src/db/ai.ts');
    t = await historyTopics(admin.post);
    asker = await newLearner(call, 'Asha Asker');
    other = await newLearner(call, 'Omar Other');
    // The server's conversation of this learner and topic: the AI answered, then the learner asked
    // something the notes do not cover.
    await db.appendTurns(
      asker.userId,
      { topic_id: t.free.topic_id },
      [
        { role: 'learner', content: 'When did Akbar rule?', at: new Date().toISOString() },
        TEACHER_TURN as AiDb.ConversationTurn,
      ],
      20,
    );
    posted = await askTeacher(asker, {
      topic_id: t.free.topic_id,
      question: '  What did Akbar eat for breakfast?  ',
      draft: 'Words the learner wrote, not the AI.',
    });
  });

  it('posts the question with 201 as getqna lists it, without any draft', async () => {
    expect(posted.status).toBe(201);
    expect(posted.body.message).toBe('Sent to your teachers.');
    const listed = (await learnerList(asker, t.free.topic_id)).find(
      (q) => q.qna_id === posted.body.data.qna_id,
    );
    expect(listed).toBeDefined();
    expect(posted.body.data).toEqual(listed);
    expect(listed).toMatchObject({
      user_name: 'Asha Asker',
      mine: true,
      verified_by_teacher: false,
      questionanswers: [{ question: 'What did Akbar eat for breakfast?', answers: [] }],
    });
  });

  it('never shows the draft to learners, the asker or anyone else', async () => {
    for (const who of [asker, other]) {
      const text = JSON.stringify(await learnerList(who, t.free.topic_id));
      expect(text).not.toContain('1556');
      expect(text).not.toContain('draft');
      expect(text).not.toContain('handoff');
      expect(text).not.toContain('Words the learner wrote');
    }
    expect(JSON.stringify(posted.body)).not.toMatch(/draft|1556|handoff/);
  });

  it('refuses a topic the learner may not watch with 403, and writes nothing', async () => {
    const before = (await deskList(true)).length;
    const res = await askTeacher(asker, { topic_id: t.paid.topic_id, question: 'Paid?' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("You haven't bought the course !!");
    expect((await deskList(true)).length).toBe(before);
  });

  it('keeps the bounds of insertqna: blank, too long, a missing or malformed topic', async () => {
    const cases: [unknown, string][] = [
      [{ topic_id: t.free.topic_id, question: '   ' }, 'Question cannot be empty !!'],
      [
        { topic_id: t.free.topic_id, question: 'x'.repeat(2001) },
        'Question must be at most 2000 characters.',
      ],
      [{ question: 'Why?' }, 'topic_id is required.'],
      [{ topic_id: 'not/an id', question: 'Why?' }, 'topic_id is not valid.'],
    ];
    for (const [body, message] of cases) {
      const res = await askTeacher(asker, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(
      (await askTeacher(asker, { topic_id: t.free.topic_id, question: 'x'.repeat(2000) })).status,
    ).toBe(201);
  });

  it('lists hand-offs first on the desk, with the server’s own draft and its citations', async () => {
    // A plain question asked after the hand-off is newer, yet comes after it.
    await call('POST', `${LEARNER_DATA}/insertqna`, {
      token: other.token,
      body: { topic_id: t.free.topic_id, question: 'A plain question' },
    });
    const desk = await deskList(true);
    const firstPlain = desk.findIndex((q) => !q.handoff);
    const lastHandoff = desk.findLastIndex((q) => q.handoff);
    expect(lastHandoff).toBeLessThan(firstPlain);
    const mine = desk.find((q) => q.qna_id === posted.body.data.qna_id);
    expect(mine).toMatchObject({
      handoff: true,
      draft: {
        text: TEACHER_TURN.content,
        citations: [
          { source: 'notes', page: 2, quote: 'ruled from 1556' },
          { source: 'video', start_seconds: 134, quote: 'the young emperor' },
        ],
      },
    });
    // The signed URL expires: the draft keeps the page, never the link; the client's draft is ignored.
    expect(JSON.stringify(mine)).not.toContain('X-Amz-Signature');
    expect(JSON.stringify(mine)).not.toContain('Words the learner wrote');
    expect(desk.find((q) => q.questionanswers[0].question === 'A plain question')).toMatchObject({
      handoff: false,
    });
    expect(desk.find((q) => q.questionanswers[0].question === 'A plain question').draft).toBe(
      undefined,
    );
  });

  it('hands off with an empty draft when the AI teacher never answered on the topic', async () => {
    const fresh = await newLearner(call, 'Fresh');
    const res = await askTeacher(fresh, { topic_id: t.free.topic_id, question: 'First?' });
    expect(res.status).toBe(201);
    const mine = (await deskList(true)).find((q) => q.qna_id === res.body.data.qna_id);
    expect(mine).toMatchObject({ handoff: true, draft: { text: '', citations: [] } });
  });

  it('publishes the corrected draft: the learner sees it verified by a teacher', async () => {
    const qnaId = posted.body.data.qna_id;
    const res = await call('POST', `${ADMIN_DATA}/answerqna`, {
      token: admin.token,
      body: { qna_id: qnaId, answer: 'The notes do not say; court records mention simple meals.' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ verified_by_teacher: true, handoff: true });
    expect((await deskList(true)).some((q) => q.qna_id === qnaId)).toBe(false);

    const listed = (await learnerList(asker, t.free.topic_id)).find((q) => q.qna_id === qnaId);
    expect(listed).toMatchObject({
      verified_by_teacher: true,
      questionanswers: [
        {
          answers: [
            {
              answer: 'The notes do not say; court records mention simple meals.',
              answered_by: 'GIA School',
              is_staff: true,
              verified_by_teacher: true,
            },
          ],
        },
      ],
    });
    expect(JSON.stringify(listed)).not.toContain('1556');
  });

  it('never marks a learner’s answer as verified', async () => {
    const q = await call('POST', `${LEARNER_DATA}/insertqna`, {
      token: asker.token,
      body: { topic_id: t.free.topic_id, question: 'Answered by a peer?' },
    });
    await call('POST', `${LEARNER_DATA}/updateqna`, {
      token: other.token,
      body: { qna_id: q.body.data.qna_id, answer: 'Yes, by me.' },
    });
    const listed = (await learnerList(asker, t.free.topic_id)).find(
      (x) => x.qna_id === q.body.data.qna_id,
    );
    expect(listed).toMatchObject({
      verified_by_teacher: false,
      questionanswers: [{ answers: [{ is_staff: false, verified_by_teacher: false }] }],
    });
  });
});
