import { randomBytes, randomInt } from 'node:crypto';
import type { LoginAnswer, LoginInput, ResetPasswordInput, SignupAnswer } from '@gia/shared';
import type { SignupInput, VerifyCodeInput } from '@gia/shared';
import { MESSAGES, PASSWORD_RULE_MESSAGE, SIGN_IN_CODE } from '@gia/shared';
import type { UiLanguage } from '@gia/shared/languages.ts';
import { createLearnerProfile, emailOwner, getAdmin, getLearnerProfile } from '../db/accounts.ts';
import {
  attemptCounters,
  clearAttempts,
  releaseAttempt,
  reserveAttempt,
  revokeSession,
} from '../db/sessions.ts';
import {
  forgetRefreshSession,
  forgetResetCode,
  markResetCodeSent,
  markSignedOut,
  putSignInProof,
  recordRefreshSession,
  refreshSessionOf,
  resetCodeSentAt,
  storeSignInCode,
  trySignInCode,
} from '../db/sign-in.ts';
import { tableName } from '../db/table-name.ts';
import type { Identity, Pool } from '../lib/auth.ts';
import { isServiceUnavailable } from '../lib/aws-calls.ts';
import { env } from '../lib/env.ts';
import {
  ConflictError,
  RateLimitedError,
  UnauthenticatedError,
  ValidationError,
} from '../lib/errors.ts';
import {
  BAD_CREDENTIALS,
  customChallengeSignIn,
  deleteUser,
  findUser,
  passwordSignIn,
  refreshSession,
  resetPasswordWithCode,
  revokeRefreshToken,
  sendResetCode,
  signOutEverywhere as cognitoSignOutEverywhere,
  signUpLearner,
  type Tokens,
} from '../lib/cognito.ts';
import { setResponseCookie } from '../lib/http.ts';
import { logger } from '../lib/logger.ts';
import { sendMail } from '../lib/mailer.ts';
import { mailLanguage, mailText } from '../lib/mail-texts.ts';
import { clearedSessionCookie, sessionCookie, sessionLifetimeMs } from '../lib/session-cookie.ts';

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
      const message = MESSAGES.emailInvalid;
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
  return startSession(pool, tokens, input.email);
}

/**
 * What a completed sign-in (password or code) answers: the contract's tokens for API clients,
 * and the refresh token again in the session cookie for the SPA, which keeps no token in web
 * storage. The refresh token is recorded (by its hash) with its user and time, so a later sign-out
 * everywhere can refuse it.
 */
async function startSession(pool: Pool, tokens: Tokens, email: string): Promise<LoginAnswer> {
  await recordRefreshSession(
    tokens.refreshToken,
    { pool, user_id: tokens.sub, issued_at: Date.now() },
    sessionLifetimeMs(pool),
  );
  setResponseCookie(sessionCookie(pool, tokens.refreshToken));
  const user =
    pool === 'learner' ? await learnerUser(tokens.sub, email) : await adminUser(tokens.sub, email);
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

/** Where a refresh or logout found its refresh token. */
export type RefreshTokenFrom = { token: string; from: 'body' | 'cookie' } | undefined;

/**
 * A fresh access token for a refresh token of the pool (from the body or the session cookie).
 * Refused with 401 when we did not issue the token to this pool, or its user signed out
 * everywhere (or reset the password) since; a refused cookie is cleared.
 */
export async function refresh(pool: Pool, given: RefreshTokenFrom) {
  const refused = () => {
    if (given?.from === 'cookie') setResponseCookie(clearedSessionCookie(pool));
    return new UnauthenticatedError(MESSAGES.refreshFailed);
  };
  if (!given) throw refused();
  const session = await refreshSessionOf(given.token);
  if (
    !session ||
    session.pool !== pool ||
    (session.signedOutAt !== undefined && session.issued_at < session.signedOutAt)
  ) {
    throw refused();
  }
  try {
    const r = await refreshSession(pool, given.token);
    return { message: MESSAGES.refreshed, accessToken: r.accessToken, expires_in: r.expiresIn };
  } catch (err) {
    if (BAD_CREDENTIALS.has((err as Error).name) || (err as Error).message === 'no access token') {
      throw refused();
    }
    throw err;
  }
}

/**
 * Ends a session: the refresh token stops working, and so do the session's access tokens (a
 * revocation record that every authorised request checks, kept until the token expires), and
 * the session cookie is cleared. Logging out twice is not an error.
 */
export async function signOut(
  pool: Pool,
  given: RefreshTokenFrom,
  caller: Identity,
): Promise<void> {
  if (caller.session) await revokeSession(caller.session.id, caller.session.expiresAt);
  setResponseCookie(clearedSessionCookie(pool));
  if (!given) return;
  await forgetRefreshSession(given.token);
  try {
    await revokeRefreshToken(pool, given.token);
  } catch (err) {
    if (!BAD_CREDENTIALS.has((err as Error).name)) throw err;
  }
}

/**
 * Ends every session of a user from `at` on: every access token issued before it is refused at
 * the next request (tokens are checked against this record, in seconds), every refresh token
 * issued before it can no longer refresh (our session record, and Cognito's global sign-out in
 * AWS; the local stand-in has none). Answers only once the clock has passed into the next second,
 * so a token issued after the answer is never mistaken for an older one.
 */
async function endEverySession(pool: Pool, userId: string): Promise<void> {
  const at = Date.now();
  await markSignedOut(pool, userId, at);
  await cognitoSignOutEverywhere(pool, userId);
  const next = Math.ceil((at + 1) / 1000) * 1000;
  await pause(Math.max(0, next - Date.now()) + 5);
}

/** Signs the caller out on every device (learners, from the profile). */
export async function signOutEverywhere(caller: Identity): Promise<void> {
  await endEverySession(caller.pool, caller.userId);
  setResponseCookie(clearedSessionCookie(caller.pool));
}

/** Codes (reset and sign-in) one e-mail may be sent in an hour. */
export const CODE_SENDS_PER_HOUR = 10;
/** Wrong reset codes tried on one e-mail in {@link RESET_TRIES_WINDOW_SECONDS} before 429. */
export const RESET_MAX_WRONG = 5;
const RESET_TRIES_WINDOW_SECONDS = 900;
/** How long a password reset code works (Cognito's own lifetime for it). */
export const RESET_CODE_MS = 3600 * 1000;
/**
 * Answers about an e-mail that may or may not have an account take at least this long, so an
 * answer's timing does not tell whether a code was sent (the bench measures it).
 */
export const CODE_ANSWER_FLOOR_MS = 400;

/** Waits until `floor` ms have passed since `started`. */
const answerNoSoonerThan = (started: number, floor = CODE_ANSWER_FLOOR_MS) =>
  pause(Math.max(0, started + floor - Date.now()));

/** Counts one code sent to an e-mail, or refuses with 429 (the same for known and unknown). */
async function countCodeSend(pool: Pool, email: string, now: number): Promise<void> {
  const slot = await reserveAttempt(
    attemptCounters.codeSends(pool, email),
    CODE_SENDS_PER_HOUR,
    3600,
    now,
  );
  if (!slot.reserved) {
    throw new RateLimitedError(MESSAGES.codeRequestsTooMany, slot.retryAfterSeconds);
  }
}

/**
 * The language of an e-mail to the learner `owner` (issue 33): the one they saved in their
 * profile, else `asked` (the app's language when the request was made), else English.
 */
async function learnerMailLanguage(
  owner: string | undefined,
  asked?: UiLanguage,
): Promise<UiLanguage> {
  const profile = owner ? await getLearnerProfile(owner) : undefined;
  return mailLanguage(profile?.language, asked);
}

/**
 * `forgotPassword`: Cognito e-mails a reset code when the account exists, a learner's in their
 * language (the custom-message trigger writes it in the language given here). The answer is the
 * same, and takes as long, whether it does or not.
 */
export async function forgotPassword(pool: Pool, email: string, asked?: UiLanguage): Promise<void> {
  const started = Date.now();
  await countCodeSend(pool, email, started);
  // The back office stays English (issue 33): only the learner pool's e-mails are translated.
  const language =
    pool === 'learner' ? await learnerMailLanguage(await emailOwner(email), asked) : undefined;
  let sent = false;
  try {
    sent = await sendResetCode(pool, email, language);
  } catch (err) {
    // Cognito's own refusals (its limits, a user without a verified address) must not answer
    // differently from an unknown e-mail; only an outage is a 503.
    if (isServiceUnavailable(err)) throw err;
    logger.warn('reset code not sent', { pool, error: (err as Error).name });
  }
  if (sent) await markResetCodeSent(pool, email, started, RESET_CODE_MS);
  await answerNoSoonerThan(started);
}

const codeProblem = (message: string) => new ValidationError(message, [{ field: 'code', message }]);

/**
 * `resetPassword`: sets the new password with Cognito's code. Wrong codes are counted per e-mail
 * (429 past {@link RESET_MAX_WRONG}); a code older than {@link RESET_CODE_MS} is expired. A reset
 * ends every other session of the account.
 */
export async function resetPassword(pool: Pool, input: ResetPasswordInput): Promise<void> {
  const now = Date.now();
  const tries = attemptCounters.resetTries(pool, input.email);
  const slot = await reserveAttempt(tries, RESET_MAX_WRONG, RESET_TRIES_WINDOW_SECONDS, now);
  if (!slot.reserved) {
    throw new RateLimitedError(MESSAGES.resetTooManyTries, slot.retryAfterSeconds);
  }
  const sentAt = await resetCodeSentAt(pool, input.email);
  if (sentAt !== undefined && now - sentAt > RESET_CODE_MS) {
    throw codeProblem(MESSAGES.resetCodeExpired);
  }
  try {
    await resetPasswordWithCode(pool, input.email, input.code, input.password);
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'CodeMismatchException' || name === 'UserNotFoundException') {
      throw codeProblem(MESSAGES.resetCodeWrong);
    }
    if (name === 'ExpiredCodeException') throw codeProblem(MESSAGES.resetCodeExpired);
    if (name === 'LimitExceededException' || name === 'TooManyFailedAttemptsException') {
      throw new RateLimitedError(MESSAGES.resetTooManyTries);
    }
    await releaseAttempt(tries);
    if (name === 'InvalidPasswordException') {
      throw new ValidationError(PASSWORD_RULE_MESSAGE, [
        { field: 'password', message: PASSWORD_RULE_MESSAGE },
      ]);
    }
    throw err;
  }
  await Promise.all([clearAttempts(tries), forgetResetCode(pool, input.email)]);
  const user = await findUser(pool, input.email);
  if (user?.sub) await endEverySession(pool, user.sub);
}

/**
 * `requestCode`: e-mails a learner a one-time sign-in code (six digits, ten minutes, single use,
 * five tries), replacing any earlier one, in the learner's language (their profile's, else
 * `asked`, else English). The same answer, in the same time, for an unknown e-mail.
 */
export async function requestSignInCode(email: string, asked?: UiLanguage): Promise<void> {
  const started = Date.now();
  await countCodeSend('learner', email, started);
  const owner = await emailOwner(email);
  if (owner) {
    const code = String(randomInt(0, 10 ** SIGN_IN_CODE.digits)).padStart(SIGN_IN_CODE.digits, '0');
    await storeSignInCode('learner', email, code, started + SIGN_IN_CODE.minutes * 60_000);
    const language = await learnerMailLanguage(owner, asked);
    const words = mailText('signInCode', language, { code, minutes: SIGN_IN_CODE.minutes });
    await sendMail({ to: email, ...words });
  }
  await answerNoSoonerThan(started);
}

/**
 * `verifyCode`: a right code signs the learner in exactly as a password does. The sign-in limits
 * per e-mail and client apply; a code takes five tries, then it is gone (429).
 */
export async function verifySignInCode(
  input: VerifyCodeInput,
  client: string,
): Promise<LoginAnswer> {
  const { LOGIN_MAX_FAILURES: max, LOGIN_FAILURE_WINDOW_SECONDS: window } = env();
  const now = Date.now();
  const clientCounter = attemptCounters.signIn('learner', input.email, client);
  const slot = await reserveAttempt(clientCounter, max, window, now);
  if (!slot.reserved) {
    throw new RateLimitedError(MESSAGES.loginRateLimited, slot.retryAfterSeconds);
  }
  const tried = await trySignInCode('learner', input.email, input.code, SIGN_IN_CODE.maxTries, now);
  if (tried === 'used-up') throw new RateLimitedError(MESSAGES.signInCodeTooManyTries);
  if (tried !== 'right') throw codeProblem(MESSAGES.signInCodeWrong);
  await clearAttempts(clientCounter);
  // The proof lives a minute, is spent by the custom-challenge trigger, and never leaves us.
  const proof = randomBytes(32).toString('base64url');
  await putSignInProof(tableName(), input.email, proof);
  const tokens = await customChallengeSignIn('learner', input.email, proof);
  return startSession('learner', tokens, input.email);
}
