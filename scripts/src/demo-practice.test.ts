import { describe, expect, it, vi } from 'vitest';
import { gradedOf, scriptLanguage, type InsertPracticeQuestionInput } from '@gia/shared';
import { seedDemoPractice } from './demo-practice.ts';

// The questions the seed writes, recorded instead of stored.
const written = vi.hoisted(() => [] as InsertPracticeQuestionInput[]);
vi.mock('@gia/functions/practice-admin/service.ts', () => ({
  insertQuestion: vi.fn(async (q: InsertPracticeQuestionInput) => {
    written.push(q);
    return q;
  }),
}));

/** An answer that is surely wrong for a question: another option, the other truth, another number. */
function wrongAnswer(q: InsertPracticeQuestionInput): unknown {
  if (q.type === 'true_false') return !q.answer;
  if (q.type === 'numeric') return Number(q.answer) + 1 + Number(q.tolerance ?? 0);
  if (q.type === 'single') return q.answer === '1' ? '2' : '1';
  return ['1', '2', '3', '4'].filter((o) => !(q.answer as string[]).includes(o)).slice(0, 1);
}

describe('the Kannada-medium chapter’s practice questions', () => {
  it('are at least five per topic, in Kannada, approved, citing a page of the notes, and graded as any other', async () => {
    for (const [topic, topicId] of [
      [0, 'photosynthesis'],
      [1, 'respiration'],
    ] as const) {
      written.length = 0;
      await seedDemoPractice('Life Processes', topic, { topic_id: topicId, duration_seconds: 6 });
      expect(written.length).toBeGreaterThanOrEqual(5);
      for (const q of written) {
        expect(q).toMatchObject({ topic_id: topicId, status: 'approved' });
        expect(scriptLanguage(q.text), q.text).toBe('kn');
        expect(scriptLanguage(q.explanation ?? ''), q.text).toBe('kn');
        for (const option of q.options ?? []) expect(scriptLanguage(option), option).toBe('kn');
        expect(q.source).toMatchObject({ kind: 'notes', page: expect.any(Number) });
        // Its own answer is graded right and another one wrong, by the server's own grading.
        expect(gradedOf(q, q.answer).correct, q.text).toBe(true);
        expect(gradedOf(q, wrongAnswer(q)).correct, q.text).toBe(false);
      }
      // Every kind of question a learner meets elsewhere.
      expect(new Set(written.map((q) => q.type)).size).toBeGreaterThanOrEqual(3);
    }
  });
});
