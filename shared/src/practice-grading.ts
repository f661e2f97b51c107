import { isCorrect } from './practice.ts';
import type { GradedAnswer, OfflineQuizQuestion } from './practice-answers.ts';

/** What grading a question needs: its answer, tolerance, explanation and source. */
export type GradableQuestion = Pick<
  OfflineQuizQuestion,
  'type' | 'answer' | 'tolerance' | 'explanation'
> & { source?: OfflineQuizQuestion['source'] | null };

/**
 * The graded answer to one question, as `answerQuiz` gives it: the one grading of the product,
 * used by the server and by the device grading an offline practice pack (issue 32).
 */
export function gradedOf(q: GradableQuestion, given: unknown): GradedAnswer {
  const graded: GradedAnswer = {
    correct: isCorrect(q, given),
    explanation: q.explanation,
    correct_answer: q.answer,
    ...(q.type === 'numeric' && q.tolerance ? { tolerance: q.tolerance } : {}),
  };
  if (q.source) graded.source = q.source;
  return graded;
}
