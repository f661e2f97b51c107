import { LoginInput, LogoutInput, MESSAGES, RefreshInput, SignupInput } from '@gia/shared';
import type { Pool } from '../lib/auth.ts';
import { caller, created, createGroupHandler, ok, type RouteHandler } from '../lib/http.ts';
import { parse } from '../lib/validation.ts';
import { refresh, signIn, signOut, signUp } from './service.ts';

const login =
  (pool: Pool): RouteHandler<'learner.login.request' | 'admin.login.request'> =>
  async (req) => ({ body: await signIn(pool, parse(LoginInput, req.body), req.client) });

const refreshToken =
  (pool: Pool): RouteHandler<'learner.login.refresh' | 'admin.login.refresh'> =>
  async (req) => ({ body: await refresh(pool, parse(RefreshInput, req.body).refreshToken) });

const logout =
  (pool: Pool): RouteHandler<'learner.login.logout' | 'admin.login.logout'> =>
  async (req) => {
    await signOut(pool, parse(LogoutInput, req.body).refreshToken, caller(req));
    return ok(MESSAGES.loggedOut);
  };

/** Sign-up, sign-in, refresh and sign-out for learners and admins (docs/api.md §3). */
export const handler = createGroupHandler('auth', {
  'learner.login.signup': async (req) =>
    created(MESSAGES.signupSuccess, await signUp(parse(SignupInput, req.body), req.client)),
  'learner.login.request': login('learner'),
  'learner.login.refresh': refreshToken('learner'),
  'learner.login.logout': logout('learner'),
  'admin.login.request': login('admin'),
  'admin.login.refresh': refreshToken('admin'),
  'admin.login.logout': logout('admin'),
});
