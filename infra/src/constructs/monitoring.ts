import { Duration } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subs from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface MonitoringProps {
  readonly stage: apigw.HttpStage;
  /** The functions to watch, by a short name used in alarm names. */
  readonly functions: Record<string, lambda.IFunction>;
  /** Where alarm notifications are e-mailed (optional: without it, alarms only show). */
  readonly alarmEmail?: string;
}

const period = Duration.minutes(5);

/**
 * Alarms on what users would notice: the API answering 5xx, and any function erroring or being
 * throttled; an SNS topic e-mails them when an address is configured, and a dashboard shows them.
 */
export class Monitoring extends Construct {
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const alarm = (id: string, metric: cloudwatch.IMetric, threshold: number, what: string) =>
      this.alarms.push(
        new cloudwatch.Alarm(this, id, {
          metric,
          threshold,
          evaluationPeriods: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
          alarmDescription: what,
        }),
      );

    alarm(
      'Api5xx',
      props.stage.metricServerError({ period, statistic: 'Sum' }),
      5,
      'The API answered 5xx at least 5 times in 5 minutes.',
    );
    for (const [name, fn] of Object.entries(props.functions)) {
      alarm(
        `Errors-${name}`,
        fn.metricErrors({ period, statistic: 'Sum' }),
        1,
        `The ${name} function failed at least once in 5 minutes.`,
      );
      alarm(
        `Throttles-${name}`,
        fn.metricThrottles({ period, statistic: 'Sum' }),
        1,
        `The ${name} function was throttled in the last 5 minutes.`,
      );
    }

    if (props.alarmEmail) {
      const topic = new sns.Topic(this, 'AlarmTopic', { enforceSSL: true });
      topic.addSubscription(new subs.EmailSubscription(props.alarmEmail));
      for (const a of this.alarms) a.addAlarmAction(new cwActions.SnsAction(topic));
    }
    new cloudwatch.Dashboard(this, 'Dashboard', {
      widgets: [
        [new cloudwatch.AlarmStatusWidget({ alarms: this.alarms, title: 'GIA School', width: 24 })],
      ],
    });
  }
}
