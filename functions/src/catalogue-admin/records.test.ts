import { describe, expect, it, vi } from 'vitest';
import { CATALOGUE_INPUTS } from '@gia/shared';

// The topic's chapter exists and has no topics yet; nothing else is read.
vi.mock('../db/catalogue.ts', () => ({
  getRecord: async () => ({
    chapter_id: 'ch1',
    sub_subject_id: 'ss1',
    subject_id: 's1',
    class_id: 'c1',
    board_id: 'b1',
  }),
  listByParent: async () => ({ items: [] }),
}));
const { buildRecord } = await import('./records.ts');

const topicInput = (fields: Record<string, unknown> = {}) =>
  CATALOGUE_INPUTS.topic.insert.parse({
    chapter_id: 'ch1',
    topic_name: 'Linear Equations: Introduction',
    author: 'Asha Rao',
    ...fields,
  });

describe('the stored topic', () => {
  it('is not free to watch when the payload leaves free_to_watch out', async () => {
    const topic = await buildRecord('topic', topicInput(), undefined, 'Admin');

    expect(topic.free_to_watch).toBe('2');
  });

  it('is free to watch only when the admin says so', async () => {
    const topic = await buildRecord(
      'topic',
      topicInput({ free_to_watch: '1' }),
      undefined,
      'Admin',
    );

    expect(topic.free_to_watch).toBe('1');
  });

  it('keeps a free topic free when an update leaves free_to_watch out', async () => {
    const stored = await buildRecord('topic', topicInput({ free_to_watch: '1' }), undefined, 'A');

    const updated = await buildRecord(
      'topic',
      topicInput(),
      { id: stored.topic_id, record: stored },
      'Admin',
    );

    expect(updated.free_to_watch).toBe('1');
  });
});
