import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  CognitoIdentityProviderClient,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { TEST_ENV } from '../../test/tokens.ts';
import * as keys from '../db/item-keys.ts';

const OUTBOX = join(tmpdir(), `gia-auth-service-${process.pid}-${Date.now()}.jsonl`);
Object.assign(process.env, TEST_ENV, {
  LOGIN_MAX_FAILURES: '3',
  LOGIN_FAILURE_WINDOW_SECONDS: '600',
  SIGNUP_MAX_PER_CLIENT: '2',
  MAIL_OUTBOX_FILE: OUTBOX,
});
const { forgotPassword, requestSignInCode, signIn, signOut, signUp, SIGN_IN_DELAY_MS } =
  await import('./service.ts');

const cognitoMock = mockClient(CognitoIdentityProviderClient);
const ddbMock = mockClient(DynamoDBDocumentClient);
const input = { email: 'asha@example.in', password: 'wrongpass1' };
const CLIENT = '203.0.113.7';
const clientKey = { pk: `LOGINFAIL#learner#asha@example.in#${CLIENT}`, sk: 'LOGINFAIL' };
const emailKey = { pk: 'LOGINFAIL#learner#asha@example.in', sk: 'LOGINFAIL' };

const idToken = (sub: string) =>
  `e30.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.sig`;
const conditionFailed = () =>
  Object.assign(new Error('condition'), { name: 'ConditionalCheckFailedException' });
const signedIn = {
  AuthenticationResult: {
    AccessToken: 'access',
    RefreshToken: 'refresh',
    IdToken: idToken('u-1'),
    ExpiresIn: 3600,
  },
};

/** Both counters have room: each reservation answers the given count. */
function countersAnswer(counts: { client: number; email: number }) {
  ddbMock
    .on(UpdateCommand, { Key: clientKey, ExpressionAttributeValues: { ':one': 1 } })
    .resolves({ Attributes: { count: counts.client } });
  ddbMock
    .on(UpdateCommand, { Key: emailKey, ExpressionAttributeValues: { ':one': 1 } })
    .resolves({ Attributes: { count: counts.email } });
}

beforeEach(() => {
  cognitoMock.reset();
  ddbMock.reset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('signing in', () => {
  it('gives the same 401 for a wrong password and for an unknown e-mail, and keeps both counted', async () => {
    countersAnswer({ client: 1, email: 1 });
    for (const name of [
      'NotAuthorizedException',
      'UserNotFoundException',
      'InvalidPasswordException',
    ]) {
      cognitoMock
        .on(InitiateAuthCommand)
        .rejects(Object.assign(new Error('raw provider text'), { name }));
      await expect(signIn('learner', input, CLIENT)).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
        message: 'Invalid email or password.',
      });
    }
    // Each attempt reserved one on the client's and one on the e-mail's counter, none given back.
    const reservations = ddbMock.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(reservations).toHaveLength(6);
    expect(reservations.every((r) => r.UpdateExpression === 'ADD #count :one')).toBe(true);
    expect(ddbMock.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it('reserves the attempt before the password is checked, with a condition that holds the limit', async () => {
    countersAnswer({ client: 1, email: 1 });
    cognitoMock.on(InitiateAuthCommand).callsFake(() => {
      // When Cognito is asked, the client's attempt is already counted.
      expect(ddbMock.commandCalls(UpdateCommand, { Key: clientKey })).toHaveLength(1);
      throw Object.assign(new Error('wrong'), { name: 'NotAuthorizedException' });
    });
    await expect(signIn('learner', input, CLIENT)).rejects.toMatchObject({ status: 401 });
    const [reserve] = ddbMock.commandCalls(UpdateCommand, { Key: clientKey });
    expect(reserve?.args[0].input).toMatchObject({
      ConditionExpression: 'window_start > :cutoff AND #count < :max',
      ExpressionAttributeValues: { ':max': 3 },
    });
  });

  it('refuses a client with 429 once its attempts on an e-mail reach the limit, without asking Cognito', async () => {
    ddbMock.on(UpdateCommand, { Key: clientKey }).rejects(conditionFailed());
    ddbMock
      .on(GetCommand, { Key: clientKey })
      .resolves({ Item: { ...clientKey, count: 3, window_start: Date.now() - 60_000 } });
    const refused = await signIn('learner', input, CLIENT).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many failed sign-in attempts. Please try again later.',
    });
    const retryAfter = Number(
      (refused as { headers: Record<string, string> }).headers['retry-after'],
    );
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(540);
    expect(cognitoMock.commandCalls(InitiateAuthCommand)).toHaveLength(0);
  });

  it('starts a new window with a conditional put once the old one has closed', async () => {
    ddbMock.on(UpdateCommand).rejects(conditionFailed());
    ddbMock
      .on(GetCommand, { Key: clientKey })
      .resolves({ Item: { ...clientKey, count: 3, window_start: Date.now() - 601_000 } });
    ddbMock.on(GetCommand, { Key: emailKey }).resolves({});
    ddbMock.on(GetCommand, { Key: { pk: 'USER#u-1', sk: 'PROFILE' } }).resolves({
      Item: { user_id: 'u-1', user_name: 'Asha', email: input.email },
    });
    cognitoMock.on(InitiateAuthCommand).resolves(signedIn);
    const answer = await signIn('learner', input, CLIENT);
    expect(answer).toMatchObject({
      message: 'Logged in Successfully',
      accessToken: 'access',
      user: { empid: 'u-1', name: 'Asha', email: input.email },
    });
    const starts = ddbMock
      .commandCalls(PutCommand)
      .map((c) => c.args[0].input)
      .filter((p) => String(p.Item?.pk).startsWith('LOGINFAIL#'));
    expect(starts.map((p) => p.Item?.pk).sort()).toEqual([emailKey.pk, clientKey.pk].sort());
    for (const p of starts) {
      expect(p.Item).toMatchObject({ count: 1 });
      expect(p.ConditionExpression).toBe('attribute_not_exists(pk) OR window_start <= :cutoff');
    }
  });

  it('clears the client count after a success and gives back its attempt on the e-mail', async () => {
    countersAnswer({ client: 2, email: 9 });
    ddbMock.on(GetCommand).resolves({});
    cognitoMock.on(InitiateAuthCommand).resolves(signedIn);
    await signIn('admin', { ...input, email: 'asha@example.in' }, CLIENT).catch(() => undefined);
    // The admin pool has its own counters.
    expect(ddbMock.commandCalls(UpdateCommand)[0]?.args[0].input.Key).toEqual({
      pk: `LOGINFAIL#admin#asha@example.in#${CLIENT}`,
      sk: 'LOGINFAIL',
    });

    ddbMock.resetHistory();
    await signIn('learner', input, CLIENT);
    expect(ddbMock.commandCalls(DeleteCommand, { Key: clientKey })).toHaveLength(1);
    expect(
      ddbMock.commandCalls(UpdateCommand, {
        Key: emailKey,
        ExpressionAttributeValues: { ':minusOne': -1 },
      }),
    ).toHaveLength(1);
  });

  it('slows down, but does not refuse, the right password on an e-mail attacked from many clients', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    countersAnswer({ client: 1, email: 31 });
    ddbMock.on(GetCommand).resolves({});
    cognitoMock.on(InitiateAuthCommand).resolves(signedIn);
    const answer = signIn('learner', input, CLIENT);
    await vi.advanceTimersByTimeAsync(SIGN_IN_DELAY_MS - 1);
    expect(cognitoMock.commandCalls(InitiateAuthCommand)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toMatchObject({ message: 'Logged in Successfully' });
  });

  it('does not wait below the e-mail ceiling', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    countersAnswer({ client: 1, email: 30 });
    cognitoMock
      .on(InitiateAuthCommand)
      .rejects(Object.assign(new Error('wrong'), { name: 'NotAuthorizedException' }));
    await expect(signIn('learner', input, CLIENT)).rejects.toMatchObject({ status: 401 });
  });

  it('does not turn a provider outage into a 401, and does not count the attempt', async () => {
    countersAnswer({ client: 1, email: 1 });
    cognitoMock.on(InitiateAuthCommand).rejects(new Error('socket hang up'));
    await expect(signIn('learner', input, CLIENT)).rejects.toThrow('socket hang up');
    const givenBack = ddbMock
      .commandCalls(UpdateCommand)
      .filter((c) => c.args[0].input.ExpressionAttributeValues?.[':minusOne'] === -1);
    expect(givenBack).toHaveLength(2);
  });
});

describe('signing up', () => {
  const signup = { user_name: 'Asha', email: 'asha@example.in', password: 'Passw0rdOk' };
  const signupKey = { pk: `SIGNUPS#${CLIENT}`, sk: 'SIGNUPS' };

  function cognitoCreatesTheUser() {
    cognitoMock
      .on(AdminCreateUserCommand)
      .resolves({ User: { Attributes: [{ Name: 'sub', Value: 'u-new' }] } });
    cognitoMock.on(AdminSetUserPasswordCommand).resolves({});
    cognitoMock.on(AdminAddUserToGroupCommand).resolves({});
    cognitoMock.on(AdminDeleteUserCommand).resolves({});
  }

  it('creates the learner confirmed, with a verified e-mail (reset codes need one) and no message', async () => {
    ddbMock.on(UpdateCommand).resolves({ Attributes: { count: 1 } });
    ddbMock.on(TransactWriteCommand).resolves({});
    cognitoCreatesTheUser();
    await signUp(signup, CLIENT);
    expect(cognitoMock.commandCalls(AdminCreateUserCommand)[0]?.args[0].input).toMatchObject({
      Username: 'asha@example.in',
      MessageAction: 'SUPPRESS',
      UserAttributes: expect.arrayContaining([{ Name: 'email_verified', Value: 'true' }]),
    });
    expect(cognitoMock.commandCalls(AdminSetUserPasswordCommand)[0]?.args[0].input).toMatchObject({
      Password: 'Passw0rdOk',
      Permanent: true,
    });
  });

  it('answers 409 (not 201) and removes the user again when the profile is not stored', async () => {
    ddbMock.on(UpdateCommand).resolves({ Attributes: { count: 1 } });
    ddbMock
      .on(TransactWriteCommand)
      .rejects(Object.assign(new Error('guard taken'), { name: 'TransactionCanceledException' }));
    cognitoCreatesTheUser();
    await expect(signUp(signup, CLIENT)).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'An account with this email already exists.',
    });
    expect(cognitoMock.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
  });

  it('refuses a client that has used up its sign-ups for the hour with 429 and Retry-After', async () => {
    ddbMock.on(UpdateCommand, { Key: signupKey }).rejects(conditionFailed());
    ddbMock
      .on(GetCommand, { Key: signupKey })
      .resolves({ Item: { ...signupKey, count: 2, window_start: Date.now() - 600_000 } });
    const refused = await signUp(signup, CLIENT).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      status: 429,
      message: 'Too many accounts were created from this network. Please try again later.',
      headers: { 'retry-after': '3000' },
    });
    expect(cognitoMock.commandCalls(AdminCreateUserCommand)).toHaveLength(0);
  });

  it('counts a sign-up and a taken e-mail against the client, and gives back one that failed otherwise', async () => {
    ddbMock.on(UpdateCommand).resolves({ Attributes: { count: 1 } });
    ddbMock.on(TransactWriteCommand).resolves({});
    cognitoCreatesTheUser();
    await expect(signUp(signup, CLIENT)).resolves.toEqual({
      user_id: 'u-new',
      user_name: 'Asha',
      email: 'asha@example.in',
    });
    const [reserve] = ddbMock.commandCalls(UpdateCommand, { Key: signupKey });
    expect(reserve?.args[0].input.ExpressionAttributeValues).toMatchObject({ ':max': 2 });

    const givenBack = () =>
      ddbMock.commandCalls(UpdateCommand, {
        Key: signupKey,
        ExpressionAttributeValues: { ':minusOne': -1 },
      });
    cognitoMock
      .on(AdminCreateUserCommand)
      .rejects(Object.assign(new Error('taken'), { name: 'UsernameExistsException' }));
    await expect(signUp(signup, CLIENT)).rejects.toMatchObject({ status: 409 });
    expect(givenBack()).toHaveLength(0);

    cognitoMock.on(AdminCreateUserCommand).rejects(new Error('socket hang up'));
    await expect(signUp(signup, CLIENT)).rejects.toThrow('socket hang up');
    expect(givenBack()).toHaveLength(1);
  });
});

describe('logging out', () => {
  it('revokes the refresh token and records the session as ended until its token expires', async () => {
    ddbMock.on(PutCommand).resolves({});
    ddbMock.on(DeleteCommand).resolves({});
    cognitoMock.on(RevokeTokenCommand).resolves({});
    const caller = {
      userId: 'u-1',
      pool: 'learner' as const,
      session: { id: 'origin-1', expiresAt: 1_900_000_000 },
    };
    await signOut('learner', { token: 'refresh-1', from: 'body' }, caller);
    expect(ddbMock.commandCalls(PutCommand)[0]?.args[0].input.Item).toEqual({
      pk: 'REVOKED#origin-1',
      sk: 'REVOKED',
      ttl: 1_900_000_000,
    });
    expect(cognitoMock.commandCalls(RevokeTokenCommand)[0]?.args[0].input).toMatchObject({
      Token: 'refresh-1',
    });
    // Our record of the refresh token is gone too (by its hash, never the token itself).
    expect(ddbMock.commandCalls(DeleteCommand)[0]?.args[0].input.Key).toEqual({
      pk: `SESSION#${createHash('sha256').update('refresh-1').digest('hex')}`,
      sk: 'SESSION',
    });
  });
});

describe('e-mails in the learner’s language (issue 33)', () => {
  const email = 'meena@example.in';

  /** The code counters have room; the address is `owner`'s, whose profile saved `language`. */
  function given(owner: string | undefined, language?: string) {
    ddbMock.on(UpdateCommand).resolves({ Attributes: { count: 1 } });
    ddbMock.on(PutCommand).resolves({});
    ddbMock.on(GetCommand).resolves({});
    if (!owner) return;
    ddbMock.on(GetCommand, { Key: keys.userEmail(email) }).resolves({ Item: { user_id: owner } });
    ddbMock
      .on(GetCommand, { Key: keys.userProfile(owner) })
      .resolves({ Item: { ...keys.userProfile(owner), user_id: owner, email, language } });
  }

  /** What the outbox holds now (the local stand-in for SES). */
  const sent = (): { to: string; subject: string; text: string }[] =>
    existsSync(OUTBOX)
      ? readFileSync(OUTBOX, 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line))
      : [];

  beforeEach(() => rmSync(OUTBOX, { force: true }));
  afterEach(() => rmSync(OUTBOX, { force: true }));

  it('writes the sign-in code in the language the learner saved, whatever the app asked', async () => {
    given('u-kn', 'kn');
    await requestSignInCode(email, 'hi');
    const [mail] = sent();
    expect(mail?.to).toBe(email);
    expect(mail?.subject).toMatch(/^ನಿಮ್ಮ GIA School ಸೈನ್ ಇನ್ ಕೋಡ್: \d{6}$/);
    expect(mail?.text).toContain('10 ನಿಮಿಷಗಳವರೆಗೆ');
    expect(mail?.text).toContain(mail?.subject.slice(-6));
  });

  it('writes the sign-in code in the app’s language when the learner saved none, else English', async () => {
    given('u-none');
    await requestSignInCode(email, 'hi');
    expect(sent()[0]?.subject).toMatch(/^आपका GIA School साइन इन कोड: \d{6}$/);
    rmSync(OUTBOX, { force: true });
    await requestSignInCode(email);
    expect(sent()[0]?.subject).toMatch(/^Your GIA School sign-in code: \d{6}$/);
  });

  it('asks Cognito for a learner’s reset code in their language, and an admin’s without one', async () => {
    cognitoMock.on(ForgotPasswordCommand).resolves({});
    given('u-kn', 'kn');
    await forgotPassword('learner', email, 'en');
    given(undefined);
    await forgotPassword('learner', 'stranger@example.in', 'hi');
    await forgotPassword('admin', email, 'kn');
    const metadata = cognitoMock
      .commandCalls(ForgotPasswordCommand)
      .map((c) => [c.args[0].input.ClientId, c.args[0].input.ClientMetadata]);
    expect(metadata).toEqual([
      [TEST_ENV.LEARNER_CLIENT_ID, { language: 'kn' }],
      [TEST_ENV.LEARNER_CLIENT_ID, { language: 'hi' }],
      [TEST_ENV.ADMIN_CLIENT_ID, undefined],
    ]);
  });
});
