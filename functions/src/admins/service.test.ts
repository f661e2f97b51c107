import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  AdminDeleteUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { TEST_ENV } from '../../test/tokens.ts';

Object.assign(process.env, TEST_ENV);
const { removeAdmin } = await import('./service.ts');

const cognitoMock = mockClient(CognitoIdentityProviderClient);
const ddbMock = mockClient(DynamoDBDocumentClient);
const record = {
  admin_id: 'admin-y',
  name: 'Y',
  email: 'y@gia.test',
  created_at: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => {
  cognitoMock.reset();
  ddbMock.reset();
  ddbMock.on(GetCommand).resolves({ Item: { pk: 'ADMIN#admin-y', sk: 'ADMIN', ...record } });
  ddbMock.on(DeleteCommand).resolves({});
});

describe('removing an admin', () => {
  it('removes the account record, signs the admin out everywhere, then deletes the user', async () => {
    const order: string[] = [];
    ddbMock.on(DeleteCommand).callsFake(() => order.push('record deleted'));
    cognitoMock
      .on(AdminUserGlobalSignOutCommand)
      .callsFake(() => order.push('signed out everywhere'));
    cognitoMock.on(AdminDeleteUserCommand).callsFake(() => order.push('user deleted'));

    await removeAdmin('admin-main', 'admin-y');

    expect(order).toEqual(['record deleted', 'signed out everywhere', 'user deleted']);
    expect(cognitoMock.commandCalls(AdminUserGlobalSignOutCommand)[0]?.args[0].input).toEqual({
      UserPoolId: TEST_ENV.ADMIN_POOL_ID,
      Username: 'y@gia.test',
    });
  });

  it('still deletes the user where the global sign-out is not implemented (the local stand-in)', async () => {
    cognitoMock
      .on(AdminUserGlobalSignOutCommand)
      .rejects(
        Object.assign(new Error('Cognito Local unsupported feature'), { name: 'Unsupported' }),
      );
    cognitoMock.on(AdminDeleteUserCommand).resolves({});
    await removeAdmin('admin-main', 'admin-y');
    expect(cognitoMock.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
  });

  it('does not delete the user when the sign-out fails for another reason', async () => {
    cognitoMock.on(AdminUserGlobalSignOutCommand).rejects(new Error('throttled'));
    await expect(removeAdmin('admin-main', 'admin-y')).rejects.toThrow('throttled');
    expect(cognitoMock.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
  });
});
