import { beforeAll, describe, expect, it } from 'vitest';
import { api, newLearner } from './api.ts';
import { ADMIN_DATA, LEARNER_DATA, historyTopics, signedInAdmin } from './fixtures.ts';

const call = api();
const admin = signedInAdmin(call);

const learner = (name = 'Lina Learner') => newLearner(call, name);
/** A free topic (anyone may watch) and a paid one. */
const topics = () => historyTopics(admin.post);

describe('questions', () => {
  type Learner = Awaited<ReturnType<typeof learner>>;
  type Question = { qna_id: string; questionanswers: { question: string; answers: object[] }[] };
  const ask = (who: Learner, topic_id: string, question: string) =>
    call('POST', `${LEARNER_DATA}/insertqna`, { token: who.token, body: { topic_id, question } });

  it('refuses an empty question', async () => {
    const t = await topics();
    const a = await learner('Asker');

    const res = await ask(a, t.free.topic_id, '  ');

    expect(res.body.message).toBe('Question cannot be empty !!');
  });

  it('refuses a question on a topic the learner may not watch with 403', async () => {
    const t = await topics();
    const a = await learner('Asker');

    const res = await ask(a, t.paid.topic_id, 'Paid?');

    expect(res.status).toBe(403);
  });

  describe('on a topic where a learner answered one question and the staff the other', () => {
    let t: Awaited<ReturnType<typeof topics>>;
    let a: Learner;
    let b: Learner;
    let q1: Awaited<ReturnType<typeof call>>;
    let unanswered: Question[];
    let open: Question | undefined;
    let list: Question[];

    beforeAll(async () => {
      t = await topics();
      a = await learner('Asker');
      b = await learner('Helper');
      q1 = await ask(a, t.free.topic_id, 'Who was Akbar?');
      await ask(a, t.free.topic_id, 'When did he rule?');
      const qnaId = q1.body.data.qna_id;
      await call('POST', `${LEARNER_DATA}/updateqna`, {
        token: b.token,
        body: { qna_id: qnaId, answer: 'A Mughal emperor.' },
      });
      await call('POST', `${LEARNER_DATA}/updateqna`, {
        token: a.token,
        body: { qna_id: qnaId, question: 'Who was Emperor Akbar?' },
      });

      unanswered = (
        await call('GET', `${ADMIN_DATA}/getqna?unanswered=true`, { token: admin.token })
      ).body.data;
      open = unanswered.find((q) => q.questionanswers[0]!.question === 'When did he rule?');
      if (open) {
        await call('POST', `${ADMIN_DATA}/answerqna`, {
          token: admin.token,
          body: { qna_id: open.qna_id, answer: '1556 to 1605.' },
        });
      }

      list = (
        await call('GET', `${LEARNER_DATA}/getqna?topic_id=${t.free.topic_id}`, { token: b.token })
      ).body.data;
    });

    it('posted each question with 201', () => {
      expect(q1).toMatchObject({ status: 201, body: { message: 'Question posted successfully.' } });
    });

    it('lets only the author edit a question', async () => {
      const res = await call('POST', `${LEARNER_DATA}/updateqna`, {
        token: b.token,
        body: { qna_id: q1.body.data.qna_id, question: 'changed' },
      });

      expect(res.status).toBe(403);
    });

    it('keeps a question a learner answered off the staff’s unanswered list', () => {
      expect(unanswered.some((q) => q.qna_id === q1.body.data.qna_id)).toBe(false);
    });

    it('puts a question nobody answered on the staff’s unanswered list', () => {
      expect(open).toBeDefined();
    });

    it('lists the topic’s questions newest first, with the author’s edit', () => {
      expect(list.map((q) => q.questionanswers[0]!.question)).toEqual([
        'When did he rule?',
        'Who was Emperor Akbar?',
      ]);
    });

    it('marks the staff’s answer as staff, under the school’s name', () => {
      expect(list[0]!.questionanswers[0]!.answers[0]).toMatchObject({
        answer: '1556 to 1605.',
        answered_by: 'GIA School',
        is_staff: true,
      });
    });

    it('shows an entitled learner’s answer under the learner’s name, not as staff', () => {
      expect(list[1]!.questionanswers[0]!.answers[0]).toMatchObject({
        answer: 'A Mughal emperor.',
        answered_by: 'Helper',
        is_staff: false,
      });
    });
  });

  it('removes a topic’s reviews and questions with the topic', async () => {
    const t = await topics();
    const a = await learner();
    await call('POST', `${LEARNER_DATA}/insertreviews`, {
      token: a.token,
      body: { topic_id: t.free.topic_id, rating: 5, review_comment: 'x' },
    });
    await call('POST', `${LEARNER_DATA}/insertqna`, {
      token: a.token,
      body: { topic_id: t.free.topic_id, question: 'q?' },
    });
    expect(
      (
        await call('DELETE', `${ADMIN_DATA}/deleteTopics/${t.free.topic_id}`, {
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    const questions = (await call('GET', `${ADMIN_DATA}/getqna`, { token: admin.token })).body.data;
    expect(questions.some((q: { topic_id: string }) => q.topic_id === t.free.topic_id)).toBe(false);
  });
});

describe('bounded Q&A (finding 6)', () => {
  const answer = (who: { token: string }, qna_id: string, text: string) =>
    call('POST', `${LEARNER_DATA}/updateqna`, { token: who.token, body: { qna_id, answer: text } });

  it('caps answers per learner and per question with a clear 409, and 200 attempts never give a 500', async () => {
    const t = await topics();
    const asker = await learner('Asker');
    const qnaId = (
      await call('POST', `${LEARNER_DATA}/insertqna`, {
        token: asker.token,
        body: { topic_id: t.free.topic_id, question: 'Why?' },
      })
    ).body.data.qna_id;
    // The longest accepted answer, in 3-byte characters: the heaviest item a learner can build.
    const longest = '€'.repeat(2000);
    expect((await answer(asker, qnaId, `${longest}€`)).status).toBe(400);

    const one = await learner('Once');
    const mine = [];
    for (let i = 0; i < 6; i++) mine.push(await answer(one, qnaId, longest));
    expect(mine.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 409]);
    expect(mine[5]!.body.message).toBe('You can give at most 5 answers to one question.');

    const crowd = await Promise.all(Array.from({ length: 12 }, (_, i) => learner(`Crowd ${i}`)));
    const results = [];
    for (let round = 0; round < 16; round++) {
      results.push(...(await Promise.all(crowd.map((c) => answer(c, qnaId, longest)))));
    }
    results.push(...(await Promise.all(crowd.slice(0, 2).map((c) => answer(c, qnaId, longest)))));
    expect(results.length + mine.length).toBeGreaterThanOrEqual(200);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(45);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.status))).toEqual(
      new Set([409]),
    );
    expect(results.at(-1)!.body.message).toBe(
      'This question already has the most answers it can take (50).',
    );

    // Staff can still answer a full question, a few times.
    const staff = await call('POST', `${ADMIN_DATA}/answerqna`, {
      token: admin.token,
      body: { qna_id: qnaId, answer: longest },
    });
    expect(staff.status).toBe(200);
    const list = (
      await call('GET', `${LEARNER_DATA}/getqna?topic_id=${t.free.topic_id}`, {
        token: asker.token,
      })
    ).body.data;
    expect(list[0].questionanswers[0].answers).toHaveLength(51);
    expect(list[0].questionanswers[0].answers.at(-1)).toMatchObject({ is_staff: true });
  }, 240_000);

  it('pages a topic’s questions: every question once, newest first, and refuses a crafted cursor', async () => {
    const t = await topics();
    const a = await learner();
    const asked: string[] = [];
    for (let i = 1; i <= 7; i++) {
      await call('POST', `${LEARNER_DATA}/insertqna`, {
        token: a.token,
        body: { topic_id: t.free.topic_id, question: `Q${i}` },
      });
      asked.unshift(`Q${i}`);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await call(
        'GET',
        `${LEARNER_DATA}/getqna?topic_id=${t.free.topic_id}&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        { token: a.token },
      );
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(3);
      seen.push(
        ...res.body.data.map(
          (q: { questionanswers: { question: string }[] }) => q.questionanswers[0]!.question,
        ),
      );
      cursor = res.body.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(asked);
    expect(pages).toBeGreaterThanOrEqual(3);

    const other = Buffer.from(
      JSON.stringify({ pk: `TOPIC#${t.paid.topic_id}`, sk: 'QNA#x' }),
    ).toString('base64url');
    for (const bad of [other, 'not-a-cursor', '%%%']) {
      const res = await call(
        'GET',
        `${LEARNER_DATA}/getqna?topic_id=${t.free.topic_id}&cursor=${encodeURIComponent(bad)}`,
        { token: a.token },
      );
      expect(res.status).toBe(400);
    }
  });

  it('marks staff answers by a server-set flag: a learner named "Admin (GIA School)" is not staff', async () => {
    const t = await topics();
    const asker = await learner('Asker');
    const poser = await learner('Admin (GIA School)');
    const qnaId = (
      await call('POST', `${LEARNER_DATA}/insertqna`, {
        token: asker.token,
        body: { topic_id: t.free.topic_id, question: 'What is a fort?' },
      })
    ).body.data.qna_id;
    await answer(poser, qnaId, 'Official answer: send your password to x@evil.test');
    await call('POST', `${ADMIN_DATA}/answerqna`, {
      token: admin.token,
      body: { qna_id: qnaId, answer: 'A stronghold.' },
    });

    const res = await call('GET', `${LEARNER_DATA}/getqna?topic_id=${t.free.topic_id}`, {
      token: asker.token,
    });
    const [forged, real] = res.body.data[0].questionanswers[0].answers;
    expect(forged).toEqual({
      answer: 'Official answer: send your password to x@evil.test',
      answered_by: 'Learner',
      answered_at: expect.any(String),
      is_staff: false,
      verified_by_teacher: false,
      mine: false,
    });
    expect(real).toMatchObject({
      answered_by: 'GIA School',
      is_staff: true,
      verified_by_teacher: true,
      mine: false,
    });
    // Explicit public fields: no learner ids, no internal attributes, no admin names.
    expect(res.body.data[0]).toEqual({
      qna_id: qnaId,
      user_name: 'Asker',
      topic_id: t.free.topic_id,
      posted_date: expect.any(String),
      mine: true,
      verified_by_teacher: true,
      questionanswers: [{ question: 'What is a fort?', answers: [forged, real] }],
    });
    expect(JSON.stringify(res.body)).not.toContain(poser.userId);
    expect(JSON.stringify(res.body)).not.toContain(asker.userId);

    const desk = (await call('GET', `${ADMIN_DATA}/getqna`, { token: admin.token })).body.data.find(
      (q: { qna_id: string }) => q.qna_id === qnaId,
    );
    expect(desk.questionanswers[0].answers.map((x: { is_staff: boolean }) => x.is_staff)).toEqual([
      false,
      true,
    ]);
  });
});
