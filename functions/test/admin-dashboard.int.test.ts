import { describe, expect, it } from 'vitest';
import { api, buySubjects, newLearner, routePath } from './api.ts';
import { historyTopics, LEARNER_DATA, shopCatalogue, signedInAdmin } from './fixtures.ts';

const call = api();
const admin = signedInAdmin(call);

interface Dashboard {
  learners: number;
  paid_orders: { count: number; amount: number; since: string };
  unanswered_questions: number;
}
const dashboard = async (): Promise<Dashboard> => {
  const res = await call('GET', routePath('admin.dashboard'), { token: admin.token });
  expect(res.status).toBe(200);
  return res.body.data;
};
const ask = (token: string, topic_id: string, question: string) =>
  call('POST', `${LEARNER_DATA}/insertqna`, { token, body: { topic_id, question } });

describe('the admin dashboard', () => {
  it('is for admins only', async () => {
    const learner = await newLearner(call, 'Curious Learner');

    expect((await call('GET', routePath('admin.dashboard'))).status).toBe(401);
    expect(
      (await call('GET', routePath('admin.dashboard'), { token: learner.token })).status,
    ).toBeGreaterThanOrEqual(401);
  });

  it('counts one more learner after a sign-up', async () => {
    const before = await dashboard();

    await newLearner(call, 'Counted Learner');

    expect((await dashboard()).learners).toBe(before.learners + 1);
  });

  it('counts a paid order of this week, and its rupees', async () => {
    const shop = await shopCatalogue(admin.post);
    const buyer = await newLearner(call, 'Paying Learner');
    const before = await dashboard();

    const { recorded } = await buySubjects(call, buyer.token, [
      shop.physics.subject_id,
      shop.biology.subject_id,
    ]);
    expect(recorded.status).toBe(200);

    const after = await dashboard();
    expect(after.paid_orders.count).toBe(before.paid_orders.count + 1);
    expect(after.paid_orders.amount).toBeCloseTo(before.paid_orders.amount + 450.5, 2);
    expect(Date.now() - Date.parse(after.paid_orders.since)).toBeGreaterThanOrEqual(
      7 * 86_400_000 - 60_000,
    );
  });

  it('counts a question until an admin answers it', async () => {
    const t = await historyTopics(admin.post);
    const learner = await newLearner(call, 'Asking Learner');
    const before = await dashboard();

    const asked = await ask(learner.token, t.free.topic_id, 'Why did Akbar move the capital?');
    expect((await dashboard()).unanswered_questions).toBe(before.unanswered_questions + 1);
    await call('POST', routePath('admin.qna.answer'), {
      token: admin.token,
      body: { qna_id: asked.body.data.qna_id, answer: 'For water, among other reasons.' },
    });

    expect((await dashboard()).unanswered_questions).toBe(before.unanswered_questions);
  });
});

describe('the question desk', () => {
  it('shows where each question was asked: topic, chapter, subject, class and board', async () => {
    const t = await historyTopics(admin.post);
    const learner = await newLearner(call, 'Placing Learner');
    const asked = await ask(learner.token, t.free.topic_id, 'Who built Fatehpur Sikri?');

    const res = await call('GET', `${routePath('admin.qna.get')}?unanswered=true`, {
      token: admin.token,
    });

    const mine = res.body.data.find((q: { qna_id: string }) => q.qna_id === asked.body.data.qna_id);
    expect(mine.place).toMatchObject({
      topic_id: t.free.topic_id,
      topic_name: 'Akbar',
      chapter_id: t.chapter.chapter_id,
      chapter_name: 'Mughals',
      subject_id: t.subject.subject_id,
      subject_name: 'History',
      class_id: t.cls.class_id,
      class_name: 'Class 7',
      board_id: t.board.board_id,
      board_name: t.board.board_name,
    });
  });

  it('lists unanswered questions before answered ones', async () => {
    const t = await historyTopics(admin.post);
    const learner = await newLearner(call, 'Ordering Learner');
    const older = await ask(learner.token, t.free.topic_id, 'An older open question?');
    const answered = await ask(learner.token, t.free.topic_id, 'A newer answered question?');
    await call('POST', routePath('admin.qna.answer'), {
      token: admin.token,
      body: { qna_id: answered.body.data.qna_id, answer: 'Yes.' },
    });

    const ids: string[] = (
      await call('GET', routePath('admin.qna.get'), { token: admin.token })
    ).body.data.map((q: { qna_id: string }) => q.qna_id);

    expect(ids.indexOf(older.body.data.qna_id)).toBeLessThan(
      ids.indexOf(answered.body.data.qna_id),
    );
  });
});
