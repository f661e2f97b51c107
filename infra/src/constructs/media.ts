import { Duration, RemovalPolicy, Stack, type CfnElement } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { LEARNER_PENDING_PREFIX } from '@gia/shared';
import { acceptFindings } from '../nag.ts';

/** The id CDK gives its singleton AwsCustomResource function in a stack. */
const AWS_CUSTOM_RESOURCE_PROVIDER = 'AWS679f53fac002430cb0da5b7982bd2287';

export interface MediaStorageProps {
  readonly prod: boolean;
}

/**
 * The media bucket. Nothing in it is public: keys under `public/` (images) reach browsers through
 * CloudFront (`/media/public/*`, origin access control); keys under `private/` (videos, notes) only
 * through S3 presigned GET URLs that the API hands to a caller entitled to them; learners' images
 * wait unchecked under `private/tmp/` until attached, and expire there after a day. Uploads go
 * straight from the browser with a presigned POST whose policy fixes key, type and size, from the
 * site's origin only ({@link MediaStorage.allowSiteOrigin}).
 */
export class MediaStorage extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: MediaStorageProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: props.prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !props.prod,
      lifecycleRules: [
        // A 2 GiB video that never finished uploading should not be paid for.
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // A learner's image waits, unchecked, under private/tmp/<user>/ until it is attached to
        // the profile (then it is moved to public/images/); one never attached is removed.
        {
          id: 'ExpireUnattachedUploads',
          prefix: LEARNER_PENDING_PREFIX,
          expiration: Duration.days(1),
        },
      ],
    });
    acceptFindings(this, [
      {
        id: 'AwsSolutions-S1',
        reason:
          'Reads come through CloudFront or short-lived presigned URLs issued by the API, which logs each issue; S3 server access logs are not kept in this release.',
      },
    ]);
  }

  /**
   * Lets the site's pages post uploads (presigned POST) and read signed media from the bucket,
   * and no other origin. The site's origin is the distribution's domain, which exists only after
   * the distribution, which reads this bucket; so the CORS rules are put by a custom resource once
   * both exist, instead of being a property of the bucket (that would be a dependency cycle).
   */
  allowSiteOrigin(origin: string): void {
    const putCors: cr.AwsSdkCall = {
      service: 'S3',
      action: 'putBucketCors',
      parameters: {
        Bucket: this.bucket.bucketName,
        CORSConfiguration: {
          CORSRules: [
            {
              // POST: presigned uploads; GET/HEAD: signed video and notes reads from the site.
              AllowedMethods: ['POST', 'GET', 'HEAD'],
              AllowedOrigins: [origin],
              AllowedHeaders: ['*'],
              MaxAgeSeconds: 3000,
            },
          ],
        },
      },
      physicalResourceId: cr.PhysicalResourceId.of(`${this.node.addr}-cors`),
    };
    new cr.AwsCustomResource(this, 'SiteCors', {
      onCreate: putCors,
      onUpdate: putCors,
      policy: cr.AwsCustomResourcePolicy.fromSdkCalls({ resources: [this.bucket.bucketArn] }),
      installLatestAwsSdk: false,
    });
    // The call runs in CDK's one AwsCustomResource function per stack.
    const provider = Stack.of(this).node.tryFindChild(AWS_CUSTOM_RESOURCE_PROVIDER);
    if (provider) {
      acceptFindings(provider, [
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason:
            'CDK’s AwsCustomResource function (it puts the bucket’s CORS rules) writes its own logs with the basic execution role.',
        },
      ]);
    }
  }

  /** The bucket's ARN as cdk-nag spells it in findings: `<LogicalId.Arn>`. */
  get nagArn(): string {
    return `<${Stack.of(this).getLogicalId(this.bucket.node.defaultChild as CfnElement)}.Arn>`;
  }
}
