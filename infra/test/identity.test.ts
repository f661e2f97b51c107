import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { idOf, givenStacks } from './template.ts';

const given = givenStacks();

describe('identity', () => {
  const pool = (c: IConstruct) => given.resources[idOf(c)]!.Properties;

  it('has a learner pool with sign-up and an admin pool without it, e-mail as user name, the contract’s password rule', () => {
    for (const which of ['learner', 'admin'] as const) {
      expect(pool(given.stack.pools[which].userPool)).toMatchObject({
        UsernameAttributes: ['email'],
        Policies: { PasswordPolicy: { MinimumLength: 8, RequireNumbers: true } },
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: which === 'admin' },
      });
      expect(pool(given.stack.pools[which].client)).toMatchObject({
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        GenerateSecret: false,
        EnableTokenRevocation: true,
      });
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
