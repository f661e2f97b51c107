import * as crypto from 'node:crypto';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { BASES, ROUTES } from '@gia/shared';
import { STAGE_THROTTLE } from '../src/limits.ts';
import { ORIGIN_CHECK_CODE, ORIGIN_HEADER } from '../src/constructs/origin-check.ts';
import {
  deployedGroups,
  deployedRoutes,
  functionOf,
  idOf,
  ofType,
  givenStacks,
  type Resource,
} from './template.ts';

const given = givenStacks();

describe('the HTTP API', () => {
  it('has every deployed route of the shared table, and no local-only route', () => {
    const keys = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey);
    expect(keys.sort()).toEqual(
      [...deployedRoutes.map((r) => `${r.method} ${r.path}`), '$default'].sort(),
    );
    expect(ROUTES.filter((r) => r.localOnly).length).toBeGreaterThan(0);
  });

  it('never deploys the local stack’s own routes: the test gateway, the outbox (issue 29) and the clock (issue 31)', () => {
    const local = ROUTES.filter((r) => r.localOnly);
    expect(local.map((r) => r.name).sort()).toEqual([
      'local.clock',
      'local.outbox',
      'local.razorpay.pay',
    ]);
    for (const r of local) expect(r.group, r.name).toBe('local');
    const keys = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => String(r.Properties.RouteKey));
    expect(keys.filter((k) => k.includes(BASES.local))).toEqual([]);
    for (const r of local) expect(keys, r.name).not.toContain(`${r.method} ${r.path}`);
    // No function for the `local` group either.
    expect(Object.keys(given.stack.api.groups)).not.toContain('local');
    const descriptions = ofType('AWS::Lambda::Function').map(([, f]) => f.Properties.Description);
    expect(descriptions.filter((d) => String(d).includes('local'))).toEqual([]);
  });

  it('sends each route to its own group’s function, and unknown paths to the health function', () => {
    const integrationTarget = new Map(
      ofType('AWS::ApiGatewayV2::Integration').map(([id, i]) => [
        id,
        JSON.stringify(i.Properties.IntegrationUri),
      ]),
    );
    const routes = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties);
    const targetOf = (key: string) => {
      const route = routes.find((r) => r.RouteKey === key)!;
      const ref = JSON.stringify(route.Target).match(/"Ref":"([^"]+)"/)![1]!;
      return integrationTarget.get(ref);
    };
    for (const r of [...deployedRoutes, { method: '', path: '$default', group: 'health' }]) {
      const key = r.method ? `${r.method} ${r.path}` : r.path;
      expect(targetOf(key), key).toBe(
        JSON.stringify({ 'Fn::GetAtt': [idOf(functionOf(r.group)), 'Arn'] }),
      );
    }
  });

  it('takes on every route only requests that came through CloudFront, and has no Cognito authorizer (finding 19)', () => {
    // Public routes take no token; learner-or-admin routes take either pool's, which one HTTP API
    // JWT authorizer (one issuer) cannot express: the functions verify Cognito tokens themselves.
    // The one authorizer checks the secret header CloudFront adds, so execute-api is no way around.
    const authorizers = ofType('AWS::ApiGatewayV2::Authorizer');
    expect(authorizers).toHaveLength(1);
    const [[authorizerId, authorizer]] = authorizers as [[string, Resource]];
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      IdentitySource: [`$request.header.${ORIGIN_HEADER}`],
      EnableSimpleResponses: true,
      AuthorizerResultTtlInSeconds: 3600,
    });
    expect(JSON.stringify(authorizer.Properties.AuthorizerUri)).toContain(
      idOf(given.stack.api.originCheck.fn),
    );
    const routes = ofType('AWS::ApiGatewayV2::Route');
    expect(routes).toHaveLength(deployedRoutes.length + 1);
    for (const [, r] of routes) {
      expect(r.Properties.AuthorizationType, String(r.Properties.RouteKey)).toBe('CUSTOM');
      expect(r.Properties.AuthorizerId).toEqual({ Ref: authorizerId });
    }
  });

  it('lets the authorizer through only with CloudFront’s header value, compared in full', async () => {
    const secretValue = 'cloudfront-secret-value';
    const sent: unknown[] = [];
    const fakeSdk = {
      SecretsManagerClient: class {
        send(command: { input: unknown }) {
          sent.push(command.input);
          return Promise.resolve({ SecretString: secretValue });
        }
      },
      GetSecretValueCommand: class {
        constructor(readonly input: unknown) {}
      },
    };
    const module = { exports: {} as { handler?: (e: unknown) => Promise<unknown> } };
    const load = new Function('exports', 'require', 'process', ORIGIN_CHECK_CODE);
    load(module.exports, (id: string) => (id === 'node:crypto' ? crypto : fakeSdk), {
      env: { ORIGIN_SECRET_ARN: 'arn:secret' },
    });
    const check = (headers?: Record<string, string>) => module.exports.handler!({ headers });
    expect(await check({ [ORIGIN_HEADER]: secretValue })).toEqual({ isAuthorized: true });
    expect(await check({ [ORIGIN_HEADER]: 'wrong' })).toEqual({ isAuthorized: false });
    expect(await check({ [ORIGIN_HEADER]: `${secretValue}x` })).toEqual({ isAuthorized: false });
    expect(await check({ [ORIGIN_HEADER]: '' })).toEqual({ isAuthorized: false });
    expect(await check({})).toEqual({ isAuthorized: false });
    expect(await check()).toEqual({ isAuthorized: false });
    // The secret is read once per cold start, by the ARN the function is given.
    expect(sent).toEqual([{ SecretId: 'arn:secret' }]);
    const fn = given.resources[idOf(given.stack.api.originCheck.fn)]!.Properties as {
      Code: { ZipFile: string };
      Runtime: string;
      Environment: { Variables: Record<string, unknown> };
    };
    expect(fn.Code.ZipFile).toBe(ORIGIN_CHECK_CODE);
    expect(fn.Runtime).toBe('nodejs24.x');
    expect(fn.Environment.Variables.ORIGIN_SECRET_ARN).toEqual({
      Ref: idOf(given.stack.api.originCheck.secret),
    });
  });

  it('lets the API invoke each group’s function through one permission, not one per route', () => {
    const fromApi = ofType('AWS::Lambda::Permission').filter(
      ([, p]) => p.Properties.Principal === 'apigateway.amazonaws.com',
    );
    // One per group, and one for the origin check authorizer.
    expect(fromApi).toHaveLength(deployedGroups.length + 1);
  });

  it('throttles the stage and keeps access logs', () => {
    given.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: Match.anyValue() }),
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });

  it('throttles the expensive routes below the stage’s rate (finding 10)', () => {
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage') as [[string, Resource]];
    const settings = stage.Properties.RouteSettings as Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    >;
    const key = (name: string) => {
      const r = ROUTES.find((x) => x.name === name)!;
      return `${r.method} ${r.path}`;
    };
    const throttled = [
      'learner.login.request',
      'admin.login.request',
      'learner.login.signup',
      'payments.process',
      'uploads.presign',
      'uploads.file',
      'ai.ask',
    ];
    expect(Object.keys(settings).sort()).toEqual(throttled.map(key).sort());
    const routeKeys = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey);
    for (const [k, v] of Object.entries(settings)) {
      expect(routeKeys, k).toContain(k);
      expect(v.ThrottlingRateLimit, k).toBeLessThan(STAGE_THROTTLE.rateLimit);
      expect(v.ThrottlingBurstLimit, k).toBeLessThan(STAGE_THROTTLE.burstLimit);
    }
    expect(settings[key('learner.login.signup')]!.ThrottlingRateLimit).toBeLessThanOrEqual(5);
    expect(settings[key('ai.ask')]!.ThrottlingRateLimit).toBeLessThanOrEqual(10);
  });
});
