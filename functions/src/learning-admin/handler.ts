import { AdminQuestionsQuery, AnswerQuestionInput, LEARNING_MESSAGES as M } from '@gia/shared';
import { adminAnswer, adminQuestions, dashboard } from './service.ts';
import { caller, createGroupHandler, ok } from '../lib/http.ts';
import { parse } from '../lib/validation.ts';

/** The admin's view of learners' questions, and the dashboard's counts (docs/api.md §6). */
export const handler = createGroupHandler('learning-admin', {
  'admin.qna.get': async (req) =>
    ok(M.questionsLoaded, await adminQuestions(parse(AdminQuestionsQuery, req.query).unanswered)),
  'admin.qna.answer': async (req) => {
    const input = parse(AnswerQuestionInput, req.body);
    return ok(M.answerAdded, await adminAnswer(caller(req).userId, input.qna_id, input.answer));
  },
  'admin.dashboard': async () => ok('Dashboard', await dashboard()),
});
