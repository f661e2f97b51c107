import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { BASES, SESSION_COOKIE } from '@gia/shared';
import { PAGE_SHELLS, pageFileFor } from '@gia/shared/page-shells.ts';
import { ORIGIN_HEADER } from '../src/constructs/origin-check.ts';
import { PUBLIC_CACHE_PATHS } from '../src/constructs/web-hosting.ts';
import { idOf, ofType, givenStacks, TEST_HLS_PUBLIC_KEY, type Resource } from './template.ts';

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

  it('caches public media and has no path to private media but signed HLS videos', () => {
    expect(behavior('/media/public/*')).toMatchObject({
      CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6', // Managed-CachingOptimized
    });
    expect(
      config()
        .CacheBehaviors.map((b) => b.PathPattern)
        .sort(),
    ).toEqual(
      [
        '/api/*',
        '/api/v1/classadmin/login/*',
        '/api/v1/classuser/login/*',
        '/media/private/hls/*',
        '/media/public/*',
        // The public catalogue reads (infra/test/edge-cache.test.ts).
        ...PUBLIC_CACHE_PATHS,
      ].sort(),
    );
  });

  it('opens /media/private/hls/* only with cookies signed by the trusted key group (issue 15)', () => {
    const hls = behavior('/media/private/hls/*');
    expect(hls).toMatchObject({
      ViewerProtocolPolicy: 'https-only',
      TargetOriginId: behavior('/media/public/*').TargetOriginId,
      TrustedKeyGroups: [{ Ref: idOf(given.stack.secrets.hlsKeyGroup!) }],
    });
    expect(hls.TrustedSigners).toBeUndefined();
    const [keyGroupId, keyGroup] = ofType('AWS::CloudFront::KeyGroup')[0]!;
    expect(keyGroupId).toBe(idOf(given.stack.secrets.hlsKeyGroup!));
    expect(keyGroup!.Properties.KeyGroupConfig).toMatchObject({
      Items: [{ Ref: idOf(given.stack.secrets.hlsPublicKey!) }],
    });
    const [, publicKey] = ofType('AWS::CloudFront::PublicKey')[0]!;
    expect(
      (publicKey!.Properties.PublicKeyConfig as { EncodedKey: string }).EncodedKey.trim(),
    ).toBe(TEST_HLS_PUBLIC_KEY.trim());
    // Its private half waits in Secrets Manager, filled in by the operator.
    const secret = given.resources[idOf(given.stack.secrets.hlsSigning)]!;
    expect(secret.Type).toBe('AWS::SecretsManager::Secret');
    expect(
      (secret.Properties.GenerateSecretString as { SecretStringTemplate: string })
        .SecretStringTemplate,
    ).toBe(JSON.stringify({ private_key: 'REPLACE_ME' }));
  });

  it('lets the viewer keep HLS files privately for a day, with the site’s security headers (issue 30)', () => {
    const policyOf = (pattern: string) =>
      given.resources[(behavior(pattern).ResponseHeadersPolicyId as { Ref: string }).Ref]!
        .Properties.ResponseHeadersPolicyConfig as Record<string, unknown>;
    const hls = policyOf('/media/private/hls/*');
    expect(hls.CustomHeadersConfig).toEqual({
      Items: [{ Header: 'Cache-Control', Value: 'private, max-age=86400', Override: true }],
    });
    // The edge still caches them by the cache policy; the header is only what the viewer gets.
    expect(behavior('/media/private/hls/*').CachePolicyId).toBe(
      behavior('/media/public/*').CachePolicyId,
    );
    expect(hls.SecurityHeadersConfig).toEqual(policyOf('/api/*').SecurityHeadersConfig);
    expect(policyOf('/api/*').CustomHeadersConfig).toBeUndefined();
  });

  it('tells the API the host the viewer asked for, whatever the viewer sends', () => {
    const assoc = behavior('/api/*').FunctionAssociations as {
      FunctionARN: { 'Fn::GetAtt': string[] };
    }[];
    const fn = given.resources[assoc[0]!.FunctionARN['Fn::GetAtt'][0]!]!.Properties as {
      FunctionCode: string;
    };
    const handler = new Function(`${fn.FunctionCode}; return handler;`)() as (e: unknown) => {
      headers: Record<string, { value: string }>;
    };
    const out = handler({
      request: {
        uri: '/api/x',
        headers: { host: { value: 'gia.example' }, 'x-gia-viewer-host': { value: '*' } },
      },
    });
    expect(out.headers['x-gia-viewer-host']).toEqual({ value: 'gia.example' });
  });

  describe('cookies to the API (issue 29)', () => {
    const loginPaths = [`${BASES.learner}/login/*`, `${BASES.admin}/login/*`];
    type Cookies = Record<string, { value: string }>;
    /** The viewer-request function of a behaviour, run on a request with these cookies. */
    const cookiesPassedOn = (path: string, cookies: Cookies) => {
      const assoc = behavior(path).FunctionAssociations as {
        EventType: string;
        FunctionARN: { 'Fn::GetAtt': string[] };
      }[];
      expect(
        assoc.map((a) => a.EventType),
        path,
      ).toEqual(['viewer-request']);
      const fn = given.resources[assoc[0]!.FunctionARN['Fn::GetAtt'][0]!]!.Properties as {
        FunctionCode: string;
        FunctionConfig: { Runtime: string };
      };
      expect(fn.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
      const handler = new Function(`${fn.FunctionCode}; return handler;`)() as (e: unknown) => {
        cookies: Cookies;
        headers: Record<string, { value: string }>;
      };
      const out = handler({
        request: { uri: path, headers: { host: { value: 'gia.example' } }, cookies },
      });
      expect(out.headers['x-gia-viewer-host'], path).toEqual({ value: 'gia.example' });
      return out.cookies;
    };
    const browserCookies = (): Cookies => ({
      [SESSION_COOKIE]: { value: 'refresh-token' },
      'CloudFront-Policy': { value: 'p' },
      other: { value: 'x' },
    });

    it('sends each pool’s login paths to the API like /api/*, ahead of it', () => {
      const patterns = config().CacheBehaviors.map((b) => b.PathPattern as string);
      for (const path of loginPaths) {
        // CloudFront takes the first behaviour that matches: a login path must come first.
        expect(patterns.indexOf(path), path).toBeGreaterThanOrEqual(0);
        expect(patterns.indexOf(path), path).toBeLessThan(patterns.indexOf('/api/*'));
        const { FunctionAssociations: _ownFunction, ...login } = behavior(path);
        const { FunctionAssociations: _apiFunction, ...api } = behavior('/api/*');
        expect(login, path).toEqual({ ...api, PathPattern: path });
        expect(login, path).toMatchObject({
          AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
          CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
          ViewerProtocolPolicy: 'https-only',
        });
      }
    });

    it('passes on the session cookie, and nothing else, only on the login paths', () => {
      for (const path of loginPaths) {
        expect(cookiesPassedOn(path, browserCookies()), path).toEqual({
          [SESSION_COOKIE]: { value: 'refresh-token' },
        });
        expect(cookiesPassedOn(path, {}), path).toEqual({});
      }
    });

    it('passes on no cookie at all on /api/*', () => {
      expect(cookiesPassedOn('/api/*', browserCookies())).toEqual({});
    });

    it('still lets the API set cookies: no API behaviour is one that forwards no cookies (CloudFront would strip Set-Cookie)', () => {
      // The session cookie on the login paths; HLS access cookies on /api/* (issue 15). The
      // managed policy forwards all cookies, so CloudFront keeps Set-Cookie; the viewer-request
      // functions above decide which cookies actually reach the API.
      for (const path of [...loginPaths, '/api/*']) {
        expect(behavior(path).OriginRequestPolicyId, path).toBe(
          'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
        );
        expect(behavior(path).ForwardedValues, path).toBeUndefined();
      }
    });

    it('leaves the HLS access cookies to CloudFront on /media/private/hls/* (not forwarded to S3)', () => {
      const hls = behavior('/media/private/hls/*');
      expect(hls.CachePolicyId).toBe('658327ea-f89d-4fab-a63d-7e88639e58f6'); // CachingOptimized
      expect(hls.OriginRequestPolicyId).toBeUndefined();
      expect(hls.TrustedKeyGroups).toBeDefined();
    });
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
    const at = (uri: string, querystring: Record<string, { value: string }> = {}) => ({
      request: { uri, querystring },
    });
    expect(spa(at('/AdminLoginNew')).uri).toBe('/index.html');
    expect(spa(at('/class/01J/subjects')).uri).toBe('/index.html');
    expect(spa(at('/assets/index-abc123.js')).uri).toBe('/assets/index-abc123.js');
    // The prerendered pages (issue 30), as the local gateway maps them (pageFileFor).
    expect(spa(at('/')).uri).toBe(`/${PAGE_SHELLS.landing.file}`);
    expect(spa(at('/GetTopic')).uri).toBe(`/${PAGE_SHELLS.lesson.file}`);
    expect(spa(at('/classes/01J')).uri).toBe(`/${PAGE_SHELLS.class.file}`);
    const paths = [
      ...Object.values(PAGE_SHELLS).flatMap((p) => ('paths' in p ? p.paths : [])),
      '/classes/01J',
      '/classes/01J/',
      '/classes/',
      '/classes/01J/x',
      '/subjects/01J',
      '/subjects/a/b',
      '/getboard',
      '/signin',
      '/MyCourse',
      '/constructor',
      '/toString',
    ];
    for (const path of paths) expect(spa(at(path)).uri, path).toBe(`/${pageFileFor(path)}`);
    expect(spa(at('/shells/landing.html')).uri).toBe('/shells/landing.html');
    // A board's classes only for a link with its board: without one the page says to choose one.
    expect(spa(at('/GetClasses', { board: { value: '01J' } })).uri).toBe(
      `/${pageFileFor('/GetClasses', '?board=01J')}`,
    );
    expect(spa(at('/GetClasses', { board: { value: '' } })).uri).toBe('/index.html');
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
    // hls.js's stream (Media Source Extensions) is a blob: URL; without it no HLS video plays.
    expect(csp).toMatch(/media-src [^;]* blob:;/);
    // The service worker and the web app manifest (issue 32), from the site only.
    expect(csp).toMatch(/worker-src 'self';/);
    expect(csp).toMatch(/manifest-src 'self';/);
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

  it('uploads the prerendered pages with index.html, revalidated on every visit', () => {
    // The root upload (everything but assets/): no-cache, as index.html.
    given.template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DistributionPaths: ['/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    const staged = readdirSync(given.app.outdir).filter((d) => d.startsWith('asset.'));
    const root = staged.filter((d) => existsSync(join(given.app.outdir, d, 'index.html')));
    expect(root).toHaveLength(1);
    expect(existsSync(join(given.app.outdir, root[0]!, PAGE_SHELLS.landing.file))).toBe(true);
    expect(existsSync(join(given.app.outdir, root[0]!, 'assets'))).toBe(false);
  });

  it('never caches the service worker or the web app manifest long, while hashed assets keep a year (issue 32)', () => {
    const deployments = ofType('Custom::CDKBucketDeployment').map(([, r]) => r.Properties);
    const cacheOf = (p: Record<string, unknown>) =>
      (p.SystemMetadata as Record<string, string> | undefined)?.['cache-control'];
    const assets = deployments.find((p) => p.DestinationBucketKeyPrefix === 'assets/')!;
    expect(cacheOf(assets)).toBe('public, max-age=31536000, immutable');
    const root = deployments.find((p) => p.DestinationBucketKeyPrefix === undefined)!;
    expect(cacheOf(root)).toBe('no-cache');
    // The files are in the no-cache upload (the site's root), not among the hashed assets.
    const staged = readdirSync(given.app.outdir).filter((d) => d.startsWith('asset.'));
    const rootDir = staged.find((d) => existsSync(join(given.app.outdir, d, 'index.html')))!;
    for (const file of ['sw.js', 'manifest.webmanifest'])
      expect(existsSync(join(given.app.outdir, rootDir, file)), file).toBe(true);
    for (const dir of staged.filter((d) => d !== rootDir))
      expect(existsSync(join(given.app.outdir, dir, 'sw.js')), dir).toBe(false);
  });
});
