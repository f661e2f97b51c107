import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import { routePath } from '@gia/shared';
import type { Construct } from 'constructs';
import { groupVariables, type Config } from './config.ts';
import { Api } from './constructs/api.ts';
import { UserPools } from './constructs/auth.ts';
import { MediaStorage } from './constructs/media.ts';
import { ORIGIN_HEADER } from './constructs/origin-check.ts';
import { Monitoring } from './constructs/monitoring.ts';
import { ProviderSecrets } from './constructs/secrets.ts';
import { DataTable } from './constructs/table.ts';
import { WebHosting } from './constructs/web-hosting.ts';

export interface GiaStackProps extends StackProps {
  readonly config: Config;
  /** The WAF web ACL (CloudFront scope, in us-east-1) attached to the distribution. */
  readonly webAclArn: string;
  /** The built SPA to deploy (default `web/dist`); tests pass a tiny stand-in. */
  readonly webDist?: string;
}

/**
 * The whole product but its WAF web ACL (in the us-east-1 edge stack) in one stack:
 *
 *   browser ─► WAF ─► CloudFront ─┬─ /               SPA bucket
 *                                 ├─ /api/*          HTTP API ─► one Lambda per route group
 *                                 └─ /media/public/* media bucket (private/* only by presigned URL)
 *   Lambdas ─► DynamoDB table · media bucket · Cognito (learner pool, admin pool) · secrets · SES
 *   learner pool ─► custom-auth triggers (sign-in with a code) ─► DynamoDB table
 *   EventBridge (every 5 min) ─► reconciliation of unpaid orders
 */
export class GiaStack extends Stack {
  readonly table: DataTable;
  readonly pools: UserPools;
  readonly media: MediaStorage;
  readonly secrets: ProviderSecrets;
  readonly api: Api;
  readonly web: WebHosting;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: GiaStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prod = config.stage === 'prod';
    const logRetention = prod ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.ONE_MONTH;

    this.table = new DataTable(this, 'Data', { prod });
    this.pools = new UserPools(this, 'Identity', { prod, table: this.table, logRetention });
    this.media = new MediaStorage(this, 'Media', { prod });
    this.secrets = new ProviderSecrets(this, 'Secrets', { hlsPublicKey: config.hlsPublicKey });
    this.api = new Api(this, 'Api', {
      resources: {
        table: this.table,
        media: this.media,
        pools: this.pools,
        secrets: this.secrets,
        mailFrom: config.mailFrom,
      },
      groupEnvironment: groupVariables(config),
      logRetention,
    });
    this.web = new WebHosting(this, 'Web', {
      api: this.api.httpApi,
      media: this.media.bucket,
      domainName: config.domainName,
      certificateArn: config.certificateArn,
      originHeader: { name: ORIGIN_HEADER, value: this.api.originCheck.headerValue },
      webAclArn: props.webAclArn,
      webDist: props.webDist,
      hlsKeyGroup: this.secrets.hlsKeyGroup,
    });
    this.media.allowSiteOrigin(this.web.url);
    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage: this.api.stage,
      functions: {
        ...Object.fromEntries(Object.entries(this.api.groups).map(([g, rg]) => [g, rg.fn])),
        reconcile: this.api.reconcile,
        invoicing: this.api.invoicing.fn,
        'insights-stream': this.api.insightsStream.fn,
        'origin-check': this.api.originCheck.fn,
        'auth-triggers': this.pools.authTriggers,
      },
      alarmEmail: config.alarmEmail,
    });

    // What `npm run create-admin`, DEPLOY.md and the Razorpay dashboard need.
    const output = (id: string, value: string, description: string) =>
      new CfnOutput(this, id, { value, description });
    output('SiteUrl', this.web.url, 'The site');
    output('WebhookUrl', `${this.web.url}${routePath('payments.webhook')}`, 'Razorpay webhook URL');
    output(
      'ApiUrl',
      this.api.httpApi.apiEndpoint,
      'The HTTP API: answers only requests that come through the site’s /api/*',
    );
    output('TableName', this.table.table.tableName, 'TABLE_NAME');
    output('MediaBucketName', this.media.bucket.bucketName, 'MEDIA_BUCKET');
    output('LearnerPoolId', this.pools.learner.userPool.userPoolId, 'LEARNER_POOL_ID');
    output('LearnerClientId', this.pools.learner.client.userPoolClientId, 'LEARNER_CLIENT_ID');
    output('AdminPoolId', this.pools.admin.userPool.userPoolId, 'ADMIN_POOL_ID');
    output('AdminClientId', this.pools.admin.client.userPoolClientId, 'ADMIN_CLIENT_ID');
    output('RazorpaySecretArn', this.secrets.razorpay.secretArn, 'Razorpay keys (fill in)');
    output('OpenAiSecretArn', this.secrets.openai.secretArn, 'OpenAI key (fill in)');
    output('HlsSigningSecretArn', this.secrets.hlsSigning.secretArn, 'HLS signing key (fill in)');
  }
}
