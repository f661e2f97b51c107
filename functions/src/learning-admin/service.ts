import { QNA_LIMITS, LEARNING_MESSAGES as M, STAFF_LABEL } from '@gia/shared';
import { appendAnswer, questionById, questionsForAdmin, type Question } from '../db/questions.ts';
import { NotFoundError } from '../lib/errors.ts';
import { answerRefusal, publicQuestion } from '../lib/questions.ts';

/** A question as the admin desk sees it (staff may see who asked). */
const adminQuestion = (q: Question) => ({
  ...publicQuestion(q, ''),
  user_id: q.user_id,
  user_name: q.user_name,
});

/** The admin screen's list of questions (optionally only unanswered ones). */
export const adminQuestions = async (unansweredOnly: boolean) =>
  (await questionsForAdmin(unansweredOnly)).map(adminQuestion);

/**
 * An admin's answer: flagged `is_staff` by the server (only the admin pool reaches this route),
 * shown under the school's name; staff keep a few places beyond the learners' cap.
 */
export async function adminAnswer(adminId: string, qnaId: string, answer: string) {
  const q = await questionById(qnaId);
  if (!q) throw new NotFoundError(M.questionNotFound);
  await appendAnswer(
    q,
    {
      answer,
      answered_by: STAFF_LABEL,
      answered_at: new Date().toISOString(),
      user_id: adminId,
      is_staff: true,
    },
    { maxAnswers: QNA_LIMITS.answersPerQuestion + QNA_LIMITS.staffReserve },
  ).catch((err: unknown) => {
    throw answerRefusal(err);
  });
  return adminQuestion((await questionById(qnaId)) ?? q);
}
