import type { LoginAnswer, LoginInput, SignupAnswer, SignupInput } from '@gia/shared';
import { MESSAGES, PASSWORD_RULE_MESSAGE } from '@gia/shared';
import {
  clearLoginFailures,
  createLearnerProfile,
  getAdmin,
  getLearnerProfile,
  getLoginFailures,
  recordLoginFailure,
} from '../db/accounts.ts';
import type { Pool } from '../lib/auth.ts';
import { env } from '../lib/env.ts';
import {
  ConflictError,
  RateLimitedError,
  UnauthenticatedError,
  ValidationError,
} from '../lib/errors.ts';
import {
  BAD_CREDENTIALS,
  deleteUser,
  passwordSignIn,
  refreshSession,
  revokeRefreshToken,
  signUpLearner,
} from './cognito.ts';

/**
 * Signs a learner up: the Cognito user (confirmed), then the profile record with
 * `user_id` = the Cognito `sub`. If the profile cannot be written the user is removed again,
 * so nothing is half-created.
 */
export async function signUp(input: SignupInput): Promise<SignupAnswer> {
  let userId: string;
  try {
    userId = await signUpLearner(input.email, input.password, input.user_name);
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'UsernameExistsException') throw new ConflictError(MESSAGES.emailTaken);
    if (name === 'InvalidPasswordException') throw new ValidationError(PASSWORD_RULE_MESSAGE);
    throw err;
  }
  const now = new Date().toISOString();
  let stored = false;
  try {
    stored = await createLearnerProfile({
      user_id: userId,
      user_name: input.user_name,
      email: input.email,
      user_mobile: '',
      dob: '',
      course_of_study: '',
      profile_image: '',
      is_verified: false,
      created_at: now,
      updated_at: now,
    });
  } finally {
    if (!stored) await deleteUser('learner', input.email);
  }
  return { user_id: userId, user_name: input.user_name, email: input.email };
}

/**
 * Signs in to either pool. Wrong password and unknown e-mail give the same 401; after too many
 * failures for one e-mail within the window, attempts are refused with 429 until it closes.
 */
export async function signIn(pool: Pool, input: LoginInput): Promise<LoginAnswer> {
  const { LOGIN_MAX_FAILURES: max, LOGIN_FAILURE_WINDOW_SECONDS: window } = env();
  const now = Date.now();
  const failures = await getLoginFailures(pool, input.email, window, now);
  if (failures && failures.count >= max) {
    const retryAfter = Math.ceil((failures.windowStart + window * 1000 - now) / 1000);
    throw new RateLimitedError(MESSAGES.loginRateLimited, retryAfter);
  }
  let tokens;
  try {
    tokens = await passwordSignIn(pool, input.email, input.password);
  } catch (err) {
    if (!BAD_CREDENTIALS.has((err as Error).name)) throw err;
    await recordLoginFailure(pool, input.email, window, now);
    throw new UnauthenticatedError(MESSAGES.loginFailed);
  }
  if (failures) await clearLoginFailures(pool, input.email);

  const user =
    pool === 'learner'
      ? await learnerUser(tokens.sub, input.email)
      : await adminUser(tokens.sub, input.email);
  return {
    message: MESSAGES.loginSuccess,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expires_in: tokens.expiresIn,
    user,
  };
}

async function learnerUser(userId: string, email: string) {
  const profile = await getLearnerProfile(userId);
  return { empid: userId, name: profile?.user_name ?? '', email: profile?.email ?? email };
}

async function adminUser(adminId: string, email: string) {
  const admin = await getAdmin(adminId);
  return { name: admin?.name ?? 'Admin', email: admin?.email ?? email };
}

/** A fresh access token for a refresh token of the pool. */
export async function refresh(pool: Pool, refreshToken: string) {
  try {
    const r = await refreshSession(pool, refreshToken);
    return { message: MESSAGES.refreshed, accessToken: r.accessToken, expires_in: r.expiresIn };
  } catch (err) {
    if (BAD_CREDENTIALS.has((err as Error).name) || (err as Error).message === 'no access token') {
      throw new UnauthenticatedError(MESSAGES.refreshFailed);
    }
    throw err;
  }
}

/** Ends a session: the refresh token stops working. Logging out twice is not an error. */
export async function signOut(pool: Pool, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  try {
    await revokeRefreshToken(pool, refreshToken);
  } catch (err) {
    if (!BAD_CREDENTIALS.has((err as Error).name)) throw err;
  }
}
