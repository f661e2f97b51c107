import type { SignupAnswer } from '@gia/shared';
import { api } from '../../../lib/api-client.ts';
import { apiPath } from '../../../lib/api-paths.ts';

/** Creates a learner account (signing in is a second step, in `lib/auth.ts`). */
export const signUp = (body: { user_name: string; email: string; password: string }) =>
  api<{ message: string; data: SignupAnswer }>('POST', apiPath('learner.login.signup'), { body });
