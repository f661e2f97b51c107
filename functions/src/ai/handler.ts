import {
  AiConversationQuery,
  ANSWER_MESSAGES,
  AskAiInput,
  DraftQuestionsInput,
  LEARNING_MESSAGES as M,
  PRACTICE_MESSAGES,
} from '@gia/shared';
import { learnerId } from '../lib/identity.ts';
import { created, createGroupHandler, ok } from '../lib/http.ts';
import { loadSecrets } from '../lib/secrets.ts';
import { parse } from '../lib/validation.ts';
import { draftQuestions } from './drafts.ts';
import { aiConversation, aiStatus, askTeacher } from './service.ts';

/** The AI teacher (docs/api.md §8) and the AI drafts of practice questions (§9). */
export const handler = createGroupHandler(
  'ai',
  {
    'ai.ask': async (req) =>
      ok(ANSWER_MESSAGES.aiReply, await askTeacher(learnerId(req), parse(AskAiInput, req.body))),
    'ai.conversation': async (req) =>
      ok(
        M.aiConversationLoaded,
        await aiConversation(learnerId(req), parse(AiConversationQuery, req.query)),
      ),
    'ai.status': async () => ok(ANSWER_MESSAGES.aiStatus, aiStatus()),
    // Practice questions drafted from the topic's notes, for admins (docs/api.md §9).
    'admin.practice.draft': async (req) =>
      created(
        PRACTICE_MESSAGES.drafted,
        await draftQuestions(parse(DraftQuestionsInput, req.body)),
      ),
  },
  { beforeRoute: loadSecrets },
);
