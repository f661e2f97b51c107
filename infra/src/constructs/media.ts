import { Duration, RemovalPolicy, Stack, type CfnElement } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acceptFindings } from '../nag.ts';

export interface MediaStorageProps {
  readonly prod: boolean;
  /** Origins allowed to post uploads straight to the bucket (the site's). */
  readonly siteOrigins: string[];
}

/**
 * The media bucket. Nothing in it is public: keys under `public/` (images) reach browsers through
 * CloudFront (`/media/public/*`, origin access control); keys under `private/` (videos, notes) only
 * through S3 presigned GET URLs that the API hands to a caller entitled to them. Uploads go
 * straight from the browser with a presigned POST whose policy fixes key, type and size.
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
      cors: [
        {
          // POST: presigned uploads; GET/HEAD: signed video and notes reads from the site.
          allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedOrigins: props.siteOrigins,
          allowedHeaders: ['*'],
          maxAge: 3000,
        },
      ],
      // A 2 GiB video that never finished uploading should not be paid for.
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });
    acceptFindings(this, [
      {
        id: 'AwsSolutions-S1',
        reason:
          'Reads come through CloudFront or short-lived presigned URLs issued by the API, which logs each issue; S3 server access logs are not kept in this release.',
      },
    ]);
  }

  /** The bucket's ARN as cdk-nag spells it in findings: `<LogicalId.Arn>`. */
  get nagArn(): string {
    return `<${Stack.of(this).getLogicalId(this.bucket.node.defaultChild as CfnElement)}.Arn>`;
  }
}
