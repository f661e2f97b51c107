import { describe, expect, it } from 'vitest';
import { mayWatchTopic } from './entitlement.ts';

const paid = { free_to_watch: '2', subject_id: 's1' };
const none = new Set<string>();

describe('who may watch a topic', () => {
  it('lets anyone watch a topic that is free to watch', () => {
    expect(mayWatchTopic({ topic: { free_to_watch: '1', subject_id: 's1' } }, none)).toBe(true);
  });
  it('lets anyone watch a topic of a free subject, class or board', () => {
    expect(mayWatchTopic({ topic: paid, subject: { free_course: true } }, none)).toBe(true);
    expect(mayWatchTopic({ topic: paid, class: { free_course: true } }, none)).toBe(true);
    expect(mayWatchTopic({ topic: paid, board: { free_course: true } }, none)).toBe(true);
  });
  it('lets a learner watch a paid topic only of a subject they bought', () => {
    expect(mayWatchTopic({ topic: paid, subject: { free_course: false } }, none)).toBe(false);
    expect(mayWatchTopic({ topic: paid }, new Set(['s2']))).toBe(false);
    expect(mayWatchTopic({ topic: paid }, new Set(['s1']))).toBe(true);
  });
});
