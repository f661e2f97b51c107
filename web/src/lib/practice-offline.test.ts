import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  gradeOffline,
  hasPracticePack,
  markPackAnswered,
  offlineScore,
  packUsedUp,
  practicePack,
  removePracticePack,
  savePracticePack,
} from './practice-offline.ts';
import { forgetTopicAncestors, rememberTopicAncestors } from './topic-hints.ts';

const PACK = {
  attempt_id: `t2-T1-${'0'.repeat(32)}`,
  scope: 'topic' as const,
  topic_id: 'T1',
  questions: [
    {
      question_id: 'T1_A',
      topic_id: 'T1',
      type: 'multiple' as const,
      text: 'Which were Mughals?',
      options: [
        { option_id: '1', text: 'Akbar' },
        { option_id: '2', text: 'Ashoka' },
        { option_id: '3', text: 'Jahangir' },
      ],
      answer: ['1', '3'],
      explanation: 'Akbar and Jahangir.',
      source: { kind: 'notes' as const, page: 2 },
    },
    {
      question_id: 'T1_B',
      topic_id: 'T1',
      type: 'numeric' as const,
      text: 'About how many years did Akbar rule?',
      answer: 49,
      tolerance: 1,
      explanation: 'From 1556 to 1605.',
    },
  ],
};

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'Practice saved for offline.', data: PACK }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetTopicAncestors();
});

describe('a practice pack on the device', () => {
  it('is saved with its size in bytes, found, and removed', async () => {
    stubServer();

    const bytes = await savePracticePack('T1');

    const stored = await practicePack('T1');
    expect(stored).toMatchObject({ ...PACK, answered: {} });
    expect(bytes).toBe(new Blob([JSON.stringify(stored)]).size);
    expect(await hasPracticePack('T1')).toBe(true);
    await removePracticePack('T1');
    expect(await hasPracticePack('T1')).toBe(false);
  });

  it('is asked with the topic’s subject, class and board once its lesson was read (hints)', async () => {
    stubServer();
    await savePracticePack('T1');
    const unhinted = new URL(String(vi.mocked(fetch).mock.calls[0]![0]), 'http://x');
    expect(unhinted.searchParams.get('subject_id')).toBeNull();

    rememberTopicAncestors(['T1'], { subject_id: 'S1', class_id: 'C1', board_id: 'B1' });
    await savePracticePack('T1');
    const hinted = new URL(String(vi.mocked(fetch).mock.calls[1]![0]), 'http://x');
    expect(Object.fromEntries(hinted.searchParams)).toMatchObject({
      topic_id: 'T1',
      subject_id: 'S1',
      class_id: 'C1',
      board_id: 'B1',
    });
    await removePracticePack('T1');
  });

  it('is none for a topic without practice questions, so its lesson saves without one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              message: 'This topic has no practice questions yet.',
              code: 'NOT_FOUND',
            }),
            { status: 404, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    expect(await savePracticePack('T2')).toBe(0);
    expect(await hasPracticePack('T2')).toBe(false);
  });

  it('grades on the device as the server does: any order of choices, numbers within tolerance', () => {
    expect(gradeOffline(PACK, 'T1_A', ['3', '1'])).toEqual({
      correct: true,
      explanation: 'Akbar and Jahangir.',
      correct_answer: ['1', '3'],
      source: { kind: 'notes', page: 2 },
    });
    expect(gradeOffline(PACK, 'T1_A', ['1']).correct).toBe(false);
    expect(gradeOffline(PACK, 'T1_B', '50')).toMatchObject({ correct: true, tolerance: 1 });
    expect(gradeOffline(PACK, 'T1_B', 51).correct).toBe(false);
    expect(() => gradeOffline(PACK, 'T9_Z', 1)).toThrow();
  });

  it('remembers what was answered offline, and scores the pack once it is used up', async () => {
    stubServer();
    await savePracticePack('T1');
    const pack = (await practicePack('T1'))!;

    const half = await markPackAnswered(pack, 'T1_A', { client_id: 'c1', correct: true });
    const all = await markPackAnswered(half, 'T1_B', { client_id: 'c2', correct: false });

    expect(packUsedUp(half)).toBe(false);
    expect(packUsedUp(all)).toBe(true);
    expect(offlineScore(all)).toEqual({ correct: 1, total: 2, percent: 50 });
    expect((await practicePack('T1'))!.answered).toEqual(all.answered);
  });
});
