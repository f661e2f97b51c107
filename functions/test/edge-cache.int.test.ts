import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, buySubjects, newLearner, routePath } from './api.ts';
import { signedInAdmin, smallCatalogue, unique, type SmallCatalogue } from './fixtures.ts';

/**
 * The catalogue from the edge (issue 30, item 4), through the local gateway, which keeps the
 * public catalogue reads as CloudFront does (scripts/src/edge-cache.ts): `x-cache: Hit from
 * gateway` means the answer came from the cache, with no handler run and so no DynamoDB request.
 */
const call = api();
const admin = signedInAdmin(call);

type Catalogue = SmallCatalogue<'owned' | 'other', 'free' | 'paid'>;

const PUBLIC = 'public, max-age=30, stale-while-revalidate=30';

describe('the catalogue from the edge', () => {
  let cat: Catalogue;
  let learner: Awaited<ReturnType<typeof newLearner>>;
  const outlinePath = () =>
    routePath('catalogue.getSubjectOutline', { subjectId: cat.subjects.owned.subject_id });
  const mine = (query: Record<string, string>, token = learner.token) =>
    call('GET', routePath('catalogue.getMyCatalogueState', {}, query), { token });

  beforeAll(async () => {
    cat = await smallCatalogue(admin.post, {
      board: 'Edge Board',
      class: { class_name: unique('Edge Class'), price: 100 },
      subjects: {
        owned: { subject_name: unique('Owned'), price: 80 },
        other: { subject_name: unique('Other'), price: 60 },
      },
      chapter: { of: 'owned', chapter_name: 'Waves', serial_no: 1, description: 'd' },
      topics: {
        free: {
          topic_name: 'Sound',
          author: 'A',
          free_to_watch: '1',
          video_url: '/media/private/videos/01EDGEFREE-sound.mp4',
        },
        paid: {
          topic_name: 'Light',
          author: 'A',
          free_to_watch: '2',
          video_url: '/media/private/videos/01EDGEPAID-light.mp4',
        },
      },
    });
    learner = await newLearner(call, 'Edge Learner');
    await buySubjects(call, learner.token, [cat.subjects.owned.subject_id]);
    await call('POST', routePath('cart.insert'), {
      token: learner.token,
      body: { subject_id: cat.subjects.other.subject_id },
    });
  });

  it('answers a public read with a public Cache-Control and an ETag', async () => {
    const res = await call('GET', outlinePath());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(PUBLIC);
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
  });

  it('answers 304 without a body to If-None-Match with the current ETag', async () => {
    // The api() client parses bodies; a 304 has none, so this one reads it raw.
    const url = `${inject('stack').url}${outlinePath()}`;
    const first = await fetch(url);
    const etag = first.headers.get('etag')!;
    const again = await fetch(url, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
  });

  it('answers a learner with a token exactly what it answers a visitor', async () => {
    // Given a learner who owns the subject (beforeAll)
    // When the learner and a visitor read its outline
    const learnerRead = await call('GET', outlinePath(), { token: learner.token });
    const visitorRead = await call('GET', outlinePath());

    // Then both get the same answer: the paid topic locked for both, the free one open
    expect(learnerRead.body).toEqual(visitorRead.body);
    expect(learnerRead.headers.get('etag')).toBe(visitorRead.headers.get('etag'));
    const topics = learnerRead.body.data.sub_subjects.flatMap((g: { chapters: unknown[] }) =>
      g.chapters.flatMap((c) => (c as { topics: unknown[] }).topics),
    );
    expect(topics).toEqual([
      expect.objectContaining({ topic_id: cat.topics.free.topic_id, locked: false }),
      expect.objectContaining({
        topic_id: cat.topics.paid.topic_id,
        locked: true,
        video_url: null,
      }),
    ]);
  });

  it('answers the learner’s own part privately: owned, in the cart, and the topics they may play', async () => {
    const res = await mine({ class_id: cat.cls.class_id });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
    expect(res.body.data).toMatchObject({
      owned_subject_ids: [cat.subjects.owned.subject_id],
      cart_subject_ids: [cat.subjects.other.subject_id],
      favourite_subject_ids: [],
    });
    const paid = res.body.data.topics.find(
      (t: { topic_id: string }) => t.topic_id === cat.topics.paid.topic_id,
    );
    expect(paid).toMatchObject({ locked: false, video_url: expect.stringContaining('light.mp4') });

    // The same page by chapter and by subject
    for (const query of <Record<string, string>[]>[
      { chapter_id: cat.chapter.chapter_id },
      { subject_id: cat.subjects.owned.subject_id },
    ]) {
      const ids = (await mine(query)).body.data.topics.map((t: { topic_id: string }) => t.topic_id);
      expect(ids.sort(), JSON.stringify(query)).toEqual(
        [cat.topics.free.topic_id, cat.topics.paid.topic_id].sort(),
      );
    }
  });

  it('gives another learner none of it, and a visitor a 401', async () => {
    const stranger = await newLearner(call, 'Edge Stranger');
    const res = await mine({ class_id: cat.cls.class_id }, stranger.token);
    expect(res.body.data).toMatchObject({ owned_subject_ids: [], cart_subject_ids: [] });
    expect(res.body.data.topics.map((t: { topic_id: string }) => t.topic_id)).toEqual([
      cat.topics.free.topic_id,
    ]);
    const visitor = await call('GET', routePath('catalogue.getMyCatalogueState', {}, {}));
    expect(visitor.status).toBe(401);
  });

  it('answers a warm anonymous page view from the cache: no handler, no DynamoDB request', async () => {
    // Given a page's public reads, read once (cold)
    const page = [
      outlinePath(),
      routePath('catalogue.getClassById', { classId: cat.cls.class_id }),
      routePath('catalogue.getSubjects', {}, { class_id: cat.cls.class_id }),
      routePath('catalogue.gettestimonial'),
    ];
    for (const path of page) await call('GET', path);

    // When a visitor (and a learner) views the page again
    const warm = [
      ...(await Promise.all(page.map((path) => call('GET', path)))),
      ...(await Promise.all(page.map((path) => call('GET', path, { token: learner.token })))),
    ];

    // Then every answer comes from the cache
    expect(warm.map((r) => r.headers.get('x-cache'))).toEqual(warm.map(() => 'Hit from gateway'));
  });

  it('shows an admin’s change at once locally (in AWS: within the answers’ 60 s)', async () => {
    // Given a cached outline
    await call('GET', outlinePath());
    expect((await call('GET', outlinePath())).headers.get('x-cache')).toBe('Hit from gateway');

    // When the admin renames the subject
    const renamed = unique('Renamed');
    const update = await call('POST', routePath('admin.catalogue.updateSubjects'), {
      token: admin.token,
      body: {
        subject_id: cat.subjects.owned.subject_id,
        class_id: cat.cls.class_id,
        subject_name: renamed,
        price: 80,
      },
    });
    expect(update.status).toBe(200);

    // Then the next public read has the new name
    const res = await call('GET', outlinePath());
    expect(res.headers.get('x-cache')).toBe('Miss from gateway');
    expect(res.body.data.subject.subject_name).toBe(renamed);
  });
});
