import * as crypto from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LEARNER_PENDING_PREFIX,
  ROUTES,
  ROUTE_GROUPS,
  UPLOAD_KINDS,
  type RouteDef,
} from '@gia/shared';
import { TABLE_DEFINITION } from '@gia/functions';
import { groupVariables, loadConfig } from '../src/config.ts';
import type { GiaStack } from '../src/gia-stack.ts';
import { GiaEdgeStack } from '../src/edge-stack.ts';
import { createStacks } from '../src/stacks.ts';
import {
  API_REQUESTS_PER_IP,
  RATE_WINDOW_SECONDS,
  ROUTE_LIMITS,
  STAGE_THROTTLE,
} from '../src/limits.ts';
import { RATE_LIMITED_BODY } from '../src/constructs/web-firewall.ts';
import { ORIGIN_CHECK_CODE, ORIGIN_HEADER } from '../src/constructs/origin-check.ts';
import { DataTable } from '../src/constructs/table.ts';
import { BUNDLE_TARGET, FUNCTION_RUNTIME } from '../src/constructs/base-function.ts';

type Resource = {
  Type: string;
  Properties: Record<string, unknown>;
  DeletionPolicy?: string;
};
type Statement = {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Principal?: unknown;
};

let app: App;
let stack: GiaStack;
let template: Template;
let edge: GiaEdgeStack;
let edgeTemplate: Template;
let resources: Record<string, Resource>;

/**
 * The time a test that synthesizes a stack or runs cdk-nag may take on a loaded CI machine (two
 * cores shared by many jobs); the default 5 s is for tests that only read the template.
 */
const HEAVY = 120_000;

/** The stack is synthesized once (functions really bundled by esbuild) and shared by every test. */
beforeAll(() => {
  const webDist = mkdtempSync(join(tmpdir(), 'gia-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  app = new App();
  const config = loadConfig({
    GIA_STAGE: 'prod',
    GIA_ALARM_EMAIL: 'ops@gia.example',
    GIA_AI_DAILY_BUDGET: '500',
    GIA_OPENAI_TIMEOUT_MS: '8000',
    GIA_SIGNUP_MAX_PER_CLIENT: '5',
    CDK_DEFAULT_ACCOUNT: '123456789012',
  });
  ({ main: stack, edge } = createStacks(app, config, { webDist }));
  template = Template.fromStack(stack);
  edgeTemplate = Template.fromStack(edge);
  resources = template.toJSON().Resources as Record<string, Resource>;
}, 600_000);

const idOf = (c: IConstruct) => stack.getLogicalId(c.node.defaultChild as CfnElement);
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const deployedRoutes = ROUTES.filter((r) => !r.localOnly);
const deployedGroups = ROUTE_GROUPS.filter((g) => g !== 'local');

/** The function of a route group, and the reconciliation job. */
const functionOf = (group: string) =>
  group === 'reconcile'
    ? stack.api.reconcile
    : stack.api.groups[group as keyof typeof stack.api.groups].fn;

/** Every Allow statement of the policies attached to a function's role. */
function statementsOf(group: string): Statement[] {
  const roleId = idOf(functionOf(group).role!);
  return ofType('AWS::IAM::Policy')
    .filter(([, p]) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
    .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}

/**
 * What a function may do, in words: table access, media key prefixes per S3 action, Cognito
 * actions per pool, secrets. Tracing (X-Ray) is left out; anything unrecognised fails the test.
 */
function accessOf(group: string) {
  const tableArn = { 'Fn::GetAtt': [idOf(stack.table.table), 'Arn'] };
  const bucketArn = { 'Fn::GetAtt': [idOf(stack.media.bucket), 'Arn'] };
  const pools = {
    learner: { 'Fn::GetAtt': [idOf(stack.pools.learner.userPool), 'Arn'] },
    admin: { 'Fn::GetAtt': [idOf(stack.pools.admin.userPool), 'Arn'] },
  };
  const secrets = {
    razorpay: { Ref: idOf(stack.secrets.razorpay) },
    openai: { Ref: idOf(stack.secrets.openai) },
  };
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const access = {
    table: [] as string[],
    indexes: [] as string[],
    media: {} as Record<string, string[]>,
    bucket: [] as string[],
    cognito: {} as Record<string, string[]>,
    secrets: [] as string[],
  };
  for (const s of statementsOf(group)) {
    const actions = [s.Action].flat();
    if (actions.every((a) => a.startsWith('xray:'))) {
      expect(s.Resource).toBe('*');
      continue;
    }
    for (const r of [s.Resource].flat()) {
      const join = (r as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join']?.[1];
      if (same(r, tableArn)) access.table.push(...actions);
      else if (join && same(join[0], tableArn) && join[1] === '/index/*')
        access.indexes.push(...actions);
      else if (same(r, bucketArn)) access.bucket.push(...actions);
      else if (join && same(join[0], bucketArn)) {
        for (const a of actions) (access.media[a] ??= []).push(String(join[1]).slice(1));
      } else if (same(r, pools.learner)) (access.cognito.learner ??= []).push(...actions);
      else if (same(r, pools.admin)) (access.cognito.admin ??= []).push(...actions);
      else if (same(r, secrets.razorpay) || same(r, secrets.openai)) {
        expect(actions.sort()).toEqual([
          'secretsmanager:DescribeSecret',
          'secretsmanager:GetSecretValue',
        ]);
        access.secrets.push(same(r, secrets.razorpay) ? 'razorpay' : 'openai');
      } else throw new Error(`${group}: unexpected grant ${JSON.stringify(s)}`);
    }
  }
  return {
    ...access,
    table: [...new Set(access.table)].map((a) => a.replace('dynamodb:', '')).sort(),
    indexes: [...new Set(access.indexes)],
  };
}

const READ = ['BatchGetItem', 'GetItem', 'Query'];
const READ_WRITE = [
  'BatchGetItem',
  'BatchWriteItem',
  'ConditionCheckItem',
  'DeleteItem',
  'GetItem',
  'PutItem',
  'Query',
  'UpdateItem',
];
const INDEXES = ['dynamodb:Query'];
const NONE = { table: [], indexes: [], media: {}, bucket: [], cognito: {}, secrets: [] };

describe('the HTTP API', () => {
  it('has every deployed route of the shared table, and no local-only route', () => {
    const keys = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey);
    expect(keys.sort()).toEqual(
      [...deployedRoutes.map((r) => `${r.method} ${r.path}`), '$default'].sort(),
    );
    expect(ROUTES.filter((r) => r.localOnly).length).toBeGreaterThan(0);
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
      idOf(stack.api.originCheck.fn),
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
    const fn = resources[idOf(stack.api.originCheck.fn)]!.Properties as {
      Code: { ZipFile: string };
      Runtime: string;
      Environment: { Variables: Record<string, unknown> };
    };
    expect(fn.Code.ZipFile).toBe(ORIGIN_CHECK_CODE);
    expect(fn.Runtime).toBe('nodejs24.x');
    expect(fn.Environment.Variables.ORIGIN_SECRET_ARN).toEqual({
      Ref: idOf(stack.api.originCheck.secret),
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
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
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

describe('the functions', () => {
  const lambdas = () =>
    [...deployedGroups, 'reconcile'].map((g) => [g, resources[idOf(functionOf(g))]!] as const);

  it('run one per deployed route group plus the reconciliation, on Node 24, arm64, traced, with bounded logs', () => {
    expect(lambdas()).toHaveLength(deployedGroups.length + 1);
    for (const [group, fn] of lambdas()) {
      expect(fn.Properties, group).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        TracingConfig: { Mode: 'Active' },
        Handler: 'index.handler',
      });
      const logGroupId = (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup
        .Ref;
      expect(resources[logGroupId]!.Properties.RetentionInDays).toBe(90);
    }
  });

  it('are bundled by esbuild for the Node version they run on', () => {
    expect(FUNCTION_RUNTIME.name).toBe('nodejs24.x');
    expect(BUNDLE_TARGET).toBe(`node${FUNCTION_RUNTIME.name.match(/\d+/)![0]}`);
  });

  it('get the table, bucket and pools, and a secret ARN only where a provider is used', () => {
    for (const [group, fn] of lambdas()) {
      const vars = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(vars), group).toEqual(
        expect.arrayContaining([
          'TABLE_NAME',
          'MEDIA_BUCKET',
          'LEARNER_POOL_ID',
          'LEARNER_CLIENT_ID',
          'ADMIN_POOL_ID',
          'ADMIN_CLIENT_ID',
          'LOG_LEVEL',
        ]),
      );
      expect(vars.COGNITO_LOCAL_ISSUER_BASE, group).toBeUndefined();
      expect('RAZORPAY_SECRET_ARN' in vars, group).toBe(['payments', 'reconcile'].includes(group));
      expect('OPENAI_SECRET_ARN' in vars, group).toBe(group === 'ai');
    }
  });

  it('get the configured AI budget, OpenAI timeout and sign-up limit where they are used', () => {
    const configured: Record<string, Record<string, string>> = {
      ai: { AI_DAILY_BUDGET: '500', OPENAI_TIMEOUT_MS: '8000' },
      auth: { SIGNUP_MAX_PER_CLIENT: '5' },
    };
    const names = ['AI_DAILY_BUDGET', 'OPENAI_TIMEOUT_MS', 'SIGNUP_MAX_PER_CLIENT'];
    for (const [group, fn] of lambdas()) {
      const vars = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      const set = Object.fromEntries(Object.entries(vars).filter(([k]) => names.includes(k)));
      expect(set, group).toEqual(configured[group] ?? {});
    }
  });

  it('may touch only what their group needs', () => {
    const privateRead = { 's3:GetObject': ['private/*'] };
    const expected: Record<string, unknown> = {
      // Readiness and the session check: GetItem only.
      health: { ...NONE, table: ['GetItem'] },
      auth: {
        ...NONE,
        table: READ_WRITE,
        indexes: INDEXES,
        cognito: {
          learner: [
            'cognito-idp:AdminConfirmSignUp',
            'cognito-idp:AdminAddUserToGroup',
            'cognito-idp:AdminDeleteUser',
          ],
        },
      },
      admins: {
        ...NONE,
        table: READ_WRITE,
        indexes: INDEXES,
        cognito: {
          admin: [
            'cognito-idp:AdminCreateUser',
            'cognito-idp:AdminSetUserPassword',
            'cognito-idp:AdminAddUserToGroup',
            'cognito-idp:AdminDeleteUser',
            'cognito-idp:AdminUserGlobalSignOut',
          ],
        },
      },
      catalogue: { ...NONE, table: READ, indexes: INDEXES, media: privateRead },
      'catalogue-admin': { ...NONE, table: READ_WRITE, indexes: INDEXES, media: privateRead },
      // The session check (GetItem) and a learner's daily counter (UpdateItem, finding 16); a
      // learner's presigned image waits under private/tmp/.
      uploads: {
        ...NONE,
        table: ['GetItem', 'UpdateItem'],
        media: {
          's3:PutObject': [
            'public/images/*',
            'private/notes/*',
            'private/videos/*',
            'private/tmp/*',
          ],
        },
      },
      // Attaching a pending image: read its first bytes, copy it to public/images/, delete it; a
      // missing one must answer NoSuchKey (400), which S3 says only to a role that may list.
      profile: {
        ...NONE,
        table: READ_WRITE,
        indexes: INDEXES,
        media: {
          's3:GetObject': ['private/tmp/*'],
          's3:PutObject': ['public/images/*'],
          's3:DeleteObject': ['private/tmp/*'],
        },
        bucket: ['s3:ListBucket'],
        cognito: { learner: ['cognito-idp:AdminUpdateUserAttributes'] },
      },
      cart: { ...NONE, table: READ_WRITE, indexes: INDEXES },
      purchases: { ...NONE, table: READ, indexes: INDEXES, media: privateRead },
      favourites: { ...NONE, table: READ_WRITE, indexes: INDEXES },
      learning: { ...NONE, table: READ_WRITE, indexes: INDEXES },
      'learning-admin': { ...NONE, table: READ_WRITE, indexes: INDEXES },
      payments: { ...NONE, table: READ_WRITE, indexes: INDEXES, secrets: ['razorpay'] },
      ai: {
        ...NONE,
        table: READ_WRITE,
        indexes: INDEXES,
        media: { 's3:GetObject': [`${UPLOAD_KINDS.notes.prefix}*`] },
        secrets: ['openai'],
      },
      reconcile: { ...NONE, table: READ_WRITE, indexes: INDEXES, secrets: ['razorpay'] },
    };
    expect(Object.keys(expected).sort()).toEqual([...deployedGroups, 'reconcile'].sort());
    for (const group of Object.keys(expected))
      expect(accessOf(group), group).toEqual(expected[group]);
  });

  it('never scan the table and never hold a wildcard action', () => {
    for (const [, p] of ofType('AWS::IAM::Policy')) {
      for (const s of (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement) {
        expect([s.Action].flat()).not.toContain('dynamodb:Scan');
        expect([s.Action].flat()).not.toContain('*');
      }
    }
  });

  it('reconcile unpaid orders every 5 minutes', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [idOf(stack.api.reconcile), 'Arn'] } })],
    });
  });
});

describe('the data', () => {
  it('builds the table from the data layer’s keys and indexes, on demand, with PITR and TTL', () => {
    const [[, table]] = ofType('AWS::DynamoDB::GlobalTable') as [[string, Resource]];
    const p = table.Properties as {
      KeySchema: unknown;
      AttributeDefinitions: { AttributeName: string; AttributeType: string }[];
      GlobalSecondaryIndexes: { IndexName: string; KeySchema: unknown }[];
      TimeToLiveSpecification: unknown;
      BillingMode: string;
      Replicas: { PointInTimeRecoverySpecification: unknown; DeletionProtectionEnabled: boolean }[];
    };
    const keys = (pk: string, sk: string) => [
      { AttributeName: pk, KeyType: 'HASH' },
      { AttributeName: sk, KeyType: 'RANGE' },
    ];
    expect(p.KeySchema).toEqual(keys(TABLE_DEFINITION.partitionKey, TABLE_DEFINITION.sortKey));
    expect(p.GlobalSecondaryIndexes.map((g) => [g.IndexName, g.KeySchema])).toEqual(
      TABLE_DEFINITION.globalSecondaryIndexes.map((g) => [
        g.indexName,
        keys(g.partitionKey, g.sortKey),
      ]),
    );
    expect(p.AttributeDefinitions.every((a) => a.AttributeType === 'S')).toBe(true);
    expect(p.TimeToLiveSpecification).toEqual({
      AttributeName: TABLE_DEFINITION.ttlAttribute,
      Enabled: true,
    });
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.Replicas[0]).toMatchObject({
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
    });
    expect(table.DeletionPolicy).toBe('Retain');
  });

  // Synthesizes a stack of its own.
  it('lets a dev table go with its stack', { timeout: HEAVY }, () => {
    const dev = new Stack(new App(), 'Dev');
    new DataTable(dev, 'Data', { prod: false });
    const t = Template.fromStack(dev);
    t.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Delete' });
    t.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [Match.objectLike({ DeletionProtectionEnabled: false })],
    });
  });

  it('keeps every bucket private: public access blocked, owner-enforced, TLS only', () => {
    const buckets = ofType('AWS::S3::Bucket');
    expect(buckets).toHaveLength(2); // media, site
    for (const [, b] of buckets) {
      expect(b.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(b.Properties.OwnershipControls).toEqual({
        Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }],
      });
    }
    // No bucket policy allows anyone: only CloudFront (through OAC) and the stack's own roles.
    for (const [, p] of ofType('AWS::S3::BucketPolicy')) {
      for (const s of (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement) {
        if (s.Effect === 'Allow') expect(JSON.stringify(s.Principal)).not.toMatch(/"\*"|^"\*"$/);
      }
    }
  });

  it('takes presigned POST uploads from the site only and drops incomplete ones (finding 19)', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
        ]),
      },
    });
    // No bucket allows any origin: the media bucket's rules are put once the site exists.
    for (const [, b] of ofType('AWS::S3::Bucket'))
      expect(b.Properties.CorsConfiguration).toBeUndefined();
    const [[, cors]] = ofType('Custom::AWS') as [[string, Resource]];
    const create = JSON.stringify(cors.Properties.Create);
    const distributionId = idOf(stack.web.distribution);
    // {"service":"S3","action":"putBucketCors",…"AllowedOrigins":["https://<distribution domain>"]…}
    expect(create).toContain('putBucketCors');
    expect(create).toContain(idOf(stack.media.bucket));
    expect(create).toMatch(
      new RegExp(`AllowedOrigins.{0,40}https://.{0,80}${distributionId}.{0,40}DomainName`),
    );
    expect(create).not.toMatch(/AllowedOrigins[^\]]*\*/);
    expect(JSON.stringify(cors.Properties.Update)).toBe(create);
  });

  it('removes a learner’s image left unattached under private/tmp/ after a day (finding 16)', () => {
    const media = resources[idOf(stack.media.bucket)]!.Properties as {
      LifecycleConfiguration: { Rules: Record<string, unknown>[] };
    };
    const expiring = media.LifecycleConfiguration.Rules.filter((r) => 'ExpirationInDays' in r);
    // One rule, on the pending folder only: every other key of the bucket is kept.
    expect(expiring).toEqual([
      {
        Id: 'ExpireUnattachedUploads',
        Prefix: LEARNER_PENDING_PREFIX,
        ExpirationInDays: 1,
        Status: 'Enabled',
      },
    ]);
    expect(LEARNER_PENDING_PREFIX).toBe('private/tmp/');
  });
});

describe('identity', () => {
  const pool = (c: IConstruct) => resources[idOf(c)]!.Properties;

  it('has a learner pool with sign-up and an admin pool without it, e-mail as user name, the contract’s password rule', () => {
    for (const which of ['learner', 'admin'] as const) {
      expect(pool(stack.pools[which].userPool)).toMatchObject({
        UsernameAttributes: ['email'],
        Policies: { PasswordPolicy: { MinimumLength: 8, RequireNumbers: true } },
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: which === 'admin' },
      });
      expect(pool(stack.pools[which].client)).toMatchObject({
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        GenerateSecret: false,
        EnableTokenRevocation: true,
      });
    }
  });

  it('offers no OAuth flow, scope or callback URL on either app client (finding 19)', () => {
    for (const which of ['learner', 'admin'] as const) {
      const client = pool(stack.pools[which].client);
      expect(client.AllowedOAuthFlowsUserPoolClient, which).toBe(false);
      for (const key of ['AllowedOAuthFlows', 'AllowedOAuthScopes', 'CallbackURLs', 'LogoutURLs'])
        expect(client[key], `${which} ${key}`).toBeUndefined();
    }
  });

  it('lets users write only their name (learners) and a verified e-mail with their own token (finding 19)', () => {
    expect(pool(stack.pools.learner.client).WriteAttributes).toEqual(['email', 'name']);
    expect(pool(stack.pools.admin.client).WriteAttributes).toEqual(['email']);
    for (const which of ['learner', 'admin'] as const) {
      // The old address stays in use until the new one is verified.
      expect(pool(stack.pools[which].userPool).UserAttributeUpdateSettings, which).toEqual({
        AttributesRequireVerificationBeforeUpdate: ['email'],
      });
    }
  });

  it('issues admin access tokens for at most 15 minutes and learner ones for an hour (finding 1)', () => {
    const minutes = (which: 'learner' | 'admin') => {
      const client = pool(stack.pools[which].client) as {
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

describe('the site', () => {
  const config = () =>
    ofType('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig as {
      Origins: { Id: string; OriginAccessControlId?: unknown; S3OriginConfig?: unknown }[];
      DefaultCacheBehavior: Record<string, unknown>;
      CacheBehaviors: Record<string, unknown>[];
      CustomErrorResponses?: unknown;
    };
  const behavior = (path: string) => config().CacheBehaviors.find((b) => b.PathPattern === path)!;

  it('reads both buckets through origin access control', () => {
    const s3Origins = config().Origins.filter((o) => o.S3OriginConfig);
    expect(s3Origins).toHaveLength(2);
    for (const o of s3Origins) {
      expect(o.OriginAccessControlId).toBeDefined();
      expect(o.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    }
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
  });

  it('sends /api/* to the HTTP API with every method, no caching and the Authorization header', () => {
    expect(behavior('/api/*')).toMatchObject({
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader
    });
  });

  it('sends the API the secret origin header, resolved from Secrets Manager at deploy (finding 19)', () => {
    const apiOriginId = behavior('/api/*').TargetOriginId;
    const origin = config().Origins.find((o) => o.Id === apiOriginId) as unknown as {
      OriginCustomHeaders: { HeaderName: string; HeaderValue: unknown }[];
    };
    expect(origin.OriginCustomHeaders).toHaveLength(1);
    const [header] = origin.OriginCustomHeaders;
    expect(header!.HeaderName).toBe(ORIGIN_HEADER);
    const value = JSON.stringify(header!.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toContain(idOf(stack.api.originCheck.secret));
  });

  it('caches public media and has no path to private media', () => {
    expect(behavior('/media/public/*')).toMatchObject({
      CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6', // Managed-CachingOptimized
    });
    expect(
      config()
        .CacheBehaviors.map((b) => b.PathPattern)
        .sort(),
    ).toEqual(['/api/*', '/media/public/*']);
  });

  it('answers client routes with index.html without hiding the API’s own 403 and 404', () => {
    expect(config().CustomErrorResponses).toBeUndefined();
    const code = (fnId: string) => {
      const fn = resources[fnId]!.Properties as { FunctionCode: string };
      return new Function(`${fn.FunctionCode}; return handler;`)() as (e: unknown) => {
        uri: string;
      };
    };
    const fnIdOf = (b: Record<string, unknown>) =>
      (b.FunctionAssociations as { FunctionARN: { 'Fn::GetAtt': string[] } }[])[0]!.FunctionARN[
        'Fn::GetAtt'
      ][0]!;
    const spa = code(fnIdOf(config().DefaultCacheBehavior));
    const at = (uri: string) => ({ request: { uri } });
    expect(spa(at('/AdminLoginNew')).uri).toBe('/index.html');
    expect(spa(at('/class/01J/subjects')).uri).toBe('/index.html');
    expect(spa(at('/assets/index-abc123.js')).uri).toBe('/assets/index-abc123.js');
    const media = code(fnIdOf(behavior('/media/public/*')));
    expect(media(at('/media/public/images/x.png')).uri).toBe('/public/images/x.png');
  });

  it('sends HSTS, a CSP that allows Razorpay Checkout, frame and content-type options', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 31536000 }),
          ContentSecurityPolicy: Match.objectLike({ Override: true }),
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ContentTypeOptions: { Override: true },
        }),
      }),
    });
    for (const b of [config().DefaultCacheBehavior, ...config().CacheBehaviors])
      expect(b.ResponseHeadersPolicyId).toBeDefined();
  });

  it('lets pages reach storage on the media bucket’s host only, and load images from the site (finding 19)', () => {
    const [[, policy]] = ofType('AWS::CloudFront::ResponseHeadersPolicy') as [[string, Resource]];
    const csp = JSON.stringify(
      (
        policy.Properties.ResponseHeadersPolicyConfig as {
          SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } };
        }
      ).SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy,
    );
    expect(csp).toMatch(/script-src [^;]*https:\/\/checkout\.razorpay\.com/);
    expect(csp).not.toContain('*.amazonaws.com');
    expect(csp).toMatch(/img-src 'self' data:;/);
    const host = JSON.stringify({ 'Fn::GetAtt': [idOf(stack.media.bucket), 'RegionalDomainName'] });
    for (const directive of ['connect-src', 'media-src'])
      expect(csp, directive).toMatch(
        new RegExp(`${directive} 'self' https://",${host.replace(/[[\]{}]/g, '\\$&')}`),
      );
  });

  it('deploys the built SPA and invalidates the distribution', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 2);
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DistributionPaths: ['/*'],
    });
  });
});

describe('the web application firewall (finding 10)', () => {
  type Statement = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  type Rule = {
    Name: string;
    Priority: number;
    Statement: Statement;
    Action?: Statement;
    OverrideAction?: Statement;
    VisibilityConfig: { CloudWatchMetricsEnabled: boolean; SampledRequestsEnabled: boolean };
  };
  const acl = () => {
    const acls = Object.values(edgeTemplate.toJSON().Resources as Record<string, Resource>).filter(
      (r) => r.Type === 'AWS::WAFv2::WebACL',
    );
    expect(acls).toHaveLength(1);
    return acls[0]!.Properties as {
      Scope: string;
      DefaultAction: unknown;
      Rules: Rule[];
      VisibilityConfig: { CloudWatchMetricsEnabled: boolean };
      CustomResponseBodies: Record<string, { ContentType: string; Content: string }>;
    };
  };
  /** The path prefixes a rate rule's scope-down statement matches (after lower-casing). */
  const prefixesOf = (rule: Rule): string[] => {
    const scope = rule.Statement.RateBasedStatement.ScopeDownStatement;
    const statements = scope.OrStatement ? scope.OrStatement.Statements : [scope];
    return statements.map((st: Statement) => {
      const m = st.ByteMatchStatement;
      expect(m.FieldToMatch).toEqual({ UriPath: {} });
      expect(m.PositionalConstraint).toBe('STARTS_WITH');
      expect(m.TextTransformations.map((t: { Type: string }) => t.Type)).toEqual([
        'URL_DECODE',
        'NORMALIZE_PATH',
        'LOWERCASE',
      ]);
      return m.SearchString as string;
    });
  };
  const rateRules = () => acl().Rules.filter((r) => r.Statement.RateBasedStatement);
  const lower = (r: RouteDef) => r.path.toLowerCase();
  const routePath = (name: string) => lower(ROUTES.find((r) => r.name === name)!);

  it('lives in us-east-1 with CloudFront scope, and the distribution uses it', () => {
    expect(edge.region).toBe('us-east-1');
    expect(stack.region).toBe('ap-south-1');
    expect(acl().Scope).toBe('CLOUDFRONT');
    expect(acl().DefaultAction).toEqual({ Allow: {} });
    const [[, dist]] = ofType('AWS::CloudFront::Distribution') as [[string, Resource]];
    const webAclId = (dist.Properties.DistributionConfig as { WebACLId: unknown }).WebACLId;
    // A cross-region reference: CDK's reader resolves the edge stack's ARN in this region.
    expect(JSON.stringify(webAclId)).toMatch(/ExportsReader.*WebAcl.*Arn/);
    expect(stack.dependencies).toContain(edge);
  });

  // Builds an app of its own.
  it('refuses to put the web ACL anywhere but us-east-1', { timeout: HEAVY }, () => {
    expect(() => new GiaEdgeStack(new App(), 'Edge', { env: { region: 'ap-south-1' } })).toThrow(
      /us-east-1/,
    );
  });

  it('limits every IP on /api/* and more tightly on sign-in, sign-up, checkout, uploads and the AI teacher', () => {
    const byName = Object.fromEntries(rateRules().map((r) => [r.Name, r]));
    expect(prefixesOf(byName['RateLimit-Api']!)).toEqual(['/api/']);
    expect(prefixesOf(byName['RateLimit-SignIn']!).sort()).toEqual(
      [routePath('learner.login.request'), routePath('admin.login.request')].sort(),
    );
    expect(prefixesOf(byName['RateLimit-SignUp']!)).toEqual([routePath('learner.login.signup')]);
    expect(prefixesOf(byName['RateLimit-Checkout']!)).toEqual([routePath('payments.process')]);
    expect(prefixesOf(byName['RateLimit-Uploads']!).sort()).toEqual(
      [routePath('uploads.presign'), routePath('uploads.file')].sort(),
    );
    expect(prefixesOf(byName['RateLimit-AiTeacher']!)).toEqual([routePath('ai.ask')]);
    for (const rule of rateRules()) {
      const rate = rule.Statement.RateBasedStatement;
      expect(rate.AggregateKeyType, rule.Name).toBe('IP');
      expect(rate.EvaluationWindowSec, rule.Name).toBe(RATE_WINDOW_SECONDS);
      if (rule.Name !== 'RateLimit-Api')
        expect(rate.Limit, rule.Name).toBeLessThan(API_REQUESTS_PER_IP);
    }
    expect(byName['RateLimit-Api']!.Statement.RateBasedStatement.Limit).toBe(API_REQUESTS_PER_IP);
    expect(byName['RateLimit-SignUp']!.Statement.RateBasedStatement.Limit).toBe(
      ROUTE_LIMITS.SignUp.perIp,
    );
  });

  it('answers a client over a limit with the contract’s 429 JSON and a Retry-After', () => {
    const bodies = acl().CustomResponseBodies;
    for (const rule of rateRules()) {
      const response = rule.Action!.Block.CustomResponse;
      expect(response.ResponseCode, rule.Name).toBe(429);
      expect(response.ResponseHeaders).toEqual([{ Name: 'Retry-After', Value: '60' }]);
      const body = bodies[response.CustomResponseBodyKey]!;
      expect(body.ContentType).toBe('APPLICATION_JSON');
      expect(JSON.parse(body.Content)).toEqual({
        message: 'Too many requests. Please try again later.',
        code: 'RATE_LIMITED',
      });
    }
    expect(RATE_LIMITED_BODY.code).toBe('RATE_LIMITED');
  });

  it('applies the AWS managed common, known-bad-inputs and IP reputation rule groups, without Bot Control', () => {
    const managed = acl()
      .Rules.filter((r) => r.Statement.ManagedRuleGroupStatement)
      .map((r) => r.Statement.ManagedRuleGroupStatement);
    expect(managed.map((m) => `${m.VendorName}/${m.Name}`).sort()).toEqual([
      'AWS/AWSManagedRulesAmazonIpReputationList',
      'AWS/AWSManagedRulesCommonRuleSet',
      'AWS/AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    const common = managed.find((m) => m.Name === 'AWSManagedRulesCommonRuleSet')!;
    // Bodies over 8 KB are the API's to refuse (64 KiB JSON, 5 MiB uploads), not the WAF's.
    expect(common.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
    for (const r of acl().Rules.filter((x) => x.Statement.ManagedRuleGroupStatement))
      expect(r.OverrideAction, r.Name).toEqual({ None: {} });
  });

  it('evaluates each rule once, in a fixed order, with metrics and sampled requests on', () => {
    const rules = acl().Rules;
    expect(new Set(rules.map((r) => r.Priority)).size).toBe(rules.length);
    expect(new Set(rules.map((r) => r.Name)).size).toBe(rules.length);
    for (const r of rules) {
      expect(r.VisibilityConfig.CloudWatchMetricsEnabled, r.Name).toBe(true);
      expect(r.VisibilityConfig.SampledRequestsEnabled, r.Name).toBe(true);
    }
    expect(acl().VisibilityConfig.CloudWatchMetricsEnabled).toBe(true);
  });

  it(
    'passes cdk-nag without acknowledging CloudFront’s WAF finding (AwsSolutions-CFR2)',
    { timeout: HEAVY },
    () => {
      const acknowledged = JSON.stringify(
        app.node.findAll().flatMap((c) => c.node.metadata.map((m) => m.data)),
      );
      expect(acknowledged).not.toContain('AwsSolutions-CFR2');
      // The product stack is checked below ('has no cdk-nag AwsSolutions finding…').
      const report = new AwsSolutionsChecks(app).validateScope(edge);
      expect(report.violations.map((v) => v.ruleName)).toEqual([]);
    },
  );
});

describe('operations', () => {
  it('alarms on API 5xx and on every function’s errors and throttles, by e-mail', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    expect(alarms.filter((a) => a.MetricName === '5xx')).toHaveLength(1);
    const functions = deployedGroups.length + 2; // the groups, reconciliation, origin check
    expect(alarms.filter((a) => a.MetricName === 'Errors')).toHaveLength(functions);
    expect(alarms.filter((a) => a.MetricName === 'Throttles')).toHaveLength(functions);
    for (const a of alarms) expect(a.AlarmActions).toHaveLength(1);
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@gia.example',
    });
  });

  it('keeps the provider keys and CloudFront’s origin header value in Secrets Manager', () => {
    template.resourceCountIs('AWS::SecretsManager::Secret', 3);
  });

  it('outputs what create-admin and the deploy guide need', () => {
    for (const name of [
      'SiteUrl',
      'WebhookUrl',
      'TableName',
      'MediaBucketName',
      'LearnerPoolId',
      'LearnerClientId',
      'AdminPoolId',
      'AdminClientId',
      'RazorpaySecretArn',
      'OpenAiSecretArn',
    ])
      template.hasOutput(name, Match.anyValue());
  });

  it('has no cdk-nag AwsSolutions finding left unacknowledged', { timeout: HEAVY }, () => {
    const report = new AwsSolutionsChecks(app).validateScope(stack);
    expect(
      report.violations.map(
        (v) => `${v.ruleName} ${JSON.stringify(v.violatingResources.map((x) => x.constructPath))}`,
      ),
    ).toEqual([]);
  });
});

describe('the configuration', () => {
  it('defaults to dev in Mumbai', () => {
    expect(loadConfig({})).toMatchObject({ stage: 'dev', region: 'ap-south-1' });
  });

  it('prefers CDK context to the environment', () => {
    const context = (key: string) => ({ stage: 'prod', region: 'eu-west-1' })[key];
    expect(loadConfig({ GIA_STAGE: 'dev' }, context)).toMatchObject({
      stage: 'prod',
      region: 'eu-west-1',
    });
  });

  it('sets no function setting unless configured, and reads them from context first', () => {
    expect(groupVariables(loadConfig({}))).toEqual({ ai: {}, auth: {} });
    const context = (key: string) => ({ aiDailyBudget: '0', openAiTimeoutMs: '12000' })[key];
    const env = { GIA_AI_DAILY_BUDGET: '300', GIA_SIGNUP_MAX_PER_CLIENT: '1000' };
    expect(groupVariables(loadConfig(env, context))).toEqual({
      ai: { AI_DAILY_BUDGET: '0', OPENAI_TIMEOUT_MS: '12000' },
      auth: { SIGNUP_MAX_PER_CLIENT: '1000' },
    });
  });

  it('refuses function settings the functions would refuse at their first request', () => {
    for (const [variable, value, key] of [
      ['GIA_AI_DAILY_BUDGET', '-1', 'aiDailyBudget'],
      ['GIA_AI_DAILY_BUDGET', '2.5', 'aiDailyBudget'],
      ['GIA_AI_DAILY_BUDGET', 'lots', 'aiDailyBudget'],
      ['GIA_OPENAI_TIMEOUT_MS', '99', 'openAiTimeoutMs'],
      ['GIA_OPENAI_TIMEOUT_MS', '12001', 'openAiTimeoutMs'],
      ['GIA_SIGNUP_MAX_PER_CLIENT', '0', 'signupMaxPerClient'],
    ] as const) {
      expect(() => loadConfig({ [variable]: value }), `${variable}=${value}`).toThrow(key);
    }
  });

  it('refuses an unknown stage, and a domain without its us-east-1 certificate', () => {
    expect(() => loadConfig({ GIA_STAGE: 'staging' })).toThrow(/stage/);
    expect(() => loadConfig({ GIA_DOMAIN_NAME: 'gia.school' })).toThrow(/certificateArn/);
    expect(() =>
      loadConfig({
        GIA_DOMAIN_NAME: 'gia.school',
        GIA_CERTIFICATE_ARN: 'arn:aws:acm:ap-south-1:123456789012:certificate/x',
      }),
    ).toThrow(/us-east-1/);
  });
});
