import {
  CodeRequestInput,
  LoginInput,
  LogoutInput,
  MESSAGES,
  RefreshInput,
  ResetPasswordInput,
  SignupInput,
  VerifyCodeInput,
} from '@gia/shared';
import type { Pool } from '../lib/auth.ts';
import {
  caller,
  created,
  createGroupHandler,
  ok,
  type ApiRequest,
  type RouteHandler,
} from '../lib/http.ts';
import { assertAppRequest, sessionCookieValue } from '../lib/session-cookie.ts';
import { parse } from '../lib/validation.ts';
import {
  forgotPassword,
  refresh,
  requestSignInCode,
  resetPassword,
  signIn,
  signOut,
  signOutEverywhere,
  signUp,
  verifySignInCode,
  type RefreshTokenFrom,
} from './service.ts';

/**
 * The refresh token a request acts on: the body's (API clients), else the session cookie's (the
 * SPA), which only counts with the app's CSRF header.
 */
function givenRefreshToken(req: ApiRequest, fromBody: string | undefined): RefreshTokenFrom {
  if (fromBody) return { token: fromBody, from: 'body' };
  const fromCookie = sessionCookieValue(req);
  if (!fromCookie) return undefined;
  assertAppRequest(req);
  return { token: fromCookie, from: 'cookie' };
}

const login =
  (pool: Pool): RouteHandler<'learner.login.request' | 'admin.login.request'> =>
  async (req) => ({ body: await signIn(pool, parse(LoginInput, req.body), req.client) });

const refreshToken =
  (pool: Pool): RouteHandler<'learner.login.refresh' | 'admin.login.refresh'> =>
  async (req) => {
    const { refreshToken: fromBody } = parse(RefreshInput, req.body ?? {});
    return { body: await refresh(pool, givenRefreshToken(req, fromBody)) };
  };

const logout =
  (pool: Pool): RouteHandler<'learner.login.logout' | 'admin.login.logout'> =>
  async (req) => {
    const { refreshToken: fromBody } = parse(LogoutInput, req.body ?? {});
    await signOut(pool, givenRefreshToken(req, fromBody), caller(req));
    return ok(MESSAGES.loggedOut);
  };

const forgot =
  (pool: Pool): RouteHandler<'learner.login.forgotPassword' | 'admin.login.forgotPassword'> =>
  async (req) => {
    const { email, language } = parse(CodeRequestInput, req.body);
    await forgotPassword(pool, email, language);
    return ok(MESSAGES.forgotPasswordSent);
  };

const reset =
  (pool: Pool): RouteHandler<'learner.login.resetPassword' | 'admin.login.resetPassword'> =>
  async (req) => {
    await resetPassword(pool, parse(ResetPasswordInput, req.body));
    return ok(MESSAGES.passwordChanged);
  };

/** Sign-up, sign-in (password or code), sessions and passwords, for both pools (docs/api.md §3). */
export const handler = createGroupHandler('auth', {
  'learner.login.signup': async (req) =>
    created(MESSAGES.signupSuccess, await signUp(parse(SignupInput, req.body), req.client)),
  'learner.login.request': login('learner'),
  'learner.login.refresh': refreshToken('learner'),
  'learner.login.logout': logout('learner'),
  'learner.login.forgotPassword': forgot('learner'),
  'learner.login.resetPassword': reset('learner'),
  'learner.login.requestCode': async (req) => {
    const { email, language } = parse(CodeRequestInput, req.body);
    await requestSignInCode(email, language);
    return ok(MESSAGES.signInCodeSent);
  },
  'learner.login.verifyCode': async (req) => ({
    body: await verifySignInCode(parse(VerifyCodeInput, req.body), req.client),
  }),
  'learner.login.signOutEverywhere': async (req) => {
    await signOutEverywhere(caller(req));
    return ok(MESSAGES.signedOutEverywhere);
  },
  'admin.login.request': login('admin'),
  'admin.login.refresh': refreshToken('admin'),
  'admin.login.logout': logout('admin'),
  'admin.login.forgotPassword': forgot('admin'),
  'admin.login.resetPassword': reset('admin'),
});
