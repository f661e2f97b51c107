import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Duration, Fn, RemovalPolicy } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * CloudFront in front of everything: the SPA from its bucket (client routes fall back to
 * index.html), `/api/*` to the HTTP API uncached with every viewer header (Authorization
 * included), and public images under `/media/public/*` from the media bucket, cached.
 */
export class WebHosting extends Construct {
  readonly distribution: cloudfront.Distribution;
  readonly siteBucket: s3.Bucket;

  constructor(
    scope: Construct,
    id: string,
    props: {
      api: apigw.HttpApi;
      media: s3.IBucket;
      prod: boolean;
      domainName?: string;
      certificateArn?: string;
      webDist?: string;
    },
  ) {
    super(scope, id);
    this.siteBucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        contentSecurityPolicy: {
          // Razorpay Checkout loads its script and frames from its own hosts; uploads and
          // private media go straight to S3.
          contentSecurityPolicy: [
            "default-src 'self'",
            "script-src 'self' https://checkout.razorpay.com",
            'frame-src https://api.razorpay.com https://checkout.razorpay.com',
            "connect-src 'self' https://*.amazonaws.com https://lumberjack.razorpay.com",
            "img-src 'self' data: https://*.amazonaws.com https://*.razorpay.com",
            "media-src 'self' https://*.amazonaws.com",
            "style-src 'self' 'unsafe-inline'",
            "frame-ancestors 'none'",
          ].join('; '),
          override: true,
        },
      },
    });

    const stripMedia = new cloudfront.Function(this, 'StripMediaPrefix', {
      code: cloudfront.FunctionCode.fromInline(
        "function handler(event) { var r = event.request; r.uri = r.uri.replace(/^\\/media\\//, '/'); return r; }",
      ),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    const apiDomain = Fn.select(2, Fn.split('/', props.api.apiEndpoint));
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      defaultRootObject: 'index.html',
      domainNames: props.domainName ? [props.domainName] : undefined,
      certificate: props.certificateArn
        ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
        : undefined,
      minimumProtocolVersion: props.certificateArn
        ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021
        : undefined,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: headers,
        compress: true,
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(apiDomain),
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          responseHeadersPolicy: headers,
        },
        '/media/public/*': {
          origin: origins.S3BucketOrigin.withOriginAccessControl(props.media),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          functionAssociations: [
            { function: stripMedia, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
          responseHeadersPolicy: headers,
        },
      },
      // Client routes (no file behind them) get the SPA.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(0),
      })),
    });

    const dist = props.webDist ?? WEB_DIST;
    if (existsSync(`${dist}/index.html`)) {
      new s3deploy.BucketDeployment(this, 'DeploySite', {
        sources: [s3deploy.Source.asset(dist)],
        destinationBucket: this.siteBucket,
        distribution: this.distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      });
    }
  }
}
