import { describe, expect, it } from 'vitest';
import type { MyCatalogueState } from '@gia/shared/catalogue-records.ts';
import { withMyTopics } from './catalogue-api.ts';

const locked = (id: string) => ({
  topic_id: id,
  topic_name: id,
  video_url: null,
  video_hls_url: null,
  locked: true,
});

const mine: MyCatalogueState = {
  owned_subject_ids: ['s1'],
  cart_subject_ids: [],
  favourite_subject_ids: [],
  topics: [
    {
      topic_id: 't2',
      video_url: '/media/private/videos/t2.mp4?sig=x',
      notes_url: null,
      video_hls_url: '/media/private/hls/t2/master.m3u8',
      video_poster_url: '/media/private/hls/t2/poster.jpg',
      captions: [],
      locked: false,
    },
  ],
};

describe('the learner’s playable topics laid over a public answer', () => {
  it('opens the topics the learner may play wherever they sit, and leaves the others locked', () => {
    // Given a subject outline as everyone sees it: both topics locked
    const outline = {
      subject: { subject_id: 's1' },
      sub_subjects: [{ chapters: [{ chapter_id: 'c1', topics: [locked('t1'), locked('t2')] }] }],
    };

    // When the learner's own part is laid over it
    const shown = withMyTopics(outline, mine);

    // Then t2 plays with the learner's media, t1 stays locked, and the public answer is unchanged
    const [t1, t2] = shown.sub_subjects[0]!.chapters[0]!.topics;
    expect(t2).toMatchObject({
      topic_name: 't2',
      locked: false,
      video_url: '/media/private/videos/t2.mp4?sig=x',
      video_hls_url: '/media/private/hls/t2/master.m3u8',
    });
    expect(t1).toEqual(locked('t1'));
    expect(outline.sub_subjects[0]!.chapters[0]!.topics[1]).toEqual(locked('t2'));
  });

  it('returns the public answer itself while there is no personal part (a visitor, or not yet)', () => {
    const list = [locked('t1')];
    expect(withMyTopics(list, undefined)).toBe(list);
    expect(withMyTopics(list, { ...mine, topics: [] })).toBe(list);
  });
});
