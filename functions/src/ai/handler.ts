import { AskAiInput } from '@gia/shared';
import { learnerId } from '../learner/identity.ts';
import { createGroupHandler, ok } from '../lib/http.ts';
import { loadSecrets } from '../lib/secrets.ts';
import { parse } from '../lib/validation.ts';
import { askTeacher } from './service.ts';

/** The AI teacher (CONTRACT section 8). */
export const handler = createGroupHandler(
  'ai',
  {
    'ai.ask': async (req) =>
      ok('AI reply', await askTeacher(learnerId(req), parse(AskAiInput, req.body))),
  },
  { beforeRoute: loadSecrets },
);
