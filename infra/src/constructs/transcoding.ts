import { Duration, Stack, Token } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as mediaconvert from 'aws-cdk-lib/aws-mediaconvert';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import { Construct } from 'constructs';
import { HLS_PREFIX, VIDEO_SOURCE_PREFIX } from '@gia/shared';
import { mediaConvertSettings } from '@gia/shared/mediaconvert.ts';
import { grantNeeds, type ApiResources, type Needs } from './api-route-group.ts';
import { BaseFunction } from './base-function.ts';
import { acceptFindings } from '../nag.ts';

/**
 * The transcoding function's table and media needs: the video items and their records, and the
 * renditions' playlists and segment sizes read from the HLS folder (a missing one reads as
 * missing: list).
 */
export const TRANSCODING_NEEDS: Needs = {
  table: ['GetItem', 'UpdateItem'],
  mediaRead: [HLS_PREFIX],
  mediaList: true,
};

/** The job user metadata key the job-state rule matches (functions/src/media-jobs/mediaconvert.ts). */
const APP_METADATA = 'gia_app';

/** How cdk-nag writes an ARN part: the value when known at synthesis, else the pseudo parameter. */
const nagPart = (value: string, pseudo: string) =>
  Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value;

export interface TranscodingProps {
  readonly resources: ApiResources;
  /** The variables every function gets (table, bucket, pools, log level). */
  readonly environment: Record<string, string>;
  readonly logRetention: logs.RetentionDays;
}

/**
 * Video transcoding in AWS (issue 15): an upload under `private/videos/` starts an AWS Elemental
 * MediaConvert job from this stack's job template (the HLS ladder of shared/src/video.ts, built by
 * shared/src/mediaconvert.ts), run with its own role that may only read the uploaded videos and
 * write the HLS folders; the job's "Job State Change" event (COMPLETE, ERROR, this stack's jobs
 * only) updates the video and its records. One function (functions/src/media-jobs/
 * transcoding.ts) handles both events: it carries the MediaConvert client, which no route group
 * does (the route group's retry re-announces the upload instead).
 */
export class Transcoding extends Construct {
  readonly fn: NodejsFunction;
  readonly role: iam.Role;
  readonly template: mediaconvert.CfnJobTemplate;
  readonly rule: events.Rule;

  constructor(scope: Construct, id: string, props: TranscodingProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const bucket = props.resources.media.bucket;

    this.role = new iam.Role(this, 'MediaConvertRole', {
      assumedBy: new iam.ServicePrincipal('mediaconvert.amazonaws.com'),
      description: 'GIA School: MediaConvert reads uploaded videos and writes their HLS renditions',
    });
    this.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [bucket.arnForObjects(`${VIDEO_SOURCE_PREFIX}*`)],
      }),
    );
    this.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:PutObject'],
        resources: [bucket.arnForObjects(`${HLS_PREFIX}*`)],
      }),
    );
    acceptFindings(this.role, [
      {
        id: `AwsSolutions-IAM5[Resource::${props.resources.media.nagArn}/${VIDEO_SOURCE_PREFIX}*]`,
        reason: 'MediaConvert reads any uploaded source video (their keys are made per upload).',
      },
      {
        id: `AwsSolutions-IAM5[Resource::${props.resources.media.nagArn}/${HLS_PREFIX}*]`,
        reason: 'MediaConvert writes each video’s renditions into its own HLS folder.',
      },
    ]);

    const templateName = `${stack.stackName}-hls`;
    this.template = new mediaconvert.CfnJobTemplate(this, 'Template', {
      name: templateName,
      description: 'GIA School: the HLS ladder (234p–720p, 4 s segments) and a poster',
      settingsJson: mediaConvertSettings(),
      statusUpdateInterval: 'SECONDS_60',
    });

    this.fn = new BaseFunction(this, 'Function', {
      entry: 'src/media-jobs/transcoding.ts',
      description: 'GIA School: start MediaConvert jobs for uploaded videos and record their end',
      environment: {
        ...props.environment,
        MEDIACONVERT_TEMPLATE: templateName,
        MEDIACONVERT_ROLE_ARN: this.role.roleArn,
        MEDIACONVERT_APP: stack.stackName,
      },
      // Sizing the renditions of a long video reads every segment's size.
      timeout: Duration.minutes(2),
      logRetention: props.logRetention,
    }).fn;
    grantNeeds(this.fn, TRANSCODING_NEEDS, props.resources);
    const queue = stack.formatArn({
      service: 'mediaconvert',
      resource: 'queues',
      resourceName: 'Default',
    });
    const jobs = stack.formatArn({ service: 'mediaconvert', resource: 'jobs', resourceName: '*' });
    this.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['mediaconvert:CreateJob'],
        resources: [jobs, this.template.attrArn, queue],
      }),
    );
    this.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.role.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'mediaconvert.amazonaws.com' } },
      }),
    );
    acceptFindings(this.fn, [
      {
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:mediaconvert:${nagPart(stack.region, 'Region')}:${nagPart(stack.account, 'AccountId')}:jobs/*]`,
        reason:
          'CreateJob authorises the new job’s ARN, whose id MediaConvert assigns; the job template and the queue are named.',
      },
    ]);

    bucket.addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.LambdaDestination(this.fn), {
      prefix: VIDEO_SOURCE_PREFIX,
    });
    this.rule = new events.Rule(this, 'JobStateChange', {
      description: 'MediaConvert jobs of this stack that completed or failed',
      eventPattern: {
        source: ['aws.mediaconvert'],
        detailType: ['MediaConvert Job State Change'],
        detail: {
          status: ['COMPLETE', 'ERROR'],
          userMetadata: { [APP_METADATA]: [stack.stackName] },
        },
      },
      targets: [new targets.LambdaFunction(this.fn, { retryAttempts: 2 })],
    });
  }
}
