import {
  ANSWER_MESSAGES,
  AskTeacherInput,
  HANDOFF_MESSAGES,
  ChapterQuery,
  InsertQuestionInput,
  InsertReviewInput,
  LEARNING_MESSAGES as M,
  QnaPageQuery,
  SaveProgressInput,
  TopicQuery,
  UpdateQuestionInput,
  UpdateReviewInput,
} from '@gia/shared';
import { created, createGroupHandler, ok, sessionCheckInReads } from '../lib/http.ts';
import { learnerId } from '../lib/identity.ts';
import { parse } from '../lib/validation.ts';
import {
  askTeacher,
  chapterProgress,
  deleteReview,
  listQuestions,
  listReviews,
  postQuestion,
  postReview,
  recordProgress,
  updateQuestion,
  updateReview,
} from './service.ts';

/** Reviews, questions and progress of topics (docs/api.md §6). */
export const handler = createGroupHandler('learning', {
  // Read-only: the session check rides in its BatchGet (issue 30).
  'reviews.get': sessionCheckInReads(async (req) => {
    const { reviews, summary, entitled } = await listReviews(
      learnerId(req),
      parse(TopicQuery, req.query).topic_id,
    );
    return ok(M.reviewsLoaded, reviews, { summary, entitled });
  }),
  'reviews.insert': async (req) =>
    created(M.reviewCreated, await postReview(learnerId(req), parse(InsertReviewInput, req.body))),
  'reviews.update': async (req) =>
    ok(M.reviewUpdated, await updateReview(learnerId(req), parse(UpdateReviewInput, req.body))),
  'reviews.delete': async (req) => {
    await deleteReview(learnerId(req), req.params.id ?? '');
    return ok(M.reviewDeleted);
  },
  'qna.get': sessionCheckInReads(async (req) => {
    const page = await listQuestions(learnerId(req), parse(QnaPageQuery, req.query));
    return ok(M.questionsLoaded, page.items, { next_cursor: page.nextCursor });
  }),
  'qna.insert': async (req) => {
    const input = parse(InsertQuestionInput, req.body);
    return created(
      M.questionPosted,
      await postQuestion(learnerId(req), input.topic_id, input.question, input.client_id),
    );
  },
  'progress.get': async (req) =>
    ok(
      ANSWER_MESSAGES.progress,
      await chapterProgress(learnerId(req), parse(ChapterQuery, req.query).chapter_id),
    ),
  'progress.save': async (req) =>
    ok(M.progressSaved, await recordProgress(learnerId(req), parse(SaveProgressInput, req.body))),
  'qna.update': async (req) => {
    const input = parse(UpdateQuestionInput, req.body);
    const q = await updateQuestion(learnerId(req), input);
    return ok(input.answer !== undefined ? M.answerAdded : M.questionUpdated, q);
  },
  'qna.askTeacher': async (req) => {
    const input = parse(AskTeacherInput, req.body);
    return created(
      HANDOFF_MESSAGES.asked,
      await askTeacher(learnerId(req), input.topic_id, input.question),
    );
  },
});
