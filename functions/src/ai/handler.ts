import {
  AiConversationQuery,
  ANSWER_MESSAGES,
  AskAiInput,
  LEARNING_MESSAGES as M,
} from '@gia/shared';
import { learnerId } from '../lib/identity.ts';
import { createGroupHandler, ok } from '../lib/http.ts';
import { loadSecrets } from '../lib/secrets.ts';
import { parse } from '../lib/validation.ts';
import { aiConversation, aiStatus, askTeacher } from './service.ts';

/** The AI teacher (docs/api.md §8). */
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
  },
  { beforeRoute: loadSecrets },
);
