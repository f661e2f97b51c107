import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { TEST_ENV } from '../../test/tokens.ts';

Object.assign(process.env, TEST_ENV);
const { updateProfile } = await import('./service.ts');

const cognitoMock = mockClient(CognitoIdentityProviderClient);
const ddbMock = mockClient(DynamoDBDocumentClient);
const stored = {
  user_id: 'u-1',
  user_name: 'Asha',
  email: 'asha@example.in',
  user_mobile: '9876543210',
  dob: '2010-05-04',
  course_of_study: 'Class 10',
  profile_image: '/media/public/images/a.png',
  is_verified: false,
};
const input = { ...stored, email: 'new@example.in' };

beforeEach(() => {
  cognitoMock.reset();
  ddbMock.reset();
  ddbMock.on(GetCommand, { Key: { pk: 'USER#u-1', sk: 'PROFILE' } }).resolves({ Item: stored });
  ddbMock.on(GetCommand, { Key: { pk: 'USEREMAIL#new@example.in', sk: 'USEREMAIL' } }).resolves({});
  ddbMock.on(UpdateCommand).resolves({});
});

describe('updating the profile with a new e-mail', () => {
  it('asks Cognito for a verified change on the learner token, never marking it verified, and moves no guard', async () => {
    cognitoMock.on(UpdateUserAttributesCommand).resolves({});
    const answer = await updateProfile('u-1', input, 'learner-token');
    expect(answer).toMatchObject({ email: 'asha@example.in', pending_email: 'new@example.in' });
    const sent = cognitoMock.commandCalls(UpdateUserAttributesCommand)[0]?.args[0].input;
    expect(sent).toEqual({
      AccessToken: 'learner-token',
      UserAttributes: [{ Name: 'email', Value: 'new@example.in' }],
      // The code's e-mail in the learner's language (none kept: English), for the trigger.
      ClientMetadata: { language: 'en' },
    });
    expect(cognitoMock.commandCalls(AdminUpdateUserAttributesCommand)).toHaveLength(0);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(ddbMock.commandCalls(UpdateCommand)[0]?.args[0].input).toMatchObject({
      ExpressionAttributeValues: { ':pending': 'new@example.in' },
    });
  });

  it('answers 400 for an address Cognito refuses and 401 for a token Cognito revoked, never 500', async () => {
    cognitoMock
      .on(UpdateUserAttributesCommand)
      .rejects(Object.assign(new Error('bad'), { name: 'InvalidParameterException' }));
    await expect(updateProfile('u-1', input, 't')).rejects.toMatchObject({
      status: 400,
      message: 'Please enter a valid email address.',
    });
    cognitoMock
      .on(UpdateUserAttributesCommand)
      .rejects(Object.assign(new Error('revoked'), { name: 'NotAuthorizedException' }));
    await expect(updateProfile('u-1', input, 't')).rejects.toMatchObject({ status: 401 });
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});
