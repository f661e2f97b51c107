import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  NotAuthorizedException,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
  DeleteCommand,
} from '@aws-sdk/lib-dynamodb';
import { TEST_ENV } from '../../test/tokens.ts';

Object.assign(process.env, TEST_ENV, {
  LOGIN_MAX_FAILURES: '3',
  LOGIN_FAILURE_WINDOW_SECONDS: '600',
});
const { signIn } = await import('./service.ts');

const cognitoMock = mockClient(CognitoIdentityProviderClient);
const ddbMock = mockClient(DynamoDBDocumentClient);
const input = { email: 'asha@example.in', password: 'wrongpass1' };

const idToken = (sub: string) =>
  `e30.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.sig`;

beforeEach(() => {
  cognitoMock.reset();
  ddbMock.reset();
});

describe('signing in', () => {
  it('gives the same 401 for a wrong password and for an unknown e-mail, and counts both', async () => {
    ddbMock.on(GetCommand).resolves({});
    ddbMock
      .on(UpdateCommand)
      .rejects(Object.assign(new Error('no window'), { name: 'ConditionalCheckFailedException' }));
    ddbMock.on(PutCommand).resolves({});
    for (const name of [
      'NotAuthorizedException',
      'UserNotFoundException',
      'InvalidPasswordException',
    ]) {
      cognitoMock
        .on(InitiateAuthCommand)
        .rejects(Object.assign(new Error('raw provider text'), { name }));
      await expect(signIn('learner', input)).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
        message: 'Invalid email or password.',
      });
    }
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(3);
  });

  it('refuses with 429 once the failures of an e-mail reach the limit within the window', async () => {
    ddbMock.on(GetCommand).resolves({ Item: { count: 3, window_start: Date.now() - 1000 } });
    await expect(signIn('learner', input)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(cognitoMock.commandCalls(InitiateAuthCommand)).toHaveLength(0);
  });

  it('lets the e-mail try again once the window has closed', async () => {
    ddbMock
      .on(GetCommand, { Key: { pk: 'LOGINFAIL#learner#asha@example.in', sk: 'LOGINFAIL' } })
      .resolves({ Item: { count: 3, window_start: Date.now() - 601_000 } });
    ddbMock.on(GetCommand, { Key: { pk: 'USER#u-1', sk: 'PROFILE' } }).resolves({
      Item: { user_id: 'u-1', user_name: 'Asha', email: input.email },
    });
    cognitoMock.on(InitiateAuthCommand).resolves({
      AuthenticationResult: {
        AccessToken: 'access',
        RefreshToken: 'refresh',
        IdToken: idToken('u-1'),
        ExpiresIn: 3600,
      },
    });
    const answer = await signIn('learner', input);
    expect(answer).toMatchObject({
      message: 'Logged in Successfully',
      accessToken: 'access',
      user: { empid: 'u-1', name: 'Asha', email: input.email },
    });
    expect(ddbMock.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it('does not turn a provider outage into a 401', async () => {
    ddbMock.on(GetCommand).resolves({});
    cognitoMock.on(InitiateAuthCommand).rejects(new Error('socket hang up'));
    await expect(signIn('admin', input)).rejects.toThrow('socket hang up');
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
    void NotAuthorizedException;
  });
});
