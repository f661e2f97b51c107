import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { SESSION_DAYS } from '@gia/shared';
import { idOf, givenStacks, ofType, type Statement } from './template.ts';

const given = givenStacks();

describe('identity', () => {
  const pool = (c: IConstruct) => given.resources[idOf(c)]!.Properties;

  it('has pools no one signs up to straight (learners sign up through the API), e-mail as user name, the contract’s password rule', () => {
    for (const which of ['learner', 'admin'] as const) {
      expect(pool(given.stack.pools[which].userPool)).toMatchObject({
        UsernameAttributes: ['email'],
        Policies: { PasswordPolicy: { MinimumLength: 8, RequireNumbers: true } },
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      });
      expect(pool(given.stack.pools[which].client)).toMatchObject({
        GenerateSecret: false,
        EnableTokenRevocation: true,
        PreventUserExistenceErrors: 'ENABLED',
      });
      expect(pool(given.stack.pools[which].userPool).AccountRecoverySetting, which).toEqual({
        RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }],
      });
    }
  });

  it('lets learners sign in with a password or an e-mailed code (CUSTOM_AUTH), admins with a password only (issue 29)', () => {
    expect(pool(given.stack.pools.learner.client).ExplicitAuthFlows).toEqual([
      'ALLOW_USER_PASSWORD_AUTH',
      'ALLOW_CUSTOM_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
    ]);
    expect(pool(given.stack.pools.admin.client).ExplicitAuthFlows).toEqual([
      'ALLOW_USER_PASSWORD_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
    ]);
  });

  it('answers the learner pool’s custom challenge and words its code e-mails with one trigger function, and the admin pool has none (issues 29, 33)', () => {
    const trigger = { 'Fn::GetAtt': [idOf(given.stack.pools.authTriggers), 'Arn'] };
    expect(pool(given.stack.pools.learner.userPool).LambdaConfig).toEqual({
      DefineAuthChallenge: trigger,
      CreateAuthChallenge: trigger,
      VerifyAuthChallengeResponse: trigger,
      CustomMessage: trigger,
    });
    expect(pool(given.stack.pools.admin.userPool).LambdaConfig).toBeUndefined();
    // Only the learner pool may invoke it (one permission per trigger).
    const invokers = ofType('AWS::Lambda::Permission')
      .map(([, p]) => p.Properties)
      .filter((p) => JSON.stringify(p.FunctionName) === JSON.stringify(trigger));
    expect(invokers).toHaveLength(4);
    for (const invoker of invokers) {
      expect(invoker).toEqual({
        FunctionName: trigger,
        Action: 'lambda:InvokeFunction',
        Principal: 'cognito-idp.amazonaws.com',
        SourceArn: { 'Fn::GetAtt': [idOf(given.stack.pools.learner.userPool), 'Arn'] },
      });
    }
  });

  it('gives the trigger the table name only, and only a DeleteItem on the table (least privilege)', () => {
    const fn = given.resources[idOf(given.stack.pools.authTriggers)]!.Properties;
    expect(fn).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Timeout: 5 });
    const vars = (fn.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(vars).toEqual({
      NODE_OPTIONS: '--enable-source-maps',
      TABLE_NAME: { Ref: idOf(given.stack.table.table) },
    });
    // Nothing of the pool: the pool names the function, so the reverse would be a cycle.
    expect(JSON.stringify(fn)).not.toContain(idOf(given.stack.pools.learner.userPool));
    const roleId = idOf(given.stack.pools.authTriggers.role!);
    const statements = ofType('AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement)
      .filter((s) => ![s.Action].flat().every((a) => a.startsWith('xray:')));
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: 'dynamodb:DeleteItem',
        Resource: { 'Fn::GetAtt': [idOf(given.stack.table.table), 'Arn'] },
      },
    ]);
  });

  it('keeps a refresh token exactly as long as the session cookie: learners 30 days, admins 1 (issue 29)', () => {
    expect(SESSION_DAYS).toEqual({ learner: 30, admin: 1 });
    for (const which of ['learner', 'admin'] as const) {
      const client = pool(given.stack.pools[which].client) as {
        RefreshTokenValidity: number;
        TokenValidityUnits: { RefreshToken: string };
      };
      expect(client.TokenValidityUnits.RefreshToken, which).toBe('minutes');
      expect(client.RefreshTokenValidity, which).toBe(SESSION_DAYS[which] * 24 * 60);
    }
  });

  it('e-mails password reset and confirmation codes in the product’s words (issue 29)', () => {
    for (const which of ['learner', 'admin'] as const) {
      const template = pool(given.stack.pools[which].userPool).VerificationMessageTemplate as {
        DefaultEmailOption: string;
        EmailSubject: string;
        EmailMessage: string;
      };
      expect(template.DefaultEmailOption, which).toBe('CONFIRM_WITH_CODE');
      expect(template.EmailSubject, which).toBe('Your GIA School code');
      expect(template.EmailMessage, which).toMatch(/^Your GIA School code is \{####\}\./);
      expect(template.EmailMessage, which).toMatch(/new password/);
    }
  });

  it('offers no OAuth flow, scope or callback URL on either app client (finding 19)', () => {
    for (const which of ['learner', 'admin'] as const) {
      const client = pool(given.stack.pools[which].client);
      expect(client.AllowedOAuthFlowsUserPoolClient, which).toBe(false);
      for (const key of ['AllowedOAuthFlows', 'AllowedOAuthScopes', 'CallbackURLs', 'LogoutURLs'])
        expect(client[key], `${which} ${key}`).toBeUndefined();
    }
  });

  it('lets users write only their name (learners) and a verified e-mail with their own token (finding 19)', () => {
    expect(pool(given.stack.pools.learner.client).WriteAttributes).toEqual(['email', 'name']);
    expect(pool(given.stack.pools.admin.client).WriteAttributes).toEqual(['email']);
    for (const which of ['learner', 'admin'] as const) {
      // The old address stays in use until the new one is verified.
      expect(pool(given.stack.pools[which].userPool).UserAttributeUpdateSettings, which).toEqual({
        AttributesRequireVerificationBeforeUpdate: ['email'],
      });
    }
  });

  it('issues admin access tokens for at most 15 minutes and learner ones for an hour (finding 1)', () => {
    const minutes = (which: 'learner' | 'admin') => {
      const client = pool(given.stack.pools[which].client) as {
        AccessTokenValidity: number;
        TokenValidityUnits: { AccessToken: string };
      };
      expect(client.TokenValidityUnits.AccessToken).toBe('minutes');
      return client.AccessTokenValidity;
    };
    expect(minutes('admin')).toBeLessThanOrEqual(15);
    expect(minutes('learner')).toBe(60);
  });
});
