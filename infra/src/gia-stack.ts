import { CfnOutput, Stack, type CfnElement, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subs from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import type { Config } from './config.ts';
import { Api } from './constructs/api.ts';
import { DataTable } from './constructs/data-table.ts';
import { MediaStorage } from './constructs/media.ts';
import { UserPools } from './constructs/user-pools.ts';
import { WebHosting } from './constructs/web-hosting.ts';
import { suppressWithReasons } from './nag.ts';

export interface GiaStackProps extends StackProps {
  config: Config;
  /** Tests only: a stand-in for bundling each function. */
  code?: (entry: string) => lambda.Code;
  webDist?: string;
}

/** The whole product in one stack: data, identity, media, API, site and monitoring. */
export class GiaStack extends Stack {
  readonly api: Api;

  constructor(scope: Construct, id: string, props: GiaStackProps) {
    super(scope, id, props);
    const prod = props.config.stage === 'prod';
    const { table } = new DataTable(this, 'Data', { prod });
    const pools = new UserPools(this, 'Identity', { prod });
    const { bucket: media } = new MediaStorage(this, 'Media', {
      prod,
      siteOrigins: props.config.domainName ? [`https://${props.config.domainName}`] : ['*'],
    });
    // Provider keys are filled in after the first deploy (README: secrets); placeholders keep
    // Razorpay and the AI teacher off until then.
    const secrets = {
      razorpay: new secretsmanager.Secret(this, 'RazorpayKeys', {
        description: 'Razorpay key_id, key_secret and webhook_secret (JSON)',
        generateSecretString: {
          secretStringTemplate: JSON.stringify({ key_id: 'REPLACE_ME', key_secret: 'REPLACE_ME' }),
          generateStringKey: 'webhook_secret',
          excludePunctuation: true,
        },
      }),
      openai: new secretsmanager.Secret(this, 'OpenAiKey', {
        description: 'OpenAI API key (JSON {"api_key": "..."})',
        generateSecretString: {
          secretStringTemplate: JSON.stringify({ api_key: 'REPLACE_ME' }),
          generateStringKey: 'unused',
        },
      }),
    };
    this.api = new Api(this, 'Api', { table, media, pools, secrets, code: props.code });
    const web = new WebHosting(this, 'Web', {
      api: this.api.httpApi,
      media,
      prod,
      domainName: props.config.domainName,
      certificateArn: props.config.certificateArn,
      webDist: props.webDist,
    });

    const alarms = this.api.alarms(this);
    if (props.config.alarmEmail) {
      const topic = new sns.Topic(this, 'AlarmTopic', { enforceSSL: true });
      topic.addSubscription(new subs.EmailSubscription(props.config.alarmEmail));
      for (const a of alarms) a.addAlarmAction(new cwActions.SnsAction(topic));
    }
    new cloudwatch.Dashboard(this, 'Dashboard', {
      widgets: [
        [new cloudwatch.AlarmStatusWidget({ alarms, title: 'GIA School alarms', width: 24 })],
      ],
    });

    new CfnOutput(this, 'SiteUrl', {
      value: props.config.domainName
        ? `https://${props.config.domainName}`
        : `https://${web.distribution.distributionDomainName}`,
    });
    new CfnOutput(this, 'ApiUrl', { value: this.api.httpApi.apiEndpoint });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'MediaBucket', { value: media.bucketName });
    new CfnOutput(this, 'LearnerPoolId', { value: pools.learner.userPool.userPoolId });
    new CfnOutput(this, 'LearnerClientId', { value: pools.learner.client.userPoolClientId });
    new CfnOutput(this, 'AdminPoolId', { value: pools.admin.userPool.userPoolId });
    new CfnOutput(this, 'AdminClientId', { value: pools.admin.client.userPoolClientId });
    new CfnOutput(this, 'RazorpaySecretArn', { value: secrets.razorpay.secretArn });
    new CfnOutput(this, 'OpenAiSecretArn', { value: secrets.openai.secretArn });
    new CfnOutput(this, 'WebhookUrl', {
      value: `https://${props.config.domainName ?? web.distribution.distributionDomainName}/api/v1/payments/webhook`,
    });
    suppressWithReasons(this, {
      table: table.node.defaultChild as CfnElement,
      media: media.node.defaultChild as CfnElement,
      site: web.siteBucket.node.defaultChild as CfnElement,
    });
  }
}
