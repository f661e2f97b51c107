import {
  ImportQuestionsInput,
  InsertPracticeQuestionInput,
  PRACTICE_MESSAGES as M,
  QuestionsQuery,
  UpdatePracticeQuestionInput,
} from '@gia/shared';
import { created, createGroupHandler, ok } from '../lib/http.ts';
import { parse } from '../lib/validation.ts';
import {
  deleteQuestion,
  importQuestions,
  insertQuestion,
  listQuestions,
  updateQuestion,
} from './service.ts';

/** The question bank of each topic, for admins (docs/api.md §9). */
export const handler = createGroupHandler('practice-admin', {
  'admin.practice.get': async (req) =>
    ok(M.questionsLoaded, await listQuestions(parse(QuestionsQuery, req.query).topic_id)),
  'admin.practice.insert': async (req) =>
    created(M.questionCreated, await insertQuestion(parse(InsertPracticeQuestionInput, req.body))),
  'admin.practice.update': async (req) =>
    ok(M.questionUpdated, await updateQuestion(parse(UpdatePracticeQuestionInput, req.body))),
  'admin.practice.delete': async (req) => {
    await deleteQuestion(req.params.question_id ?? '');
    return ok(M.questionDeleted);
  },
  'admin.practice.import': async (req) => {
    const input = parse(ImportQuestionsInput, req.body);
    return created(M.imported, await importQuestions(input.topic_id, input.csv));
  },
});
