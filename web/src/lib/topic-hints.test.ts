import { afterEach, describe, expect, it } from 'vitest';
import { CHAPTER_TOPIC_IDS_MAX } from '@gia/shared/id-shape.ts';
import {
  chapterHints,
  forgetTopicAncestors,
  rememberChapterTopics,
  rememberTopicAncestors,
} from './topic-hints.ts';

const ancestors = { subject_id: 'S1', class_id: 'K1', board_id: 'B1' };

afterEach(forgetTopicAncestors);

describe('chapterHints', () => {
  it('names a read chapter’s topics and their ancestors, up to the limit, else nothing', () => {
    expect(chapterHints('C1')).toEqual({});
    rememberTopicAncestors(['T1', 'T2'], ancestors);
    rememberChapterTopics('C1', ['T1', 'T2']);
    expect(chapterHints('C1')).toEqual({ ...ancestors, topic_ids: 'T1,T2' });

    const many = Array.from({ length: CHAPTER_TOPIC_IDS_MAX + 1 }, (_, i) => `T${i}`);
    rememberTopicAncestors(many, ancestors);
    rememberChapterTopics('C2', many);
    expect(chapterHints('C2')).toEqual({});
    rememberChapterTopics('C2', many.slice(1));
    expect(chapterHints('C2').topic_ids?.split(',')).toHaveLength(CHAPTER_TOPIC_IDS_MAX);
  });
});
