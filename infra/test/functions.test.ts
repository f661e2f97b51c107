import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { UPLOAD_KINDS } from '@gia/shared';
import { BUNDLE_TARGET, FUNCTION_RUNTIME } from '../src/constructs/base-function.ts';
import {
  deployedGroups,
  functionOf,
  idOf,
  ofType,
  givenStacks,
  type Statement,
} from './template.ts';

const given = givenStacks();

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
  const tableArn = { 'Fn::GetAtt': [idOf(given.stack.table.table), 'Arn'] };
  const bucketArn = { 'Fn::GetAtt': [idOf(given.stack.media.bucket), 'Arn'] };
  const pools = {
    learner: { 'Fn::GetAtt': [idOf(given.stack.pools.learner.userPool), 'Arn'] },
    admin: { 'Fn::GetAtt': [idOf(given.stack.pools.admin.userPool), 'Arn'] },
  };
  const secrets = {
    razorpay: { Ref: idOf(given.stack.secrets.razorpay) },
    openai: { Ref: idOf(given.stack.secrets.openai) },
    hls: { Ref: idOf(given.stack.secrets.hlsSigning) },
  };
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const access = {
    table: [] as string[],
    indexes: [] as string[],
    media: {} as Record<string, string[]>,
    bucket: [] as string[],
    cognito: {} as Record<string, string[]>,
    secrets: [] as string[],
    /** `<action> <identity> from <ses:FromAddress>` per SES identity. */
    mail: [] as string[],
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
      else if (join && String(join[2]).startsWith(':ses:')) {
        const identity = String(join[2]).replace(/^:ses:[^:]+:\d{12}:identity\//, '');
        const from = (s as { Condition?: { StringEquals?: Record<string, string> } }).Condition
          ?.StringEquals?.['ses:FromAddress'];
        for (const a of actions) access.mail.push(`${a} ${identity} from ${from}`);
      } else if (same(r, secrets.razorpay) || same(r, secrets.openai) || same(r, secrets.hls)) {
        expect(actions.sort()).toEqual([
          'secretsmanager:DescribeSecret',
          'secretsmanager:GetSecretValue',
        ]);
        access.secrets.push(
          same(r, secrets.razorpay) ? 'razorpay' : same(r, secrets.openai) ? 'openai' : 'hls',
        );
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
const NONE = {
  table: [],
  indexes: [],
  media: {},
  bucket: [],
  cognito: {},
  secrets: [],
  mail: [],
};

describe('the functions', () => {
  const lambdas = () =>
    [...deployedGroups, 'reconcile'].map(
      (g) => [g, given.resources[idOf(functionOf(g))]!] as const,
    );

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
      expect(given.resources[logGroupId]!.Properties.RetentionInDays).toBe(90);
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
      // HLS access cookies are signed where topic and about-subject videos are read.
      const signs = ['catalogue', 'catalogue-admin', 'purchases'].includes(group);
      expect('HLS_SIGNING_SECRET_ARN' in vars, group).toBe(signs);
      if (signs) {
        expect(vars.HLS_KEY_PAIR_ID, group).toEqual({
          Ref: idOf(given.stack.secrets.hlsPublicKey!),
        });
      }
    }
  });

  it('read their secrets through the Parameters and Secrets extension layer, and only they get it', () => {
    const withSecret = ['payments', 'reconcile', 'ai', 'catalogue', 'catalogue-admin', 'purchases'];
    for (const [group, fn] of lambdas()) {
      const vars = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      const layers = JSON.stringify(fn.Properties.Layers ?? []);
      if (withSecret.includes(group)) {
        // AWS's own layer (account 345057560386 / 044395824272 …), the arm64 build for arm64.
        expect(layers, group).toMatch(/AWS-Parameters-and-Secrets-Lambda-Extension-Arm64/);
        expect(fn.Properties.Layers, group).toHaveLength(1);
        expect(vars.PARAMETERS_SECRETS_EXTENSION_LOG_LEVEL, group).toBe('warn');
        // No SDK client in the bundle: the secret is read from the extension with the same grant.
        expect(accessOf(group).secrets.length, group).toBeGreaterThan(0);
      } else {
        expect(fn.Properties.Layers, group).toBeUndefined();
        expect(
          Object.keys(vars).filter((k) => k.startsWith('PARAMETERS_SECRETS')),
          group,
        ).toEqual([]);
      }
    }
  });

  it('give the e-mail sender (MAIL_FROM) to the auth function only, and no local-only setting to any (issue 29)', () => {
    for (const [group, fn] of lambdas()) {
      const vars = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(vars.MAIL_FROM, group).toBe(group === 'auth' ? 'no-reply@gia.example' : undefined);
      // The local outbox and plain-http cookies exist only on the loopback stack.
      expect(vars.MAIL_OUTBOX_FILE, group).toBeUndefined();
      expect(vars.SECURE_COOKIES, group).toBeUndefined();
      expect(vars.PAYMENTS_LOCAL_GATEWAY, group).toBeUndefined();
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
      // Readiness and the session check: GetItem, and the session's standing (one BatchGetItem).
      health: { ...NONE, table: ['BatchGetItem', 'GetItem'] },
      auth: {
        ...NONE,
        table: READ_WRITE,
        indexes: INDEXES,
        cognito: {
          learner: [
            'cognito-idp:AdminCreateUser',
            'cognito-idp:AdminSetUserPassword',
            'cognito-idp:AdminAddUserToGroup',
            'cognito-idp:AdminDeleteUser',
            // Issue 29: sign-in with a code (the custom challenge), sign out everywhere and after
            // a password reset (ForgotPassword, ConfirmForgotPassword: client calls, no IAM).
            'cognito-idp:AdminInitiateAuth',
            'cognito-idp:AdminRespondToAuthChallenge',
            'cognito-idp:AdminUserGlobalSignOut',
            'cognito-idp:AdminGetUser',
          ],
          // An admin's password reset ends the admin's other sessions.
          admin: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminUserGlobalSignOut'],
        },
        // The sign-in code e-mails, from the configured sender's identity (address or domain).
        mail: [
          'ses:SendEmail no-reply@gia.example from no-reply@gia.example',
          'ses:SendEmail gia.example from no-reply@gia.example',
        ],
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
      // The HLS signing key (issue 15) where topic and about-subject videos are read.
      catalogue: { ...NONE, table: READ, indexes: INDEXES, media: privateRead, secrets: ['hls'] },
      'catalogue-admin': {
        ...NONE,
        table: READ_WRITE,
        indexes: INDEXES,
        media: privateRead,
        secrets: ['hls'],
      },
      // The session check (GetItem) and a learner's daily counter (UpdateItem, finding 16); a
      // learner's presigned image waits under private/tmp/.
      uploads: {
        ...NONE,
        table: ['BatchGetItem', 'GetItem', 'UpdateItem'],
        media: {
          's3:PutObject': [
            'public/images/*',
            'private/notes/*',
            'private/videos/*',
            'private/captions/*',
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
      purchases: { ...NONE, table: READ, indexes: INDEXES, media: privateRead, secrets: ['hls'] },
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
      // Issue 15: video items and their records; HLS playlists and segment sizes, captions files.
      'media-jobs': {
        ...NONE,
        table: ['BatchGetItem', 'GetItem', 'UpdateItem'],
        // A retry copies the uploaded video onto itself (renotify.ts): read and write it there.
        media: {
          's3:GetObject': ['private/hls/*', 'private/captions/*', 'private/videos/*'],
          's3:PutObject': ['private/videos/*'],
        },
        bucket: ['s3:ListBucket'],
      },
      // The AI teacher's sources for admins: the extracted text items only, no media.
      'ai-admin': { ...NONE, table: ['BatchGetItem', 'GetItem', 'UpdateItem'] },
      // Issue 17: banks, records, grants, attempts (issued by getQuiz) and best scores; no media.
      practice: {
        ...NONE,
        table: ['BatchGetItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'],
        indexes: INDEXES,
      },
      // The question bank: one item per topic, read and replaced.
      'practice-admin': { ...NONE, table: ['BatchGetItem', 'GetItem', 'PutItem'] },
      // Issue 18: the seller's settings and the coupons.
      // Issue 18: also the Payments screen, the captured payments and their learners (BatchGetItem).
      'sales-admin': {
        ...NONE,
        table: ['BatchGetItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'],
        indexes: INDEXES,
      },
      // Issue 18: the insights read the day items and a topic's counters, nothing more.
      insights: { ...NONE, table: ['BatchGetItem', 'GetItem', 'Query'], indexes: INDEXES },
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
    given.template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      Targets: [
        Match.objectLike({ Arn: { 'Fn::GetAtt': [idOf(given.stack.api.reconcile), 'Arn'] } }),
      ],
    });
  });
});
