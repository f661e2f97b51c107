import { Duration } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { InsightsStream } from './insights-stream.ts';
import { SearchIndex } from './search-index.ts';
import { Invoicing } from './invoicing.ts';
import { SourcesExtraction } from './sources-extraction.ts';
import { Transcoding } from './transcoding.ts';
import {
  ApiRouteGroup,
  GROUP_NEEDS,
  grantNeeds,
  secretEnvironment,
  type ApiResources,
  type DeployedGroup,
  type Needs,
} from './api-route-group.ts';
import { BaseFunction } from './base-function.ts';
import { OriginCheck } from './origin-check.ts';
import { ROUTE_LIMITS, STAGE_THROTTLE, routesNamed, type RouteLimit } from '../limits.ts';

/** The scheduled reconciliation reads and settles orders, and asks Razorpay about them. */
export const RECONCILE_NEEDS: Needs = { table: 'read-write', secret: 'razorpay' };

/**
 * Variables a group gets from the design (not the configuration): in AWS a video retry
 * re-announces the upload to the transcoding function (functions/src/media-jobs/renotify.ts).
 */
const GROUP_VARIABLES: Partial<Record<DeployedGroup, Record<string, string>>> = {
  'media-jobs': { VIDEO_RETRY: 'renotify' },
};

export interface ApiProps {
  readonly resources: ApiResources;
  /** Variables some groups' functions get besides the common ones (from the configuration). */
  readonly groupEnvironment?: Partial<Record<DeployedGroup, Record<string, string>>>;
  readonly logRetention: logs.RetentionDays;
}

/**
 * The HTTP API: one route group construct per group of the shared route table (one Lambda
 * each), a `$default` route so unknown paths get the contract's JSON 404/405, and the schedule that
 * reconciles unpaid orders with Razorpay every 5 minutes. Every route, `$default` too, takes only
 * requests that came through CloudFront ({@link OriginCheck}).
 */
export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly groups: Record<DeployedGroup, ApiRouteGroup>;
  readonly reconcile: NodejsFunction;
  /** The AI teacher's sources extraction (S3 notifications of notes and captions). */
  readonly sources: lambda.DockerImageFunction;
  /** Video transcoding: MediaConvert jobs for uploaded videos, and their job-state events. */
  readonly transcoding: Transcoding;
  /** Tax invoices of paid orders, from the table's stream (issue 18). */
  readonly invoicing: Invoicing;
  /** The insights' day numbers of sales and refunds, from the table's stream (issue 18). */
  readonly insightsStream: InsightsStream;
  readonly searchIndex: SearchIndex;
  /** What CloudFront must send for a request to reach any route. */
  readonly originCheck: OriginCheck;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { table, media, pools } = props.resources;
    const environment = {
      TABLE_NAME: table.table.tableName,
      MEDIA_BUCKET: media.bucket.bucketName,
      // Private media are S3 presigned GET URLs in AWS.
      MEDIA_URL_MODE: 's3',
      LEARNER_POOL_ID: pools.learner.userPool.userPoolId,
      LEARNER_CLIENT_ID: pools.learner.client.userPoolClientId,
      ADMIN_POOL_ID: pools.admin.userPool.userPoolId,
      ADMIN_CLIENT_ID: pools.admin.client.userPoolClientId,
      LOG_LEVEL: 'INFO',
    };

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'GIA School API (reached through CloudFront at /api/*)',
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: props.logRetention });
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: STAGE_THROTTLE,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.jsonWithStandardFields(),
      },
    });

    this.originCheck = new OriginCheck(this, 'OriginCheck', { logRetention: props.logRetention });
    const groups = {} as Record<DeployedGroup, ApiRouteGroup>;
    for (const group of Object.keys(GROUP_NEEDS) as DeployedGroup[]) {
      groups[group] = new ApiRouteGroup(this, `Group-${group}`, {
        httpApi: this.httpApi,
        group,
        resources: props.resources,
        environment: {
          ...environment,
          ...GROUP_VARIABLES[group],
          ...props.groupEnvironment?.[group],
        },
        logRetention: props.logRetention,
        authorizer: this.originCheck.authorizer,
      });
    }
    this.groups = groups;
    this.throttleExpensiveRoutes();

    // Unknown paths under /api/* reach the health function, whose router answers JSON 404/405.
    new apigw.HttpRoute(this, 'DefaultRoute', {
      httpApi: this.httpApi,
      routeKey: apigw.HttpRouteKey.DEFAULT,
      integration: groups.health.integration,
      authorizer: this.originCheck.authorizer,
    });

    // Orders still unpaid 15 minutes after creation are settled against Razorpay, so a payment
    // whose confirmation and webhook were both lost still grants the subjects.
    this.reconcile = new BaseFunction(this, 'Reconcile', {
      entry: 'src/payments/reconcile.ts',
      description: 'GIA School: reconcile unpaid orders with Razorpay',
      environment: { ...environment, ...secretEnvironment(RECONCILE_NEEDS, props.resources) },
      timeout: Duration.minutes(2),
      logRetention: props.logRetention,
    }).fn;
    grantNeeds(this.reconcile, RECONCILE_NEEDS, props.resources);
    new events.Rule(this, 'ReconcileSchedule', {
      description: 'Every 5 minutes: reconcile unpaid orders',
      schedule: events.Schedule.rate(Duration.minutes(5)),
      targets: [new targets.LambdaFunction(this.reconcile, { retryAttempts: 0 })],
    });

    // The AI teacher's sources: uploaded notes and captions are extracted to text (issue 16).
    this.sources = new SourcesExtraction(this, 'Sources', {
      resources: props.resources,
      environment,
      logRetention: props.logRetention,
    }).fn;

    // Every paid order gets its tax invoice, from the table's stream (issue 18).
    this.invoicing = new Invoicing(this, 'Invoicing', {
      resources: props.resources,
      environment,
      logRetention: props.logRetention,
    });

    // Sales and refunds are added to their day's insights from the same stream (issue 18).
    this.insightsStream = new InsightsStream(this, 'InsightsStream', {
      resources: props.resources,
      environment,
      logRetention: props.logRetention,
    });

    // Each class's search index is rebuilt when its catalogue or sources change (issue 34).
    this.searchIndex = new SearchIndex(this, 'SearchIndex', {
      resources: props.resources,
      environment,
      logRetention: props.logRetention,
    });

    // Uploaded videos are transcoded to HLS by MediaConvert (issue 15).
    this.transcoding = new Transcoding(this, 'Transcoding', {
      resources: props.resources,
      environment,
      logRetention: props.logRetention,
    });
  }

  /**
   * Route throttles (all clients together) for the routes of {@link ROUTE_LIMITS}, so a surge on
   * one expensive route leaves the rest of the stage's rate to everything else.
   */
  private throttleExpensiveRoutes(): void {
    // RouteSettings is a free-form map in the CDK types: CloudFormation's own (Pascal case) keys.
    const settings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> =
      {};
    for (const limit of Object.values(ROUTE_LIMITS) as RouteLimit[]) {
      for (const route of routesNamed(limit.routes)) {
        settings[`${route.method} ${route.path}`] = {
          ThrottlingRateLimit: limit.routeRate,
          ThrottlingBurstLimit: limit.routeRate * 2,
        };
      }
    }
    const cfnStage = this.stage.node.defaultChild as apigw.CfnStage;
    cfnStage.routeSettings = settings;
    // Route settings name routes, which must exist before the stage refers to them.
    for (const group of Object.values(this.groups)) cfnStage.node.addDependency(group);
  }
}
