import { useQuery, useQueryClient } from '@tanstack/react-query';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { GradedAnswer, OfflineQuiz } from '@gia/shared/practice-answers.ts';
import { gradedOf } from '@gia/shared/practice-grading.ts';
import { call } from './api-call.ts';
import { ApiError } from './api-client.ts';
import { t } from './i18n.ts';
import { topicHints } from './topic-hints.ts';

/*
 * Practice offline (issue 32 item 5): a topic's practice pack is a topic quiz the server issued
 * (`getOfflineQuiz`: an attempt, its questions and what grading needs), kept on the device in
 * IndexedDB. Offline, the practice tab grades each answer here with the server's own grading
 * (`gradedOf`, shared) and puts the answer in the outbox with the pack's attempt id, where it
 * counts once it reaches the server. "Save for offline" calls `savePracticePack` for each topic
 * of what it saves; a chapter test is never packed (it stays online only).
 *
 * Kept in lib/, not in a feature: the lesson's practice tab and the downloads screen both use it
 * (features never import each other).
 */

/** A pack as kept on the device: the issued quiz, when it was saved, and what was answered. */
export interface PracticePack extends OfflineQuiz {
  saved_at: string;
  /** The questions answered offline: the outbox id of each answer, and whether it was right. */
  answered: Record<string, { client_id: string; correct: boolean }>;
}

interface PacksDb extends DBSchema {
  packs: { key: string; value: PracticePack };
}

let dbPromise: Promise<IDBPDatabase<PacksDb>> | undefined;
const db = () =>
  (dbPromise ??= openDB<PacksDb>('gia-practice-packs', 1, {
    upgrade(d) {
      d.createObjectStore('packs', { keyPath: 'topic_id' });
    },
  }));

/** The bytes a pack takes as stored (its JSON, as UTF-8). */
const sizeOf = (pack: PracticePack) => new Blob([JSON.stringify(pack)]).size;

/**
 * Fetches a topic's practice pack (a new attempt, issued to the learner) and keeps it on the
 * device in place of any older one. Answers the bytes it takes: 0 for a topic without practice
 * questions (no pack). Rejects as `getQuiz` does for a topic the learner may not open (403).
 */
export async function savePracticePack(topicId: string): Promise<number> {
  // The topic's ancestor ids the lesson gave, if it was read: the server reads one less.
  const query = { ...topicHints(topicId), topic_id: topicId };
  const answer = await call('practice.getOfflineQuiz', { query }).catch((err: unknown) => {
    // A topic without practice questions has no pack: its lesson is saved without one.
    if (err instanceof ApiError && err.status === 404) return undefined;
    throw err;
  });
  if (!answer) return 0;
  const quiz = answer.data;
  const pack: PracticePack = { ...quiz, saved_at: new Date().toISOString(), answered: {} };
  await (await db()).put('packs', pack);
  return sizeOf(pack);
}

/** Whether a topic's practice pack is on the device. */
export async function hasPracticePack(topicId: string): Promise<boolean> {
  return (await (await db()).count('packs', topicId)) > 0;
}

/** A topic's practice pack, if it is on the device. */
export async function practicePack(topicId: string): Promise<PracticePack | undefined> {
  return (await db()).get('packs', topicId);
}

/** Removes a topic's practice pack from the device. */
export async function removePracticePack(topicId: string): Promise<void> {
  await (await db()).delete('packs', topicId);
}

/**
 * Remembers that a question of a pack was answered offline (so it is never asked twice), and
 * answers the pack as it is now.
 */
export async function markPackAnswered(
  pack: PracticePack,
  questionId: string,
  answer: { client_id: string; correct: boolean },
): Promise<PracticePack> {
  const d = await db();
  const stored = (await d.get('packs', pack.topic_id)) ?? pack;
  const next = { ...stored, answered: { ...stored.answered, [questionId]: answer } };
  // Only the same attempt is updated: a fresh pack saved meanwhile stays as it is.
  if (stored.attempt_id === pack.attempt_id) await d.put('packs', next);
  return next;
}

/** Whether every question of a pack was answered (its attempt is used up). */
export const packUsedUp = (pack: PracticePack) =>
  pack.questions.every((q) => pack.answered[q.question_id] !== undefined);

/**
 * Grades an answer to a pack's question on the device, exactly as `answerQuiz` grades it (the
 * shared `gradedOf`). Without `score` or `next_review`: those come when the answer is counted.
 */
export function gradeOffline(pack: OfflineQuiz, questionId: string, answer: unknown): GradedAnswer {
  const q = pack.questions.find((x) => x.question_id === questionId);
  if (!q) throw new Error(t('outbox.notInPractice'));
  return gradedOf(q, answer);
}

/** The score of a used-up pack's answers, as the server computes it at the last answer. */
export function offlineScore(pack: PracticePack) {
  const total = pack.questions.length;
  const correct = Object.values(pack.answered).filter((a) => a.correct).length;
  return { correct, total, percent: Math.round((correct / total) * 100) };
}

/** Query key of a topic's pack on the device. */
export const packKey = (topicId: string) => ['practice-pack', topicId] as const;

/** A topic's pack on the device (`null` when none), read with or without a network. */
export const usePracticePack = (topicId: string) =>
  useQuery({
    queryKey: packKey(topicId),
    networkMode: 'always',
    queryFn: async () => (await practicePack(topicId)) ?? null,
  });

/** Re-reads a topic's pack after it changed. */
export function useRefreshPack() {
  const queryClient = useQueryClient();
  return (topicId: string) => queryClient.invalidateQueries({ queryKey: packKey(topicId) });
}

/** For tests: forgets the open database (each test gets a fresh IndexedDB; never waits). */
export function resetPacksForTests(): void {
  void dbPromise?.then((d) => d.close());
  dbPromise = undefined;
}
