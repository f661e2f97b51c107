import {
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  type HttpApi,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Annotations, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import {
  HLS_PREFIX,
  VIDEO_SOURCE_PREFIX,
  LEARNER_PENDING_PREFIX,
  UPLOAD_KINDS,
  routesOfGroup,
  type RouteDef,
  type RouteGroup,
} from '@gia/shared';
import { handlerEntry, lambdaBundling } from '@gia/functions';
import { acceptFindings, type AcceptedFinding } from '../nag.ts';
import type { UserPools } from './auth.ts';
import { BaseFunction } from './base-function.ts';
import type { MediaStorage } from './media.ts';
import type { ProviderSecrets } from './secrets.ts';
import type { DataTable } from './table.ts';

/** Every route group but `local` (the local stack's test gateway) runs in AWS. */
export type DeployedGroup = Exclude<RouteGroup, 'local'>;

/** The DynamoDB actions a grant may name (never Scan). */
export type TableAction =
  | 'GetItem'
  | 'BatchGetItem'
  | 'Query'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'BatchWriteItem'
  | 'ConditionCheckItem';

/** What a function may touch; everything else is denied. */
export interface Needs {
  /**
   * `read`: GetItem, BatchGetItem, Query; `read-write` adds Put/Update/Delete, batches, transactions
   * (a TransactWriteItems call needs the action of each of its items); or exactly these actions.
   * The secondary indexes may be queried when Query is among them.
   */
  readonly table?: 'read' | 'read-write' | readonly TableAction[];
  /** Media key prefixes it reads (to sign GET URLs for entitled callers, or to read notes). */
  readonly mediaRead?: readonly string[];
  /** Media key prefixes it writes (directly, by signing presigned POSTs, or as a copy's target). */
  readonly mediaPut?: readonly string[];
  /** Media key prefixes it deletes. */
  readonly mediaDelete?: readonly string[];
  /**
   * May list the media bucket's keys. S3 answers a GetObject of a missing key with AccessDenied
   * instead of NoSuchKey to a caller that may not list the bucket, so a function that reads keys
   * which may be missing (and answers 4xx for them) needs it.
   */
  readonly mediaList?: boolean;
  /** Cognito admin actions per pool (SignUp, InitiateAuth and RevokeToken need no IAM). */
  readonly cognito?: Partial<Record<'learner' | 'admin', readonly string[]>>;
  /** The provider secret it reads once per cold start. */
  readonly secret?: 'razorpay' | 'openai';
  /** Signs CloudFront cookies for HLS videos (the key pair id and the private key's secret). */
  readonly hlsSigning?: boolean;
  /**
   * Sends e-mail (functions/src/lib/mailer.ts, SES SendEmail) from the configured sender only:
   * `MAIL_FROM` in its environment, ses:SendEmail on that sender's identity.
   */
  readonly mail?: boolean;
}

const PRIVATE_MEDIA = ['private/'];
/** Where a learner's presigned images wait, unchecked, until attached (`private/tmp/`). */
const PENDING_MEDIA = [LEARNER_PENDING_PREFIX];

/**
 * Least privilege per route group, from what each group's code calls (its SDK commands). A new
 * group in the shared route table fails the type-check here until its needs are written down.
 */
export const GROUP_NEEDS: Record<DeployedGroup, Needs> = {
  // Readiness (/api/health/ready) and the session check of the unknown-path answers: GetItem, and
  // the session's standing (logout, sign out everywhere: one BatchGetItem, issue 29).
  health: { table: ['GetItem', 'BatchGetItem'] },
  auth: {
    // Profiles, e-mail guards, sign-in failure counters; refresh sessions, sign-out records,
    // sign-in codes and proofs, reset code times, code-send and reset-try counters (issue 29).
    table: 'read-write',
    // ForgotPassword and ConfirmForgotPassword are client calls (no IAM), as are InitiateAuth and
    // RevokeToken. A sign-up makes the learner with the admin API (a verified e-mail, no message).
    cognito: {
      learner: [
        'AdminCreateUser',
        'AdminSetUserPassword',
        'AdminAddUserToGroup',
        'AdminDeleteUser',
        // Sign-in with an e-mailed code: the custom challenge, started and answered (issue 29).
        'AdminInitiateAuth',
        'AdminRespondToAuthChallenge',
        // Sign out everywhere, and after a password reset (the account's `sub` by AdminGetUser).
        'AdminUserGlobalSignOut',
        'AdminGetUser',
      ],
      // An admin's password reset ends the admin's other sessions the same way.
      admin: ['AdminGetUser', 'AdminUserGlobalSignOut'],
    },
    // The sign-in code e-mails.
    mail: true,
  },
  admins: {
    table: 'read-write',
    cognito: {
      admin: [
        'AdminCreateUser',
        'AdminSetUserPassword',
        'AdminAddUserToGroup',
        'AdminDeleteUser',
        'AdminUserGlobalSignOut', // a removed admin is signed out everywhere first
        // AdminGetUser (ensureAdmin) runs only in `npm run create-admin`, with the operator's rights.
      ],
    },
  },
  catalogue: { table: 'read', mediaRead: PRIVATE_MEDIA, hlsSigning: true },
  'catalogue-admin': { table: 'read-write', mediaRead: PRIVATE_MEDIA, hlsSigning: true },
  uploads: {
    // The caller's session check (admin record, logout and sign out everywhere: one
    // BatchGetItem, an unprocessed key read again with GetItem); a learner's daily upload
    // counter (`UPLOADS#…`, one atomic ADD): UpdateItem.
    table: ['GetItem', 'BatchGetItem', 'UpdateItem'],
    // Admins' uploads of each kind, and learners' images, presigned into their pending folder.
    mediaPut: [...Object.values(UPLOAD_KINDS).map((k) => k.prefix), ...PENDING_MEDIA],
  },
  profile: {
    table: 'read-write',
    // Attaching a pending image: its first bytes are read (GetObject), it is copied to
    // public/images/ (CopyObject: GetObject on the source, PutObject on the target) and deleted;
    // a pending key that is not there must read as missing (400), not as refused (500).
    mediaRead: PENDING_MEDIA,
    mediaPut: [UPLOAD_KINDS.image.prefix],
    mediaDelete: PENDING_MEDIA,
    mediaList: true,
    // The learner's own token changes and verifies attributes (no IAM); this rolls an e-mail
    // change back when the profile cannot follow it.
    cognito: { learner: ['AdminUpdateUserAttributes'] },
  },
  cart: { table: 'read-write' },
  purchases: { table: 'read', mediaRead: PRIVATE_MEDIA, hlsSigning: true }, // about-subject media once owned
  favourites: { table: 'read-write' },
  learning: { table: 'read-write' },
  'learning-admin': { table: 'read-write' },
  payments: { table: 'read-write', secret: 'razorpay' },
  ai: { table: 'read-write', mediaRead: [UPLOAD_KINDS.notes.prefix], secret: 'openai' },
  // Video transcoding (issue 15): the video items and their records (GetItem, UpdateItem); the
  // renditions' playlists and segment sizes are read from the HLS folder and captions files to
  // be checked (a missing one must read as missing: list); a retry copies the uploaded video
  // onto itself so S3 announces it again to the transcoding function (read and write).
  'media-jobs': {
    table: ['GetItem', 'BatchGetItem', 'UpdateItem'], // BatchGetItem: the session's standing
    mediaRead: [HLS_PREFIX, UPLOAD_KINDS.captions.prefix, VIDEO_SOURCE_PREFIX],
    mediaPut: [VIDEO_SOURCE_PREFIX],
    mediaList: true,
  },
  // Reads and corrects the sources function's extracted text (SOURCE# items): no media access.
  'ai-admin': { table: ['GetItem', 'BatchGetItem', 'UpdateItem'] },
  // Practice (issue 17): a topic's or chapter's banks with the records and grant they need
  // (GetItem, BatchGetItem, Query on gsi1), the attempt getQuiz issues (conditional PutItem), an
  // answer and a best score (conditional UpdateItem). Spaced review (issue 31): the due cards
  // (Query on gsi1), a card scheduled (conditional PutItem) or taken out of the due index and the
  // streak's activity item (UpdateItem). An answer made on the device (issue 32): its guard item
  // (PutItem) and the attempt's update in one transaction, which needs only those two actions.
  // No media: a notes source is a page number the client opens in the notes it already holds.
  practice: { table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem'] },
  // The question bank: one item per topic, replaced under a version check (PutItem); the
  // session's standing (BatchGetItem).
  'practice-admin': { table: ['GetItem', 'BatchGetItem', 'PutItem'] },
  // Selling (issue 18): the settings item and the coupons (listed on gsi1), each one item; a
  // coupon's terms change in place (UpdateItem), its counters untouched. The Payments screen:
  // the captured payments (Query of gsi2) and their learners' profiles (BatchGetItem).
  'sales-admin': {
    table: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query'],
  },
  // Insights (issue 18): read only. A range of day items is one Query; a topic's counters, its
  // bank and the topic are one BatchGetItem; the admin's session check is one BatchGetItem
  // (GetItem for a key it leaves unprocessed).
  insights: { table: ['GetItem', 'BatchGetItem', 'Query'] },
};

/** What the functions are granted access to. */
export interface ApiResources {
  readonly table: DataTable;
  readonly media: MediaStorage;
  readonly pools: UserPools;
  readonly secrets: ProviderSecrets;
  /** The verified SES sender of the product's e-mails (the configuration's `mailFrom`), if any. */
  readonly mailFrom?: string;
}

/** The table actions of the two presets. */
export const TABLE_ACTIONS: Record<'read' | 'read-write', readonly TableAction[]> = {
  read: ['GetItem', 'BatchGetItem', 'Query'],
  'read-write': [
    'GetItem',
    'BatchGetItem',
    'Query',
    'PutItem',
    'UpdateItem',
    'DeleteItem',
    'BatchWriteItem',
    'ConditionCheckItem',
  ],
};

const WHY_MEDIA = {
  's3:GetObject': 'signed reads for entitled callers, or reads of that kind',
  's3:PutObject': 'uploads of that kind',
  's3:DeleteObject': 'removal of files that are moved or refused',
} as const;

/** The variables naming the secrets a function reads (the values are fetched at cold start). */
export function secretEnvironment(needs: Needs, r: ApiResources): Record<string, string> {
  const vars: Record<string, string> = {};
  if (needs.secret === 'razorpay') vars.RAZORPAY_SECRET_ARN = r.secrets.razorpay.secretArn;
  if (needs.secret === 'openai') vars.OPENAI_SECRET_ARN = r.secrets.openai.secretArn;
  if (needs.hlsSigning && r.secrets.hlsPublicKey) {
    vars.HLS_SIGNING_SECRET_ARN = r.secrets.hlsSigning.secretArn;
    vars.HLS_KEY_PAIR_ID = r.secrets.hlsPublicKey.publicKeyId;
  }
  return vars;
}

/** `MAIL_FROM` for a function that sends e-mail, when a sender is configured. */
export function mailEnvironment(needs: Needs, r: ApiResources): Record<string, string> {
  return needs.mail && r.mailFrom ? { MAIL_FROM: r.mailFrom } : {};
}

/**
 * The SES identities a sender may be verified as: the address itself, or its domain. SES checks
 * SendEmail against the identity that authorizes the From address, so both are named (and nothing
 * else); the `ses:FromAddress` condition pins the sender within them.
 */
export function senderIdentityArns(scope: Construct, from: string): string[] {
  const stack = Stack.of(scope);
  const domain = from.slice(from.lastIndexOf('@') + 1);
  return [from, domain].map((identity) =>
    stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
  );
}

/**
 * Grants a function exactly its needs, and acknowledges the cdk-nag wildcard findings those
 * grants imply (indexes of the one table, key prefixes of the media bucket) on that function only.
 */
export function grantNeeds(fn: lambda.Function, needs: Needs, r: ApiResources): void {
  const findings: AcceptedFinding[] = [];
  const table = r.table.table;
  const tableActions: readonly TableAction[] =
    typeof needs.table === 'string' ? TABLE_ACTIONS[needs.table] : (needs.table ?? []);
  if (tableActions.length) {
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: tableActions.map((a) => `dynamodb:${a}`),
        resources: [table.tableArn],
      }),
    );
  }
  if (tableActions.includes('Query')) {
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: [`${table.tableArn}/index/*`],
      }),
    );
    findings.push({
      id: `AwsSolutions-IAM5[Resource::${r.table.nagArn}/index/*]`,
      reason: 'Queries on the secondary indexes (gsi1–gsi3) of the single table, and nothing else.',
    });
  }
  const bucket = r.media.bucket;
  const uses = new Map<string, string[]>(); // prefix → what the function does there
  for (const [action, prefixes] of [
    ['s3:GetObject', needs.mediaRead],
    ['s3:PutObject', needs.mediaPut],
    ['s3:DeleteObject', needs.mediaDelete],
  ] as const) {
    if (!prefixes?.length) continue;
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [action],
        resources: prefixes.map((p) => bucket.arnForObjects(`${p}*`)),
      }),
    );
    for (const p of prefixes)
      uses.set(p, [...(uses.get(p) ?? []), `${action} (${WHY_MEDIA[action]})`]);
  }
  for (const [p, actions] of uses) {
    findings.push({
      id: `AwsSolutions-IAM5[Resource::${r.media.nagArn}/${p}*]`,
      reason: `Limited to the media key prefix ${p}: ${actions.join('; ')}.`,
    });
  }
  if (needs.mediaList) {
    fn.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }),
    );
  }
  for (const pool of ['learner', 'admin'] as const) {
    const actions = needs.cognito?.[pool];
    if (!actions?.length) continue;
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: actions.map((a) => `cognito-idp:${a}`),
        resources: [r.pools[pool].userPool.userPoolArn],
      }),
    );
  }
  if (needs.mail && r.mailFrom) {
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: senderIdentityArns(fn, r.mailFrom),
        conditions: { StringEquals: { 'ses:FromAddress': r.mailFrom } },
      }),
    );
  } else if (needs.mail) {
    Annotations.of(fn).addWarningV2(
      'gia:no-mail-sender',
      'No e-mail sender is configured (mailFrom / GIA_MAIL_FROM, or domainName): sign-in codes cannot be e-mailed.',
    );
  }
  if (needs.secret) r.secrets[needs.secret].grantRead(fn);
  if (needs.hlsSigning && r.secrets.hlsPublicKey) r.secrets.hlsSigning.grantRead(fn);
  acceptFindings(fn, findings);
}

export interface ApiRouteGroupProps {
  readonly httpApi: HttpApi;
  readonly group: DeployedGroup;
  readonly resources: ApiResources;
  /** The variables every function gets (table, bucket, pools, log level). */
  readonly environment: Record<string, string>;
  readonly logRetention: logs.RetentionDays;
  /** The check that a request came through CloudFront (every route has it). */
  readonly authorizer: IHttpRouteAuthorizer;
}

/**
 * One route group of the shared route table in AWS: its function (the group's `handler.ts`), its
 * routes on the HTTP API (every route of the group that is not local-only), and its grants.
 *
 * Routes carry no Cognito authorizer: the function verifies the Cognito access token itself,
 * because some routes are public, some take either pool's token, and an HTTP API JWT authorizer
 * trusts one issuer. It answers 401 (no or bad token) and 403 (the other pool) per the contract.
 * The only authorizer is the origin check: the request must have come through CloudFront.
 */
export class ApiRouteGroup extends Construct {
  readonly fn: NodejsFunction;
  readonly routes: readonly RouteDef[];
  readonly integration: HttpLambdaIntegration;

  constructor(scope: Construct, id: string, props: ApiRouteGroupProps) {
    super(scope, id);
    const needs = GROUP_NEEDS[props.group];
    this.routes = routesOfGroup(props.group).filter((r) => !r.localOnly);
    this.fn = new BaseFunction(this, 'Function', {
      entry: handlerEntry(props.group),
      ...lambdaBundling(props.group),
      description: `GIA School API: ${props.group} routes`,
      environment: {
        ...props.environment,
        ...secretEnvironment(needs, props.resources),
        ...mailEnvironment(needs, props.resources),
      },
      logRetention: props.logRetention,
    }).fn;
    grantNeeds(this.fn, needs, props.resources);

    // One invoke permission for the whole API rather than one per route: catalogue-admin alone
    // has over 30 routes, and a function's resource policy is limited to 20 KB.
    this.integration = new HttpLambdaIntegration('Integration', this.fn, {
      scopePermissionToRoute: false,
    });
    for (const route of this.routes) {
      new HttpRoute(this, route.name, {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: this.integration,
        authorizer: props.authorizer,
      });
    }
  }
}
