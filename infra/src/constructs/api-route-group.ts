import {
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  type HttpApi,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { UPLOAD_KINDS, routesOfGroup, type RouteDef, type RouteGroup } from '@gia/shared';
import { handlerEntry, lambdaExternalModules } from '@gia/functions';
import { acceptFindings, type AcceptedFinding } from '../nag.ts';
import type { UserPools } from './auth.ts';
import { BaseFunction } from './base-function.ts';
import type { MediaStorage } from './media.ts';
import type { ProviderSecrets } from './secrets.ts';
import type { DataTable } from './table.ts';

/** Every route group but `local` (the local stack's test gateway) runs in AWS. */
export type DeployedGroup = Exclude<RouteGroup, 'local'>;

/** What a function may touch; everything else is denied. */
export interface Needs {
  /** `read`: GetItem, BatchGetItem, Query; `read-write` adds Put/Update/Delete, batches, transactions. */
  readonly table?: 'read' | 'read-write';
  /** Media key prefixes it reads (to sign GET URLs for entitled callers, or to read notes). */
  readonly mediaRead?: readonly string[];
  /** Media key prefixes it writes (directly, or by signing presigned POSTs). */
  readonly mediaPut?: readonly string[];
  /** Cognito admin actions per pool (SignUp, InitiateAuth and RevokeToken need no IAM). */
  readonly cognito?: Partial<Record<'learner' | 'admin', readonly string[]>>;
  /** The provider secret it reads once per cold start. */
  readonly secret?: 'razorpay' | 'openai';
}

const PRIVATE_MEDIA = ['private/'];

/**
 * Least privilege per route group, from what each group's code calls (its SDK commands). A new
 * group in the shared route table fails the type-check here until its needs are written down.
 */
export const GROUP_NEEDS: Record<DeployedGroup, Needs> = {
  health: { table: 'read' }, // readiness (/api/health/ready): one GetItem
  auth: {
    table: 'read-write', // profiles, e-mail guards, sign-in failure counters
    cognito: { learner: ['AdminConfirmSignUp', 'AdminAddUserToGroup', 'AdminDeleteUser'] },
  },
  admins: {
    table: 'read-write',
    cognito: {
      admin: [
        'AdminCreateUser',
        'AdminSetUserPassword',
        'AdminAddUserToGroup',
        'AdminDeleteUser',
        'AdminGetUser',
        'AdminUserGlobalSignOut', // a removed admin is signed out everywhere first
      ],
    },
  },
  catalogue: { table: 'read', mediaRead: PRIVATE_MEDIA },
  'catalogue-admin': { table: 'read-write', mediaRead: PRIVATE_MEDIA },
  uploads: {
    table: 'read', // the caller's session check (admin record, logout revocation)
    mediaPut: Object.values(UPLOAD_KINDS).map((k) => k.prefix),
  },
  profile: { table: 'read-write', cognito: { learner: ['AdminUpdateUserAttributes'] } },
  cart: { table: 'read-write' },
  purchases: { table: 'read', mediaRead: PRIVATE_MEDIA }, // about-subject media once owned
  favourites: { table: 'read-write' },
  learning: { table: 'read-write' },
  'learning-admin': { table: 'read-write' },
  payments: { table: 'read-write', secret: 'razorpay' },
  ai: { table: 'read-write', mediaRead: [UPLOAD_KINDS.notes.prefix], secret: 'openai' },
};

/** What the functions are granted access to. */
export interface ApiResources {
  readonly table: DataTable;
  readonly media: MediaStorage;
  readonly pools: UserPools;
  readonly secrets: ProviderSecrets;
}

const TABLE_ACTIONS = {
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
} as const;

/** The variables naming the secrets a function reads (the values are fetched at cold start). */
export function secretEnvironment(needs: Needs, r: ApiResources): Record<string, string> {
  if (needs.secret === 'razorpay') return { RAZORPAY_SECRET_ARN: r.secrets.razorpay.secretArn };
  if (needs.secret === 'openai') return { OPENAI_SECRET_ARN: r.secrets.openai.secretArn };
  return {};
}

/**
 * Grants a function exactly its needs, and acknowledges the cdk-nag wildcard findings those
 * grants imply (indexes of the one table, key prefixes of the media bucket) on that function only.
 */
export function grantNeeds(fn: lambda.Function, needs: Needs, r: ApiResources): void {
  const findings: AcceptedFinding[] = [];
  const table = r.table.table;
  if (needs.table) {
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: TABLE_ACTIONS[needs.table].map((a) => `dynamodb:${a}`),
        resources: [table.tableArn],
      }),
    );
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
  for (const [action, prefixes] of [
    ['s3:GetObject', needs.mediaRead],
    ['s3:PutObject', needs.mediaPut],
  ] as const) {
    if (!prefixes?.length) continue;
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [action],
        resources: prefixes.map((p) => bucket.arnForObjects(`${p}*`)),
      }),
    );
    for (const p of prefixes) {
      findings.push({
        id: `AwsSolutions-IAM5[Resource::${r.media.nagArn}/${p}*]`,
        reason: `${action} limited to the media key prefix ${p} (${action === 's3:GetObject' ? 'signed reads for entitled callers' : 'uploads of that kind'}).`,
      });
    }
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
  if (needs.secret) r.secrets[needs.secret].grantRead(fn);
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
      externalModules: lambdaExternalModules(props.group),
      description: `GIA School API: ${props.group} routes`,
      environment: { ...props.environment, ...secretEnvironment(needs, props.resources) },
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
