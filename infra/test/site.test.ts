import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ORIGIN_HEADER } from '../src/constructs/origin-check.ts';
import { idOf, ofType, givenStacks, type Resource } from './template.ts';

const given = givenStacks();

describe('the site', () => {
  const config = () =>
    ofType('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig as {
      Origins: { Id: string; OriginAccessControlId?: unknown; S3OriginConfig?: unknown }[];
      DefaultCacheBehavior: Record<string, unknown>;
      CacheBehaviors: Record<string, unknown>[];
      CustomErrorResponses?: unknown;
    };
  const behavior = (path: string) => config().CacheBehaviors.find((b) => b.PathPattern === path)!;

  it('reads both buckets through origin access control', () => {
    const s3Origins = config().Origins.filter((o) => o.S3OriginConfig);
    expect(s3Origins).toHaveLength(2);
    for (const o of s3Origins) {
      expect(o.OriginAccessControlId).toBeDefined();
      expect(o.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    }
    given.template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
  });

  it('sends /api/* to the HTTP API with every method, no caching and the Authorization header', () => {
    expect(behavior('/api/*')).toMatchObject({
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader
    });
  });

  it('sends the API the secret origin header, resolved from Secrets Manager at deploy (finding 19)', () => {
    const apiOriginId = behavior('/api/*').TargetOriginId;
    const origin = config().Origins.find((o) => o.Id === apiOriginId) as unknown as {
      OriginCustomHeaders: { HeaderName: string; HeaderValue: unknown }[];
    };
    expect(origin.OriginCustomHeaders).toHaveLength(1);
    const [header] = origin.OriginCustomHeaders;
    expect(header!.HeaderName).toBe(ORIGIN_HEADER);
    const value = JSON.stringify(header!.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toContain(idOf(given.stack.api.originCheck.secret));
  });

  it('caches public media and has no path to private media', () => {
    expect(behavior('/media/public/*')).toMatchObject({
      CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6', // Managed-CachingOptimized
    });
    expect(
      config()
        .CacheBehaviors.map((b) => b.PathPattern)
        .sort(),
    ).toEqual(['/api/*', '/media/public/*']);
  });

  it('answers client routes with index.html without hiding the API’s own 403 and 404', () => {
    expect(config().CustomErrorResponses).toBeUndefined();
    const code = (fnId: string) => {
      const fn = given.resources[fnId]!.Properties as { FunctionCode: string };
      return new Function(`${fn.FunctionCode}; return handler;`)() as (e: unknown) => {
        uri: string;
      };
    };
    const fnIdOf = (b: Record<string, unknown>) =>
      (b.FunctionAssociations as { FunctionARN: { 'Fn::GetAtt': string[] } }[])[0]!.FunctionARN[
        'Fn::GetAtt'
      ][0]!;
    const spa = code(fnIdOf(config().DefaultCacheBehavior));
    const at = (uri: string) => ({ request: { uri } });
    expect(spa(at('/AdminLoginNew')).uri).toBe('/index.html');
    expect(spa(at('/class/01J/subjects')).uri).toBe('/index.html');
    expect(spa(at('/assets/index-abc123.js')).uri).toBe('/assets/index-abc123.js');
    const media = code(fnIdOf(behavior('/media/public/*')));
    expect(media(at('/media/public/images/x.png')).uri).toBe('/public/images/x.png');
  });

  it('sends HSTS, a CSP that allows Razorpay Checkout, frame and content-type options', () => {
    given.template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 31536000 }),
          ContentSecurityPolicy: Match.objectLike({ Override: true }),
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ContentTypeOptions: { Override: true },
        }),
      }),
    });
    for (const b of [config().DefaultCacheBehavior, ...config().CacheBehaviors])
      expect(b.ResponseHeadersPolicyId).toBeDefined();
  });

  it('lets pages reach storage on the media bucket’s host only, and load images from the site (finding 19)', () => {
    const [[, policy]] = ofType('AWS::CloudFront::ResponseHeadersPolicy') as [[string, Resource]];
    const csp = JSON.stringify(
      (
        policy.Properties.ResponseHeadersPolicyConfig as {
          SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } };
        }
      ).SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy,
    );
    expect(csp).toMatch(/script-src [^;]*https:\/\/checkout\.razorpay\.com/);
    expect(csp).not.toContain('*.amazonaws.com');
    expect(csp).toMatch(/img-src 'self' data:;/);
    const host = JSON.stringify({
      'Fn::GetAtt': [idOf(given.stack.media.bucket), 'RegionalDomainName'],
    });
    for (const directive of ['connect-src', 'media-src'])
      expect(csp, directive).toMatch(
        new RegExp(`${directive} 'self' https://",${host.replace(/[[\]{}]/g, '\\$&')}`),
      );
  });

  it('deploys the built SPA and invalidates the distribution', () => {
    given.template.resourceCountIs('Custom::CDKBucketDeployment', 2);
    given.template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DistributionPaths: ['/*'],
    });
  });
});
