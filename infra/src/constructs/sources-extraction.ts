import { Duration, Stack } from 'aws-cdk-lib';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { grantNeeds, type ApiResources, type Needs } from './api-route-group.ts';
import { BaseFunction } from './base-function.ts';
import { acceptFindings } from '../nag.ts';

/** The id CDK gives its singleton function that puts a stack's bucket notifications. */
const NOTIFICATIONS_HANDLER = 'BucketNotificationsHandler050a0587b7544547bf325f094a3db834';

/** Where the sources function is notified: uploaded notes and captions. */
export const SOURCE_PREFIXES = ['private/notes/', 'private/captions/'] as const;

/**
 * It reads the uploaded object and writes its extracted text (`SOURCE#<key>`, an UpdateItem).
 */
export const SOURCES_NEEDS: Needs = { table: ['UpdateItem'], mediaRead: [...SOURCE_PREFIXES] };

export interface SourcesExtractionProps {
  readonly resources: ApiResources;
  /** The variables every function gets (table, bucket, pools, log level). */
  readonly environment: Record<string, string>;
  readonly logRetention: logs.RetentionDays;
}

/**
 * The AI teacher's sources function (docs/ai-teacher.md): S3 ObjectCreated notifications of
 * `private/notes/` and `private/captions/` run `functions/src/sources/handler.ts`, which extracts a
 * PDF's text per page (unpdf, about 1 MB: in this function only, never in a route group) or a
 * WebVTT file's cues. Separate from the video pipeline's notifications (other prefixes).
 */
export class SourcesExtraction extends Construct {
  readonly fn: NodejsFunction;

  constructor(scope: Construct, id: string, props: SourcesExtractionProps) {
    super(scope, id);
    this.fn = new BaseFunction(this, 'Function', {
      entry: 'src/sources/handler.ts',
      description: 'GIA School: extract the text of uploaded notes and captions',
      environment: props.environment,
      // A long PDF takes a while; S3 retries a failed asynchronous invocation twice.
      timeout: Duration.minutes(2),
      logRetention: props.logRetention,
    }).fn;
    grantNeeds(this.fn, SOURCES_NEEDS, props.resources);
    const bucket = props.resources.media.bucket;
    for (const prefix of SOURCE_PREFIXES) {
      bucket.addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.LambdaDestination(this.fn), {
        prefix,
      });
    }
    const notifications = Stack.of(this).node.tryFindChild(NOTIFICATIONS_HANDLER);
    if (notifications) {
      acceptFindings(notifications, [
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason:
            'CDK’s bucket-notifications function (it puts the media bucket’s S3 event notifications) writes its own logs with the basic execution role.',
        },
      ]);
    }
  }
}
