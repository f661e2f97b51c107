import {
  AnswerQuizInput,
  MasteryQuery,
  PRACTICE_MESSAGES as M,
  QuestionsQuery,
  QuizQuery,
  TopicQuizQuery,
} from '@gia/shared';
import { createGroupHandler, ok, sessionCheckInReads } from '../lib/http.ts';
import { learnerId } from '../lib/identity.ts';
import { parse } from '../lib/validation.ts';
import { reviewQueue, reviewSummary } from './review.ts';
import {
  gradeAnswer,
  loadOfflineQuiz,
  loadQuiz,
  subjectMastery,
  videoQuestions,
} from './service.ts';

/** Practice for learners: quizzes, chapter tests, questions inside the video (docs/api.md §9). */
export const handler = createGroupHandler('practice', {
  // The session check rides in its BatchGet; the attempt it writes waits for it (issue 30).
  'practice.getQuiz': sessionCheckInReads(async (req) =>
    ok(M.quizLoaded, await loadQuiz(learnerId(req), parse(QuizQuery, req.query))),
  ),
  // The same issue as getQuiz, with what grading needs, for practice offline (issue 32).
  'practice.getOfflineQuiz': sessionCheckInReads(async (req) =>
    ok(
      M.offlineQuizLoaded,
      await loadOfflineQuiz(learnerId(req), parse(TopicQuizQuery, req.query)),
    ),
  ),
  'practice.answerQuiz': async (req) =>
    ok(M.answerChecked, await gradeAnswer(learnerId(req), parse(AnswerQuizInput, req.body))),
  'practice.getVideoQuestions': sessionCheckInReads(async (req) =>
    ok(M.videoQuestionsLoaded, {
      questions: await videoQuestions(learnerId(req), parse(QuestionsQuery, req.query).topic_id),
    }),
  ),
  'practice.getMastery': async (req) =>
    ok(
      M.masteryLoaded,
      await subjectMastery(learnerId(req), parse(MasteryQuery, req.query).subject_id),
    ),
  'practice.getReviewQueue': async (req) => ok(M.reviewLoaded, await reviewQueue(learnerId(req))),
  'practice.getReviewSummary': async (req) =>
    ok(M.reviewSummaryLoaded, await reviewSummary(learnerId(req))),
});
