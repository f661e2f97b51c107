import { call } from '../../../lib/api-call.ts';

/** Creates a learner account (signing in is a second step, in `lib/auth.ts`). */
export const signUp = (body: { user_name: string; email: string; password: string }) =>
  call('learner.login.signup', { body });
