import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { adminToken, api, newLearner, uniqueEmail } from '../../scripts/test/api.ts';

const call = api();
const stack = inject('stack');
const L = '/api/v1/classuser/data';
const A = '/api/v1/classadmin/data';
let admin: string;

const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const adminPost = async (path: string, body: unknown) =>
  (await call('POST', `${A}/${path}`, { body, token: admin })).body.data;

const learner = (name = 'Lina Learner') => newLearner(call, name);

/** A free topic (anyone may watch) and a paid one. */
async function topics() {
  const board = await adminPost('insertBoards', { board_name: unique('Learn Board') });
  const cls = await adminPost('insertClasses', {
    class_name: 'Class 7',
    board_id: board.board_id,
    price: 100,
  });
  const subject = await adminPost('insertSubjects', {
    subject_name: 'History',
    class_id: cls.class_id,
    price: 50,
  });
  const chapter = await adminPost('insertChapters', {
    chapter_name: 'Mughals',
    subject_id: subject.subject_id,
    serial_no: 1,
    description: 'd',
  });
  const free = await adminPost('insertTopics', {
    chapter_id: chapter.chapter_id,
    topic_name: 'Akbar',
    author: 'A',
    topic_description: 'Akbar’s reign',
    free_to_watch: '1',
  });
  const paid = await adminPost('insertTopics', {
    chapter_id: chapter.chapter_id,
    topic_name: 'Shah Jahan',
    author: 'A',
    free_to_watch: '2',
  });
  return { board, cls, subject, chapter, free, paid };
}

beforeAll(async () => {
  admin = await adminToken(call);
});

describe('reviews', () => {
  it('keeps one review per learner and topic, owner-only changes, and a correct summary after each', async () => {
    const t = await topics();
    const a = await learner('Asha');
    const b = await learner('Bala');
    const post = (who: { token: string }, body: object) =>
      call('POST', `${L}/insertreviews`, {
        token: who.token,
        body: { topic_id: t.free.topic_id, ...body },
      });
    expect((await post(a, { rating: 0, review_comment: 'x' })).body.message).toBe(
      'Please provide a rating',
    );
    expect((await post(a, { rating: 3.3, review_comment: 'x' })).body.message).toBe(
      'Please provide a rating',
    );
    expect((await post(a, { rating: 4, review_comment: '  ' })).body.message).toBe(
      'Please provide a review',
    );
    const first = await post(a, { rating: 4.5, review_comment: 'Clear' });
    expect(first).toMatchObject({
      status: 201,
      body: { message: 'Review created successfully', data: { rating: 4.5, user_name: 'Asha' } },
    });
    expect((await post(a, { rating: 3, review_comment: 'Again' })).status).toBe(409);
    await post(b, { rating: 2.5, review_comment: 'Too fast' });

    const summary = async () =>
      (await call('GET', `${L}/getreviews?topic_id=${t.free.topic_id}`, { token: a.token })).body;
    expect((await summary()).summary).toEqual({ average_rating: 3.5, review_count: 2 });

    const id = first.body.data.id;
    expect(
      (
        await call('POST', `${L}/updatereviews`, {
          token: b.token,
          body: { id, rating: 1, review_comment: 'hijack' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call('POST', `${L}/updatereviews`, {
          token: a.token,
          body: { id, rating: 5, review_comment: 'Even better' },
        })
      ).body.message,
    ).toBe('Review updated successfully');
    expect((await summary()).summary).toEqual({ average_rating: 3.8, review_count: 2 });
    expect((await call('DELETE', `${L}/deletereviews/${id}`, { token: b.token })).status).toBe(403);
    expect(
      (await call('DELETE', `${L}/deletereviews/${id}`, { token: a.token })).body.message,
    ).toBe('Review deleted successfully');
    const after = await summary();
    expect(after.summary).toEqual({ average_rating: 2.5, review_count: 1 });
    expect(after.data).toEqual([
      expect.objectContaining({ user_name: 'Bala', rating: 2.5, review_comment: 'Too fast' }),
    ]);
  });

  it('keeps the count right when many learners review at once', async () => {
    const t = await topics();
    const people = await Promise.all([1, 2, 3, 4, 5].map((n) => learner(`P${n}`)));
    await Promise.all(
      people.map((p, i) =>
        call('POST', `${L}/insertreviews`, {
          token: p.token,
          body: { topic_id: t.free.topic_id, rating: i + 1, review_comment: 'ok' },
        }),
      ),
    );
    const res = await call('GET', `${L}/getreviews?topic_id=${t.free.topic_id}`, {
      token: people[0]!.token,
    });
    expect(res.body.summary).toEqual({ average_rating: 3, review_count: 5 });
  });

  it('refuses a review of a topic the learner may not watch with 403', async () => {
    const t = await topics();
    const a = await learner();
    const res = await call('POST', `${L}/insertreviews`, {
      token: a.token,
      body: { topic_id: t.paid.topic_id, rating: 5, review_comment: 'x' },
    });
    expect(res.status).toBe(403);
  });
});

describe('questions', () => {
  it('posts, lists newest first, lets entitled learners and admins answer, and the author edit', async () => {
    const t = await topics();
    const a = await learner('Asker');
    const b = await learner('Helper');
    expect(
      (
        await call('POST', `${L}/insertqna`, {
          token: a.token,
          body: { topic_id: t.free.topic_id, question: '  ' },
        })
      ).body.message,
    ).toBe('Question cannot be empty !!');
    const q1 = await call('POST', `${L}/insertqna`, {
      token: a.token,
      body: { topic_id: t.free.topic_id, question: 'Who was Akbar?' },
    });
    expect(q1).toMatchObject({ status: 201, body: { message: 'Question posted successfully.' } });
    await call('POST', `${L}/insertqna`, {
      token: a.token,
      body: { topic_id: t.free.topic_id, question: 'When did he rule?' },
    });
    expect(
      (
        await call('POST', `${L}/insertqna`, {
          token: a.token,
          body: { topic_id: t.paid.topic_id, question: 'Paid?' },
        })
      ).status,
    ).toBe(403);

    const qnaId = q1.body.data.qna_id;
    await call('POST', `${L}/updateqna`, {
      token: b.token,
      body: { qna_id: qnaId, answer: 'A Mughal emperor.' },
    });
    expect(
      (
        await call('POST', `${L}/updateqna`, {
          token: b.token,
          body: { qna_id: qnaId, question: 'changed' },
        })
      ).status,
    ).toBe(403);
    await call('POST', `${L}/updateqna`, {
      token: a.token,
      body: { qna_id: qnaId, question: 'Who was Emperor Akbar?' },
    });

    const unanswered = (await call('GET', `${A}/getqna?unanswered=true`, { token: admin })).body
      .data;
    expect(unanswered.some((q: { qna_id: string }) => q.qna_id === qnaId)).toBe(false);
    const open = unanswered.find(
      (q: { questionanswers: { question: string }[] }) =>
        q.questionanswers[0]!.question === 'When did he rule?',
    );
    expect(open).toBeDefined();
    await call('POST', `${A}/answerqna`, {
      token: admin,
      body: { qna_id: open.qna_id, answer: '1556 to 1605.' },
    });

    const list = (await call('GET', `${L}/getqna?topic_id=${t.free.topic_id}`, { token: b.token }))
      .body.data;
    expect(
      list.map((q: { questionanswers: { question: string }[] }) => q.questionanswers[0]!.question),
    ).toEqual(['When did he rule?', 'Who was Emperor Akbar?']);
    expect(list[0].questionanswers[0].answers[0]).toMatchObject({
      answer: '1556 to 1605.',
      answered_by: 'Admin (GIA School)',
    });
    expect(list[1].questionanswers[0].answers[0]).toMatchObject({
      answer: 'A Mughal emperor.',
      answered_by: 'Helper',
    });
  });

  it('removes a topic’s reviews and questions with the topic', async () => {
    const t = await topics();
    const a = await learner();
    await call('POST', `${L}/insertreviews`, {
      token: a.token,
      body: { topic_id: t.free.topic_id, rating: 5, review_comment: 'x' },
    });
    await call('POST', `${L}/insertqna`, {
      token: a.token,
      body: { topic_id: t.free.topic_id, question: 'q?' },
    });
    expect(
      (await call('DELETE', `${A}/deleteTopics/${t.free.topic_id}`, { token: admin })).status,
    ).toBe(200);
    const questions = (await call('GET', `${A}/getqna`, { token: admin })).body.data;
    expect(questions.some((q: { topic_id: string }) => q.topic_id === t.free.topic_id)).toBe(false);
  });
});

describe('the profile', () => {
  it('reads the profile and updates it with every validation, carrying the name to sign-in', async () => {
    const me = await learner('Old Name');
    const read = await call('GET', `${L}/getclass_users`, { token: me.token });
    expect(read.body.data[0]).toMatchObject({
      user_id: me.userId,
      user_name: 'Old Name',
      email: me.email,
    });
    expect(read.body.data[0]).not.toHaveProperty('password');
    const valid = {
      user_mobile: '9876543210',
      user_name: 'New Name',
      email: uniqueEmail('moved'),
      dob: '2010-05-04T00:00:00.000Z',
      course_of_study: 'Class 10',
      profile_image: '/media/public/images/me.png',
      password: 'ignored',
      is_verified: true,
    };
    const put = (body: object) => call('PUT', `${L}/updateclass_users`, { token: me.token, body });
    expect((await put({ ...valid, user_mobile: '' })).body.message).toBe('Mobile is required!');
    expect((await put({ ...valid, course_of_study: ' ' })).body.message).toBe(
      'Course of study is required!',
    );
    expect((await put({ ...valid, user_mobile: '98765' })).status).toBe(400);
    expect((await put({ ...valid, user_mobile: '98765abcde' })).status).toBe(400);
    const tomorrow = new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);
    expect((await put({ ...valid, dob: tomorrow })).body.message).toBe(
      'Date of birth cannot be later than today.',
    );
    const other = await learner();
    expect((await put({ ...valid, email: other.email })).status).toBe(409);

    const ok = await put(valid);
    expect(ok).toMatchObject({ status: 200, body: { message: 'Profile Updated Successfully' } });
    expect(ok.body.data).toMatchObject({
      dob: '2010-05-04',
      user_name: 'New Name',
      is_verified: false,
    });
    // The new e-mail only waits for its code (profile-email.int.test.ts); sign-in keeps the old.
    expect(ok.body.data).toMatchObject({ email: me.email, pending_email: valid.email });
    const login = await call('POST', '/api/v1/classuser/login/request', {
      body: { email: me.email, password: 'Passw0rdOk' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.name).toBe('New Name');
  });
});

describe('the AI teacher', () => {
  let mock: Server;
  let mockUrl: string;
  const seen: {
    messages: { role: string; content: string }[];
    response_format: unknown;
    max_completion_tokens: number;
  }[] = [];
  let nextReply = { on_topic: true, answer: 'Akbar ruled from **1556**.' };

  beforeAll(async () => {
    mock = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (req.url !== '/v1/chat/completions' || req.headers.authorization !== 'Bearer test-key') {
          res.writeHead(401, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'bad key' } }));
          return;
        }
        seen.push(JSON.parse(body));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 1,
            model: 'gpt-4o-mini',
            choices: [
              {
                index: 0,
                finish_reason: 'stop',
                message: { role: 'assistant', content: JSON.stringify(nextReply) },
              },
            ],
          }),
        );
      });
    });
    await new Promise<void>((r) => mock.listen(0, '127.0.0.1', r));
    mockUrl = `http://127.0.0.1:${(mock.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => mock?.close());

  it('answers 503 when no OpenAI key is configured', async () => {
    const me = await learner();
    const res = await call('POST', `${L}/getAiResponse`, {
      token: me.token,
      body: { messages: 'Hi' },
    });
    expect(res).toMatchObject({
      status: 503,
      body: { message: 'The AI teacher is not available right now.' },
    });
    expect(
      (await call('POST', `${L}/getAiResponse`, { token: me.token, body: { messages: '  ' } }))
        .status,
    ).toBe(400);
  });

  it('scopes the prompt with the server’s names, refuses off-topic answers and limits each learner per hour', async () => {
    const t = await topics();
    const me = await learner();
    Object.assign(process.env, stack.env, {
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: mockUrl,
      LOG_LEVEL: 'SILENT',
    });
    const { askTeacher } = await import('../src/ai/service.ts');

    const answer = await askTeacher(me.userId, {
      messages: 'When did Akbar rule?',
      topic_id: t.free.topic_id,
      history: [
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Hi!' },
      ],
    });
    expect(answer).toEqual({ reply: 'Akbar ruled from **1556**.', refused: false });
    const sent = seen.at(-1)!;
    expect(sent.messages[0]!.role).toBe('system');
    expect(sent.messages[0]!.content).toContain('the class "Class 7" and the topic "Akbar"');
    expect(sent.messages[0]!.content).toContain('<course_material>');
    expect(sent.messages[0]!.content).toContain('Akbar’s reign');
    expect(sent.messages.slice(1).map((m) => m.content)).toEqual([
      'Hello',
      'Hi!',
      'When did Akbar rule?',
    ]);
    expect(sent.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'tutor_reply', strict: true },
    });
    expect(sent.max_completion_tokens).toBe(600);

    nextReply = { on_topic: false, answer: 'Cricket scores are…' };
    expect(
      await askTeacher(me.userId, { messages: 'Who won the cricket?', topic_id: t.free.topic_id }),
    ).toEqual({
      reply: 'I can only help with questions about this class and topic.',
      refused: true,
    });
    nextReply = { on_topic: true, answer: '' };
    expect(
      (await askTeacher(me.userId, { messages: 'Hm?', topic_id: t.free.topic_id })).reply,
    ).toBe('No response received.');

    await expect(
      askTeacher(me.userId, { messages: 'Paid?', topic_id: t.paid.topic_id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });

    nextReply = { on_topic: true, answer: 'ok' };
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        askTeacher(me.userId, { messages: 'Again?', topic_id: t.free.topic_id }),
      ),
    );
    const limited = results.filter((r) => r.status === 'rejected');
    expect(limited.length).toBe(3);
    expect(limited[0]).toMatchObject({ reason: { code: 'RATE_LIMITED' } });
  });
});

describe('topic progress', () => {
  it('remembers the position per topic and marks a topic watched near its end', async () => {
    const t = await topics();
    const me = await learner();
    const save = (topic_id: string, position_seconds: number) =>
      call('POST', `${L}/saveTopicProgress`, {
        token: me.token,
        body: { topic_id, position_seconds, duration_seconds: 120 },
      });
    expect((await save(t.free.topic_id, 42.7)).status).toBe(200);
    expect((await save(t.paid.topic_id, 10)).status).toBe(403);
    let list = (
      await call('GET', `${L}/getTopicProgress?chapter_id=${t.chapter.chapter_id}`, {
        token: me.token,
      })
    ).body.data;
    expect(list).toEqual([
      expect.objectContaining({
        topic_id: t.free.topic_id,
        position_seconds: 42,
        completed: false,
      }),
    ]);
    await save(t.free.topic_id, 117);
    await save(t.free.topic_id, 3);
    list = (
      await call('GET', `${L}/getTopicProgress?chapter_id=${t.chapter.chapter_id}`, {
        token: me.token,
      })
    ).body.data;
    expect(list[0]).toMatchObject({ position_seconds: 3, completed: true });
  });
});

describe('ratings on cards', () => {
  it('shows nothing before a review, then the real average and count on class and subject cards', async () => {
    const t = await topics();
    const a = await learner();
    const b = await learner();
    const cards = async () => ({
      cls: (await call('GET', `${L}/getClasses?board_id=${t.board.board_id}`)).body.data[0],
      subject: (await call('GET', `${L}/getSubjects?class_id=${t.cls.class_id}`)).body.data[0],
    });
    expect((await cards()).cls.rating).toBeNull();
    for (const [who, rating] of [
      [a, 5],
      [b, 3.5],
    ] as const) {
      await call('POST', `${L}/insertreviews`, {
        token: who.token,
        body: { topic_id: t.free.topic_id, rating, review_comment: 'ok' },
      });
    }
    const after = await cards();
    expect(after.cls.rating).toEqual({ average_rating: 4.3, review_count: 2 });
    expect(after.subject.rating).toEqual({ average_rating: 4.3, review_count: 2 });
  });
});
