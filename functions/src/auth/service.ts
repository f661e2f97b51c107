import type { LoginAnswer, LoginInput, SignupAnswer, SignupInput } from '@gia/shared';
import { MESSAGES, PASSWORD_RULE_MESSAGE } from '@gia/shared';
import { createLearnerProfile, getAdmin, getLearnerProfile } from '../db/accounts.ts';
import {
  attemptCounters,
  clearAttempts,
  releaseAttempt,
  reserveAttempt,
  revokeSession,
} from '../db/sessions.ts';
import type { Identity, Pool } from '../lib/auth.ts';
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
} from '../lib/cognito.ts';

/** Sign-ups are counted per client in windows of an hour. */
const SIGNUP_WINDOW_SECONDS = 3600;

/**
 * Signs a learner up: the Cognito user (confirmed), then the profile record with
 * `user_id` = the Cognito `sub`. If the profile cannot be written the user is removed again,
 * so nothing is half-created, and the answer is the 409 of a taken e-mail.
 *
 * Accounts are free, so each client (source address) may sign up only a few times an hour: the
 * attempt is reserved atomically before Cognito is called. A taken e-mail still counts (so the
 * 409 cannot probe for accounts without limit); an attempt that failed for any other reason is
 * given back. Callers
 * inside the system (the local stack's demo learner) pass no client and are not counted.
 */
export async function signUp(input: SignupInput, client?: string): Promise<SignupAnswer> {
  if (client === undefined) return createLearner(input);
  const counter = attemptCounters.signUp(client);
  const slot = await reserveAttempt(
    counter,
    env().SIGNUP_MAX_PER_CLIENT,
    SIGNUP_WINDOW_SECONDS,
    Date.now(),
  );
  if (!slot.reserved) {
    throw new RateLimitedError(MESSAGES.signupRateLimited, slot.retryAfterSeconds);
  }
  try {
    return await createLearner(input);
  } catch (err) {
    if (!(err instanceof ConflictError)) await releaseAttempt(counter);
    throw err;
  }
}

async function createLearner(input: SignupInput): Promise<SignupAnswer> {
  let userId: string;
  try {
    userId = await signUpLearner(input.email, input.password, input.user_name);
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'UsernameExistsException') throw new ConflictError(MESSAGES.emailTaken);
    if (name === 'InvalidPasswordException') throw new ValidationError(PASSWORD_RULE_MESSAGE);
    if (name === 'InvalidParameterException') {
      // An address our schema accepts but Cognito does not: the learner's input, never a 500.
      const message = 'Please enter a valid email address.';
      throw new ValidationError(message, [{ field: 'email', message }]);
    }
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
  // The e-mail guard was taken (by a profile whose e-mail changed meanwhile): the user just made
  // is gone again, so this sign-up did not happen.
  if (!stored) throw new ConflictError(MESSAGES.emailTaken);
  return { user_id: userId, user_name: input.user_name, email: input.email };
}

/** Sign-in attempts on one e-mail from all clients together above which each attempt waits. */
const EMAIL_CEILING_FACTOR = 10;
/** How long an attempt on an e-mail above its ceiling waits before the password is checked. */
export const SIGN_IN_DELAY_MS = 2000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Signs in to either pool. Wrong password and unknown e-mail give the same 401.
 *
 * Each attempt is reserved BEFORE the password is checked, so a burst of parallel guesses gets
 * no more checks than the limit:
 * - per e-mail and client (source address): after `LOGIN_MAX_FAILURES` attempts in the window
 *   that client gets 429 until the window closes; a success clears that client's count;
 * - per e-mail, every client together: never refused (a stranger must not lock the owner out),
 *   but above ten times the client limit each attempt waits {@link SIGN_IN_DELAY_MS} first.
 */
export async function signIn(pool: Pool, input: LoginInput, client: string): Promise<LoginAnswer> {
  const { LOGIN_MAX_FAILURES: max, LOGIN_FAILURE_WINDOW_SECONDS: window } = env();
  const now = Date.now();
  const clientCounter = attemptCounters.signIn(pool, input.email, client);
  const slot = await reserveAttempt(clientCounter, max, window, now);
  if (!slot.reserved) {
    throw new RateLimitedError(MESSAGES.loginRateLimited, slot.retryAfterSeconds);
  }
  const emailCounter = attemptCounters.signIn(pool, input.email);
  const all = await reserveAttempt(emailCounter, Number.MAX_SAFE_INTEGER, window, now);
  if (all.reserved && all.count > max * EMAIL_CEILING_FACTOR) await pause(SIGN_IN_DELAY_MS);

  let tokens;
  try {
    tokens = await passwordSignIn(pool, input.email, input.password);
  } catch (err) {
    if (BAD_CREDENTIALS.has((err as Error).name)) {
      throw new UnauthenticatedError(MESSAGES.loginFailed);
    }
    // Not an answer about the password (e.g. an outage): this attempt does not count.
    await Promise.all([releaseAttempt(clientCounter), releaseAttempt(emailCounter)]);
    throw err;
  }
  await Promise.all([clearAttempts(clientCounter), releaseAttempt(emailCounter)]);

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

/**
 * Ends a session: the refresh token stops working, and so do the session's access tokens (a
 * revocation record that every authorised request checks, kept until the token expires).
 * Logging out twice is not an error.
 */
export async function signOut(
  pool: Pool,
  refreshToken: string | undefined,
  caller: Identity,
): Promise<void> {
  if (caller.session) await revokeSession(caller.session.id, caller.session.expiresAt);
  if (!refreshToken) return;
  try {
    await revokeRefreshToken(pool, refreshToken);
  } catch (err) {
    if (!BAD_CREDENTIALS.has((err as Error).name)) throw err;
  }
}
