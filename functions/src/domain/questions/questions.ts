import { LEARNING_MESSAGES as M, STAFF_LABEL, shownLearnerName } from '@gia/shared';
import type { Answer, Question } from '../../db/questions.ts';
import { WriteRefused } from '../../db/transact.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';

/*
 * Questions as the learning and learning-admin groups answer them: the learner's view is the base
 * of the admin desk's, and both refuse answers beyond the caps with the same messages.
 */

/**
 * An answer as learners see it: staff answers carry `is_staff` (set by the server when the admin
 * pool answered) and the school's name; a learner's answer shows their name, never one reserved
 * for staff, however they named themselves.
 */
const publicAnswer = (a: Answer, me: string) => ({
  answer: a.answer,
  answered_by: a.is_staff === true ? STAFF_LABEL : shownLearnerName(a.answered_by),
  answered_at: a.answered_at,
  is_staff: a.is_staff === true,
  // Only the admin pool writes staff answers (answerqna): that is what a teacher verified.
  verified_by_teacher: a.is_staff === true,
  mine: a.is_staff !== true && a.user_id === me,
});

/**
 * A question as learners see it: explicit public fields, `mine` instead of anyone's id (never a
 * hand-off's AI draft, which is for staff only), `verified_by_teacher` once staff answered.
 */
export const publicQuestion = (q: Question, me: string) => ({
  qna_id: q.qna_id,
  user_name: shownLearnerName(q.user_name),
  topic_id: q.topic_id,
  posted_date: q.posted_date,
  mine: q.user_id === me,
  verified_by_teacher: q.questionanswers.some((qa) => qa.answers.some((a) => a.is_staff === true)),
  questionanswers: q.questionanswers.map((qa) => ({
    question: qa.question,
    answers: qa.answers.map((a) => publicAnswer(a, me)),
  })),
});

/** The answer a refused answer gives: a clear 4xx naming the cap. */
export function answerRefusal(err: unknown): unknown {
  if (!(err instanceof WriteRefused)) return err;
  if (err.reason === 'missing') return new NotFoundError(M.questionNotFound);
  if (err.reason === 'author-limit') return new ConflictError(M.answersPerLearner);
  return new ConflictError(M.answersFull);
}
