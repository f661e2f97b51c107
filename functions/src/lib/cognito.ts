import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decomposeUnverifiedJwt } from 'aws-jwt-verify/jwt';
import type { UiLanguage } from '@gia/shared/languages.ts';
import { cognito } from './cognito-client.ts';
import { env } from './env.ts';
import type { Pool } from './auth.ts';
import { mailClientMetadata } from './mail-language.ts';
import { POOL_GROUP } from './pools.ts';

export const poolIds = (pool: Pool) => {
  const e = env();
  return pool === 'learner'
    ? { userPoolId: e.LEARNER_POOL_ID, clientId: e.LEARNER_CLIENT_ID }
    : { userPoolId: e.ADMIN_POOL_ID, clientId: e.ADMIN_CLIENT_ID };
};

/** Names of Cognito errors that all mean "wrong e-mail or password" (the local stand-in differs). */
export const BAD_CREDENTIALS = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'InvalidPasswordException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
]);

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  /** The user's `sub`, read from the id token Cognito just issued to us. */
  sub: string;
}

/** Signs in with e-mail and password; throws Cognito's error on bad credentials. */
export async function passwordSignIn(pool: Pool, email: string, password: string): Promise<Tokens> {
  const { clientId } = poolIds(pool);
  const res = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return tokensOf(res.AuthenticationResult);
}

/** The tokens of a completed authentication (an id token is needed for the user's `sub`). */
function tokensOf(
  r:
    | { AccessToken?: string; RefreshToken?: string; IdToken?: string; ExpiresIn?: number }
    | undefined,
): Tokens {
  if (!r?.AccessToken || !r.RefreshToken || !r.IdToken) {
    // A challenge (e.g. a forced password change) is not a completed sign-in.
    const err = new Error('sign-in needs a challenge');
    err.name = 'NotAuthorizedException';
    throw err;
  }
  const sub = decomposeUnverifiedJwt(r.IdToken).payload.sub;
  if (typeof sub !== 'string') throw new Error('id token without sub');
  return {
    accessToken: r.AccessToken,
    refreshToken: r.RefreshToken,
    expiresIn: r.ExpiresIn ?? 3600,
    sub,
  };
}

/**
 * Signs a user in without a password, through the pool's custom challenge (issue 29): Cognito
 * asks the one challenge our trigger defines (functions/src/auth-triggers), and `proof` answers
 * it; the trigger accepts only the proof the auth function stored a moment before, once.
 */
export async function customChallengeSignIn(
  pool: Pool,
  email: string,
  proof: string,
): Promise<Tokens> {
  const { userPoolId, clientId } = poolIds(pool);
  const started = await cognito.send(
    new AdminInitiateAuthCommand({
      UserPoolId: userPoolId,
      ClientId: clientId,
      AuthFlow: 'CUSTOM_AUTH',
      AuthParameters: { USERNAME: email },
    }),
  );
  if (started.ChallengeName !== 'CUSTOM_CHALLENGE') return tokensOf(started.AuthenticationResult);
  const answered = await cognito.send(
    new AdminRespondToAuthChallengeCommand({
      UserPoolId: userPoolId,
      ClientId: clientId,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: started.Session,
      ChallengeResponses: { USERNAME: email, ANSWER: proof },
    }),
  );
  return tokensOf(answered.AuthenticationResult);
}

/**
 * Asks Cognito to e-mail a password reset code. An unknown user is not an error here (the caller
 * answers the same either way); in AWS the pool's `PreventUserExistenceErrors` already hides it.
 * `language` goes to the custom-message trigger, which writes the e-mail in it
 * ({@link mailClientMetadata}); without it the e-mail is English.
 */
export async function sendResetCode(
  pool: Pool,
  email: string,
  language?: UiLanguage,
): Promise<boolean> {
  try {
    await cognito.send(
      new ForgotPasswordCommand({
        ClientId: poolIds(pool).clientId,
        Username: email,
        ClientMetadata: mailClientMetadata(language),
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'UserNotFoundException') return false;
    throw err;
  }
}

/** Sets a new password with the code Cognito e-mailed; throws Cognito's error otherwise. */
export async function resetPasswordWithCode(
  pool: Pool,
  email: string,
  code: string,
  password: string,
): Promise<void> {
  await cognito.send(
    new ConfirmForgotPasswordCommand({
      ClientId: poolIds(pool).clientId,
      Username: email,
      ConfirmationCode: code,
      Password: password,
    }),
  );
}

/** A new access token from a refresh token. */
export async function refreshSession(pool: Pool, refreshToken: string) {
  const { clientId } = poolIds(pool);
  const res = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: clientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );
  const r = res.AuthenticationResult;
  if (!r?.AccessToken) throw new Error('no access token');
  return { accessToken: r.AccessToken, expiresIn: r.ExpiresIn ?? 3600 };
}

/** Makes a refresh token (and, in AWS, the access tokens issued from it) stop working. */
export async function revokeRefreshToken(pool: Pool, refreshToken: string): Promise<void> {
  const { clientId } = poolIds(pool);
  await cognito.send(new RevokeTokenCommand({ ClientId: clientId, Token: refreshToken }));
}

/**
 * A learner's sign-up through the API: the user is made by the admin API, confirmed, with the
 * e-mail marked verified and no message sent. Cognito sends password reset codes only to a verified
 * address (issue 29), and the pool's SignUp would have e-mailed a confirmation code nobody asks
 * for. The address is the learner's word, as at any sign-up without a confirmation step; a reset
 * code still reaches only that inbox. Returns the new user's `sub`.
 */
export async function signUpLearner(
  email: string,
  password: string,
  name: string,
): Promise<string> {
  return createUserWithPassword('learner', email, password, name);
}

/** Creates a confirmed user with a permanent password and a verified e-mail; its `sub`. */
export async function createUserWithPassword(
  pool: Pool,
  email: string,
  password: string,
  name: string,
): Promise<string> {
  const { userPoolId } = poolIds(pool);
  const res = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: name },
      ],
    }),
  );
  const sub = res.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('created user without sub');
  try {
    await setPermanentPassword(pool, email, password);
    await cognito.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: userPoolId,
        Username: email,
        GroupName: POOL_GROUP[pool],
      }),
    );
  } catch (err) {
    await deleteUser(pool, email);
    throw err;
  }
  return sub;
}

export async function setPermanentPassword(pool: Pool, email: string, password: string) {
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: poolIds(pool).userPoolId,
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
}

/** A user's `sub` and attributes, or undefined when there is no such user. */
export async function findUser(pool: Pool, email: string) {
  try {
    const res = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: poolIds(pool).userPoolId, Username: email }),
    );
    const attrs = Object.fromEntries(
      (res.UserAttributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']),
    );
    return { sub: attrs.sub ?? '', name: attrs.name ?? '', email: attrs.email ?? email };
  } catch (err) {
    if ((err as Error).name === 'UserNotFoundException') return undefined;
    throw err;
  }
}

/**
 * Signs a user out everywhere: every refresh token of the user stops working (in AWS the access
 * tokens too, for Cognito's own APIs). The local stand-in does not implement this call; there
 * deleting the user, which always follows, ends its refresh tokens.
 */
export async function signOutEverywhere(pool: Pool, username: string): Promise<void> {
  try {
    await cognito.send(
      new AdminUserGlobalSignOutCommand({
        UserPoolId: poolIds(pool).userPoolId,
        Username: username,
      }),
    );
  } catch (err) {
    const name = (err as Error).name;
    if (name !== 'UserNotFoundException' && name !== 'Unsupported') throw err;
  }
}

export async function deleteUser(pool: Pool, username: string): Promise<void> {
  await cognito.send(
    new AdminDeleteUserCommand({ UserPoolId: poolIds(pool).userPoolId, Username: username }),
  );
}
