import { fileURLToPath } from 'node:url';
import { Duration } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ROUTE_GROUPS, routesOfGroup, type RouteGroup } from '@gia/shared';
import { handlerEntry } from '@gia/functions';
import type { UserPools } from './user-pools.ts';

const functionsDir = fileURLToPath(new URL('../../../functions/', import.meta.url));

export interface ApiProps {
  table: dynamodb.ITableV2;
  media: s3.IBucket;
  pools: UserPools;
  secrets: { razorpay: secretsmanager.ISecret; openai: secretsmanager.ISecret };
  /** Tests replace real bundling with a tiny asset to stay fast; `cdk synth` bundles for real. */
  code?: (entry: string) => lambda.Code;
}

/** A Lambda function as every route group gets it: Node 22, arm64, tracing, bounded logs. */
export class BaseFunction extends Construct {
  readonly fn: lambda.Function;

  constructor(
    scope: Construct,
    id: string,
    props: {
      entry: string;
      env: Record<string, string>;
      code?: ApiProps['code'];
      timeout?: Duration;
    },
  ) {
    super(scope, id);
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH });
    const common = {
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 512,
      timeout: props.timeout ?? Duration.seconds(29),
      tracing: lambda.Tracing.ACTIVE,
      logGroup,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.env },
    };
    this.fn = props.code
      ? new lambda.Function(this, 'Fn', {
          ...common,
          handler: 'index.handler',
          code: props.code(props.entry),
        })
      : new NodejsFunction(this, 'Fn', {
          ...common,
          entry: props.entry,
          handler: 'handler',
          projectRoot: fileURLToPath(new URL('../../../', import.meta.url)),
          depsLockFilePath: fileURLToPath(new URL('../../../package-lock.json', import.meta.url)),
          bundling: {
            minify: true,
            sourceMap: true,
            format: OutputFormat.ESM,
            target: 'node22',
            // The SDK clients are bundled (pinned with the code), not taken from the runtime.
            bundleAwsSDK: true,
            mainFields: ['module', 'main'],
            banner:
              "import { createRequire } from 'module';const require = createRequire(import.meta.url);",
          },
        });
  }
}

/** What each route group may touch, and nothing more. */
function grantGroup(group: RouteGroup, fn: lambda.Function, p: ApiProps) {
  const poolArns = (which: 'learner' | 'admin' | 'both') =>
    (which === 'both' ? [p.pools.learner, p.pools.admin] : [p.pools[which]]).map(
      (x) => x.userPool.userPoolArn,
    );
  const cognito = (actions: string[], which: 'learner' | 'admin' | 'both') =>
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: actions.map((a) => `cognito-idp:${a}`),
        resources: poolArns(which),
      }),
    );
  switch (group) {
    case 'health':
      return;
    case 'auth':
      p.table.grantReadWriteData(fn);
      cognito(['AdminConfirmSignUp', 'AdminAddUserToGroup', 'AdminDeleteUser'], 'learner');
      return;
    case 'admins':
      p.table.grantReadWriteData(fn);
      cognito(
        [
          'AdminCreateUser',
          'AdminSetUserPassword',
          'AdminAddUserToGroup',
          'AdminDeleteUser',
          'AdminGetUser',
        ],
        'admin',
      );
      return;
    case 'catalogue':
      p.table.grantReadData(fn);
      p.media.grantRead(fn, 'private/*');
      return;
    case 'catalogue-admin':
      p.table.grantReadWriteData(fn);
      p.media.grantRead(fn, 'private/*');
      return;
    case 'uploads':
      p.media.grantPut(fn, 'public/*');
      p.media.grantPut(fn, 'private/*');
      return;
    case 'profile':
      p.table.grantReadWriteData(fn);
      cognito(['AdminUpdateUserAttributes'], 'learner');
      return;
    case 'cart':
    case 'favourites':
    case 'learning':
    case 'learning-admin':
      p.table.grantReadWriteData(fn);
      if (group === 'learning') p.media.grantRead(fn, 'private/*');
      return;
    case 'purchases':
      p.table.grantReadData(fn);
      return;
    case 'payments':
      p.table.grantReadWriteData(fn);
      p.secrets.razorpay.grantRead(fn);
      return;
    case 'ai':
      p.table.grantReadWriteData(fn);
      p.media.grantRead(fn, 'private/notes/*');
      p.secrets.openai.grantRead(fn);
      return;
    case 'local':
      return;
  }
}

/**
 * The HTTP API: one Lambda per route group, each route of the shared table wired to its group's
 * function. The functions verify tokens themselves (two pools, and routes open to either), so
 * the routes carry no API Gateway authorizer.
 */
export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly functions: Partial<Record<RouteGroup, lambda.Function>> = {};

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const env = {
      TABLE_NAME: props.table.tableName,
      MEDIA_BUCKET: props.media.bucketName,
      MEDIA_URL_MODE: 's3',
      LEARNER_POOL_ID: props.pools.learner.userPool.userPoolId,
      LEARNER_CLIENT_ID: props.pools.learner.client.userPoolClientId,
      ADMIN_POOL_ID: props.pools.admin.userPool.userPoolId,
      ADMIN_CLIENT_ID: props.pools.admin.client.userPoolClientId,
      LOG_LEVEL: 'INFO',
    };
    const extraEnv: Partial<Record<RouteGroup, Record<string, string>>> = {
      payments: { RAZORPAY_SECRET_ARN: props.secrets.razorpay.secretArn },
      ai: { OPENAI_SECRET_ARN: props.secrets.openai.secretArn },
    };
    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      createDefaultStage: true,
      description: 'GIA School API',
    });

    for (const group of ROUTE_GROUPS) {
      const routes = routesOfGroup(group).filter((r) => !r.localOnly);
      if (!routes.length) continue;
      const { fn } = new BaseFunction(this, `Fn-${group}`, {
        entry: `${functionsDir}${handlerEntry(group)}`,
        env: { ...env, ...extraEnv[group] },
        code: props.code,
      });
      this.functions[group] = fn;
      grantGroup(group, fn, props);
      const integration = new HttpLambdaIntegration(`Int-${group}`, fn);
      for (const r of routes) {
        new apigw.HttpRoute(this, `Route-${r.name}`, {
          httpApi: this.httpApi,
          routeKey: apigw.HttpRouteKey.with(r.path, apigw.HttpMethod[r.method]),
          integration,
        });
      }
    }
    // Unknown paths reach a function too, which answers the contract's JSON 404/405.
    const health = this.functions.health;
    if (health) {
      new apigw.HttpRoute(this, 'Route-default', {
        httpApi: this.httpApi,
        routeKey: apigw.HttpRouteKey.DEFAULT,
        integration: new HttpLambdaIntegration('Int-default', health),
      });
    }

    // Orders unpaid 15 minutes after creation are checked against Razorpay every 5 minutes.
    const reconcile = new BaseFunction(this, 'Fn-reconcile', {
      entry: `${functionsDir}src/payments/reconcile.ts`,
      env: { ...env, ...extraEnv.payments },
      code: props.code,
      timeout: Duration.minutes(2),
    }).fn;
    props.table.grantReadWriteData(reconcile);
    props.secrets.razorpay.grantRead(reconcile);
    new events.Rule(this, 'ReconcileSchedule', {
      schedule: events.Schedule.rate(Duration.minutes(5)),
      targets: [new targets.LambdaFunction(reconcile)],
    });
    this.reconcile = reconcile;
  }

  readonly reconcile: lambda.Function;

  /** Alarms: API 5xx, and each function's errors and throttles. */
  alarms(scope: Construct): cloudwatch.Alarm[] {
    const alarms = [
      new cloudwatch.Alarm(scope, 'Api5xx', {
        metric: this.httpApi.metricServerError({ period: Duration.minutes(5) }),
        threshold: 5,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        alarmDescription: 'The API answered 5xx at least 5 times in 5 minutes.',
      }),
    ];
    for (const [group, fn] of [
      ...Object.entries(this.functions),
      ['reconcile', this.reconcile] as const,
    ]) {
      if (!fn) continue;
      alarms.push(
        new cloudwatch.Alarm(scope, `Errors-${group}`, {
          metric: fn.metricErrors({ period: Duration.minutes(5) }),
          threshold: 1,
          evaluationPeriods: 1,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
        new cloudwatch.Alarm(scope, `Throttles-${group}`, {
          metric: fn.metricThrottles({ period: Duration.minutes(5) }),
          threshold: 1,
          evaluationPeriods: 1,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      );
    }
    return alarms;
  }
}
