import { beforeEach, describe, expect, it } from 'vitest';
import { api, buySubjects, newLearner } from './api.ts';
import { LEARNER_DATA, historyTopics, signedInAdmin } from './fixtures.ts';

const call = api();
const admin = signedInAdmin(call);

const learner = (name = 'Lina Learner') => newLearner(call, name);
/** A free topic (anyone may watch) and a paid one. */
const topics = () => historyTopics(admin.post);

describe('reviews', () => {
  describe('of a topic two learners may watch', () => {
    type Learner = Awaited<ReturnType<typeof learner>>;
    let t: Awaited<ReturnType<typeof topics>>;
    let a: Learner;
    let b: Learner;
    const post = (who: Learner, body: object) =>
      call('POST', `${LEARNER_DATA}/insertreviews`, {
        token: who.token,
        body: { topic_id: t.free.topic_id, ...body },
      });
    const reviews = async () =>
      (
        await call('GET', `${LEARNER_DATA}/getreviews?topic_id=${t.free.topic_id}`, {
          token: a.token,
        })
      ).body;
    /** Asha's 4.5 ("Clear") and Bala's 2.5 ("Too fast"); answers Asha's review's id. */
    const bothReview = async () => {
      const first = await post(a, { rating: 4.5, review_comment: 'Clear' });
      await post(b, { rating: 2.5, review_comment: 'Too fast' });
      return first.body.data.id as string;
    };

    beforeEach(async () => {
      t = await topics();
      a = await learner('Asha');
      b = await learner('Bala');
    });

    it('refuses a rating outside 1 to 5 or between half steps', async () => {
      const zero = await post(a, { rating: 0, review_comment: 'x' });
      const third = await post(a, { rating: 3.3, review_comment: 'x' });

      expect(zero.body.message).toBe('Please provide a rating');
      expect(third.body.message).toBe('Please provide a rating');
    });

    it('refuses a blank review', async () => {
      const res = await post(a, { rating: 4, review_comment: '  ' });

      expect(res.body.message).toBe('Please provide a review');
    });

    it('creates a review with 201, under the learner’s name', async () => {
      const res = await post(a, { rating: 4.5, review_comment: 'Clear' });

      expect(res).toMatchObject({
        status: 201,
        body: { message: 'Review created successfully', data: { rating: 4.5, user_name: 'Asha' } },
      });
    });

    it('keeps one review per learner and topic: a second is 409', async () => {
      await post(a, { rating: 4.5, review_comment: 'Clear' });

      const again = await post(a, { rating: 3, review_comment: 'Again' });

      expect(again.status).toBe(409);
    });

    it('summarises the topic’s reviews', async () => {
      await bothReview();

      expect((await reviews()).summary).toEqual({ average_rating: 3.5, review_count: 2 });
    });

    it('refuses another learner’s change of a review with 403', async () => {
      const id = await bothReview();

      const res = await call('POST', `${LEARNER_DATA}/updatereviews`, {
        token: b.token,
        body: { id, rating: 1, review_comment: 'hijack' },
      });

      expect(res.status).toBe(403);
    });

    it('lets the author change a review, and the summary follows', async () => {
      const id = await bothReview();

      const res = await call('POST', `${LEARNER_DATA}/updatereviews`, {
        token: a.token,
        body: { id, rating: 5, review_comment: 'Even better' },
      });

      expect(res.body.message).toBe('Review updated successfully');
      expect((await reviews()).summary).toEqual({ average_rating: 3.8, review_count: 2 });
    });

    it('refuses another learner’s delete of a review with 403', async () => {
      const id = await bothReview();

      const res = await call('DELETE', `${LEARNER_DATA}/deletereviews/${id}`, { token: b.token });

      expect(res.status).toBe(403);
    });

    it('lets the author delete a review, and the summary and the list follow', async () => {
      const id = await bothReview();

      const res = await call('DELETE', `${LEARNER_DATA}/deletereviews/${id}`, { token: a.token });

      expect(res.body.message).toBe('Review deleted successfully');
      const after = await reviews();
      expect(after.summary).toEqual({ average_rating: 2.5, review_count: 1 });
      expect(after.data).toEqual([
        expect.objectContaining({ user_name: 'Bala', rating: 2.5, review_comment: 'Too fast' }),
      ]);
    });
  });

  it('keeps the count right when many learners review at once', async () => {
    const t = await topics();
    const people = await Promise.all([1, 2, 3, 4, 5].map((n) => learner(`P${n}`)));
    await Promise.all(
      people.map((p, i) =>
        call('POST', `${LEARNER_DATA}/insertreviews`, {
          token: p.token,
          body: { topic_id: t.free.topic_id, rating: i + 1, review_comment: 'ok' },
        }),
      ),
    );
    const res = await call('GET', `${LEARNER_DATA}/getreviews?topic_id=${t.free.topic_id}`, {
      token: people[0]!.token,
    });
    expect(res.body.summary).toEqual({ average_rating: 3, review_count: 5 });
  });

  it('refuses a review of a topic the learner may not watch with 403', async () => {
    const t = await topics();
    const a = await learner();
    const res = await call('POST', `${LEARNER_DATA}/insertreviews`, {
      token: a.token,
      body: { topic_id: t.paid.topic_id, rating: 5, review_comment: 'x' },
    });
    expect(res.status).toBe(403);
  });
});

describe('reviews and questions of a paid topic (finding 15)', () => {
  it('are readable only by learners entitled to the topic; others see the review summary only', async () => {
    const t = await topics();
    const buyer = await learner('Buyer');
    const other = await learner('Other');
    await buySubjects(call, buyer.token, [t.subject.subject_id]);
    await call('POST', `${LEARNER_DATA}/insertreviews`, {
      token: buyer.token,
      body: { topic_id: t.paid.topic_id, rating: 4, review_comment: 'alice private review' },
    });
    await call('POST', `${LEARNER_DATA}/insertqna`, {
      token: buyer.token,
      body: { topic_id: t.paid.topic_id, question: 'alice private question' },
    });

    const theirs = await call('GET', `${LEARNER_DATA}/getreviews?topic_id=${t.paid.topic_id}`, {
      token: other.token,
    });
    expect(theirs.body).toMatchObject({
      data: [],
      summary: { average_rating: 4, review_count: 1 },
      entitled: false,
    });
    const qna = await call('GET', `${LEARNER_DATA}/getqna?topic_id=${t.paid.topic_id}`, {
      token: other.token,
    });
    expect(qna.status).toBe(403);
    expect(JSON.stringify(qna.body)).not.toContain('alice private question');

    const mine = await call('GET', `${LEARNER_DATA}/getreviews?topic_id=${t.paid.topic_id}`, {
      token: buyer.token,
    });
    expect(mine.body.entitled).toBe(true);
    expect(mine.body.data).toEqual([
      {
        id: expect.any(String),
        user_name: 'Buyer',
        topic_id: t.paid.topic_id,
        rating: 4,
        review_comment: 'alice private review',
        created_at: expect.any(String),
        mine: true,
      },
    ]);
    const mineQna = await call('GET', `${LEARNER_DATA}/getqna?topic_id=${t.paid.topic_id}`, {
      token: buyer.token,
    });
    expect(mineQna.body.data[0].questionanswers[0].question).toBe('alice private question');
  });
});

describe('topic progress', () => {
  it('remembers the position per topic and marks a topic watched near its end', async () => {
    const t = await topics();
    const me = await learner();
    const save = (topic_id: string, position_seconds: number) =>
      call('POST', `${LEARNER_DATA}/saveTopicProgress`, {
        token: me.token,
        body: { topic_id, position_seconds, duration_seconds: 120 },
      });
    expect((await save(t.free.topic_id, 42.7)).status).toBe(200);
    expect((await save(t.paid.topic_id, 10)).status).toBe(403);
    let list = (
      await call('GET', `${LEARNER_DATA}/getTopicProgress?chapter_id=${t.chapter.chapter_id}`, {
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
      await call('GET', `${LEARNER_DATA}/getTopicProgress?chapter_id=${t.chapter.chapter_id}`, {
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
      cls: (await call('GET', `${LEARNER_DATA}/getClasses?board_id=${t.board.board_id}`)).body
        .data[0],
      subject: (await call('GET', `${LEARNER_DATA}/getSubjects?class_id=${t.cls.class_id}`)).body
        .data[0],
    });
    expect((await cards()).cls.rating).toBeNull();
    for (const [who, rating] of [
      [a, 5],
      [b, 3.5],
    ] as const) {
      await call('POST', `${LEARNER_DATA}/insertreviews`, {
        token: who.token,
        body: { topic_id: t.free.topic_id, rating, review_comment: 'ok' },
      });
    }
    const after = await cards();
    expect(after.cls.rating).toEqual({ average_rating: 4.3, review_count: 2 });
    expect(after.subject.rating).toEqual({ average_rating: 4.3, review_count: 2 });
  });
});
