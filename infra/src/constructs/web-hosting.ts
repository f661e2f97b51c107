import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  Annotations,
  Duration,
  Fn,
  RemovalPolicy,
  Stack,
  Token,
  type CfnElement,
} from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { BASES, PUBLIC_CACHE, ROUTES, SESSION_COOKIE, pathPattern } from '@gia/shared';
import { HLS_CACHE_CONTROL } from '@gia/shared/video.ts';
import { PAGE_SHELLS, SPA_INDEX, type PageShell } from '@gia/shared/page-shells.ts';
import { acceptFindings } from '../nag.ts';

/** The built SPA (`npm run build -w web`). */
export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * The Content-Security-Policy of every response. Razorpay Checkout loads its script from
 * checkout.razorpay.com and opens frames of api.razorpay.com. Images (public media) come through
 * this distribution (`/media/public/*`); uploads (presigned POST) and private videos (presigned
 * GET) go straight to the media bucket's regional host, and nowhere else on amazonaws.com. The
 * player's HLS stream is a blob: URL (Media Source Extensions). The service worker (`/sw.js`) and
 * the web app manifest come from the site itself (issue 32).
 */
export function contentSecurityPolicy(mediaHost: string): string {
  return [
    "default-src 'self'",
    "script-src 'self' https://checkout.razorpay.com",
    'frame-src https://api.razorpay.com https://checkout.razorpay.com',
    `connect-src 'self' https://${mediaHost} https://*.razorpay.com`,
    "img-src 'self' data:",
    // hls.js plays through Media Source Extensions: the video element's source is a blob: URL.
    `media-src 'self' https://${mediaHost} blob:`,
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    // The service worker (and pdf.js's worker) and the web app manifest: this site's own files.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Viewer-request function of the site: a path whose last segment has no file extension is a
 * client route of the SPA and gets its prerendered page (issue 30: the public pages and the lesson
 * page, shared/src/page-shells.ts, as `pageFileFor` there answers), else `/index.html`.
 * (CloudFront error responses would do this for the whole distribution, turning the API's JSON
 * 403/404 into the SPA; this leaves them alone.) Generated from the shared table, so a page is
 * declared once; infra/test/site.test.ts checks it answers as `pageFileFor` does.
 */
export function spaFallbackCode(): string {
  const shells = Object.values(PAGE_SHELLS) as PageShell[];
  // Each path: [file, the query parameter it needs or ''].
  const exact: Record<string, [string, string]> = {};
  for (const s of shells) for (const p of s.paths ?? []) exact[p] = [`/${s.file}`, s.param ?? ''];
  const prefixes = shells.flatMap((s) => (s.prefix ? [[s.prefix, `/${s.file}`]] : []));
  return `var EXACT = ${JSON.stringify(exact)};
var PREFIXES = ${JSON.stringify(prefixes)};
function handler(event) {
  var r = event.request;
  var uri = r.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return r;
  var page = '';
  if (Object.prototype.hasOwnProperty.call(EXACT, uri)) {
    var need = EXACT[uri][1];
    var q = r.querystring || {};
    if (!need || (q[need] && q[need].value)) page = EXACT[uri][0];
  }
  for (var i = 0; !page && i < PREFIXES.length; i++) {
    var prefix = PREFIXES[i][0];
    var rest = uri.substring(prefix.length);
    if (rest.charAt(rest.length - 1) === '/') rest = rest.substring(0, rest.length - 1);
    if (uri.indexOf(prefix) === 0 && rest && rest.indexOf('/') === -1) page = PREFIXES[i][1];
  }
  r.uri = page || '/${SPA_INDEX}';
  return r;
}`;
}

/** Viewer-request function of `/media/public/*`: the object key is the path without `/media/`. */
const STRIP_MEDIA_PREFIX = `function handler(event) {
  var r = event.request;
  r.uri = r.uri.replace(/^\\/media\\//, '/');
  return r;
}`;

/**
 * The paths of the login routes, one per pool: the only API paths the session cookie is sent to
 * (its `Path`, functions/src/lib/session-cookie.ts), and the only ones CloudFront passes it on.
 */
export const LOGIN_PATHS = [`${BASES.learner}/login/*`, `${BASES.admin}/login/*`] as const;

/**
 * The path patterns of the public catalogue reads (routes declared `cache: 'public'`): answered
 * the same to everyone, so CloudFront keeps them (issue 30, item 4).
 */
export const PUBLIC_CACHE_PATHS = ROUTES.filter((r) => r.cache === 'public').map(pathPattern);

/**
 * Viewer-request function of the API's paths. The host the viewer asked for, which CloudFront does
 * not forward (the API routes on its own host), goes to the functions as `x-gia-viewer-host`; HLS
 * access cookies name it in their policy. Set here, a viewer cannot choose it.
 *
 * Cookies: every one but `keep` is dropped before the request goes on. `/api/*` keeps none, the
 * login paths only the session cookie (a browser sends it nowhere else, its `Path` sees to that;
 * this makes sure of it). They are dropped here rather than by the origin request policy: a
 * behaviour that forwards no cookies makes CloudFront strip every `Set-Cookie` of the answers, and
 * the API sets cookies (the session on the login paths, HLS access cookies on the catalogue and
 * purchases routes); nor can a custom policy forward every viewer header but Host together with
 * `CloudFront-Viewer-Address` (the client address of the sign-in limits) as the managed one does.
 */
export function apiViewerRequest(keep: readonly string[]): string {
  return `function handler(event) {
  var r = event.request;
  r.headers['x-gia-viewer-host'] = { value: r.headers.host ? r.headers.host.value : '' };
  var keep = ${JSON.stringify(keep)};
  for (var name in r.cookies) {
    if (keep.indexOf(name) === -1) delete r.cookies[name];
  }
  return r;
}`;
}

export interface WebHostingProps {
  readonly api: apigw.HttpApi;
  readonly media: s3.IBucket;
  /** A custom domain and its ACM certificate (us-east-1); both or neither. */
  readonly domainName?: string;
  readonly certificateArn?: string;
  /** The header (name and value) CloudFront adds to every API request, checked by the API. */
  readonly originHeader: { readonly name: string; readonly value: string };
  /** The WAF web ACL (CloudFront scope) in front of every request. */
  readonly webAclArn: string;
  /** The built SPA; when it is missing the site bucket is left as it is (with a warning). */
  readonly webDist?: string;
  /**
   * The key group whose signed cookies open `/media/private/hls/*` (transcoded videos, issue 15);
   * without one that path does not exist.
   */
  readonly hlsKeyGroup?: cloudfront.IKeyGroup;
}

/**
 * CloudFront in front of everything, one origin per concern:
 * - `/` the SPA from its private bucket (origin access control), client routes get index.html;
 * - `/api/*` the HTTP API: every method, no caching, every viewer header but Host (so the
 *   Authorization header and the query string reach the functions), and no cookie;
 * - the login paths ({@link LOGIN_PATHS}) the same, but with the session cookie (issue 29);
 * - the public catalogue reads ({@link PUBLIC_CACHE_PATHS}) from the same API, cached by path and
 *   query string for as long as the answers say (at most a minute), with no header or cookie of
 *   the viewer passed on (issue 30, item 4);
 * - `/media/public/*` public images from the media bucket (origin access control), cached;
 * - `/media/private/hls/*` transcoded videos (playlists, segments, posters) from the same origin,
 *   only with CloudFront signed cookies of the trusted key group (one video's folder per policy).
 * Other private media never pass through CloudFront: the API hands out S3 presigned URLs.
 * Every response carries the security headers (HSTS, CSP, frame and content-type options).
 */
export class WebHosting extends Construct {
  readonly distribution: cloudfront.Distribution;
  readonly siteBucket: s3.Bucket;
  /** `https://…`: the custom domain, or the distribution's own domain. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: WebHostingProps) {
    super(scope, id);
    this.siteBucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Rebuilt from the repository at every deploy; nothing to keep.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const securityHeadersBehavior: cloudfront.ResponseSecurityHeadersBehavior = {
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(365),
        includeSubdomains: true,
        override: true,
      },
      contentSecurityPolicy: {
        contentSecurityPolicy: contentSecurityPolicy(props.media.bucketRegionalDomainName),
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
    };
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'GIA School: HSTS, CSP allowing Razorpay Checkout, frame and content-type options',
      securityHeadersBehavior,
    });
    // A transcoded video's files never change: the viewer keeps them for itself (never a shared
    // cache), so the player's requests find what the boot script fetched ahead (issue 30).
    const hlsHeaders = new cloudfront.ResponseHeadersPolicy(this, 'HlsHeaders', {
      comment: 'GIA School: the security headers; HLS files kept privately by the viewer',
      securityHeadersBehavior,
      customHeadersBehavior: {
        customHeaders: [{ header: 'Cache-Control', value: HLS_CACHE_CONTROL, override: true }],
      },
    });
    const viewerRequest = (fnId: string, code: string): cloudfront.FunctionAssociation => ({
      eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
      function: new cloudfront.Function(this, fnId, {
        code: cloudfront.FunctionCode.fromInline(code),
        runtime: cloudfront.FunctionRuntime.JS_2_0,
      }),
    });

    // apiEndpoint is https://<id>.execute-api.<region>.amazonaws.com; the origin wants the host.
    const apiHost = Fn.select(2, Fn.split('/', props.api.apiEndpoint));
    const mediaOrigin = origins.S3BucketOrigin.withOriginAccessControl(props.media);
    const stripMediaPrefix = viewerRequest('StripMediaPrefix', STRIP_MEDIA_PREFIX);
    const hlsBehavior: Record<string, cloudfront.BehaviorOptions> = props.hlsKeyGroup
      ? {
          '/media/private/hls/*': {
            origin: mediaOrigin,
            viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
            // Signed cookies are checked before the cache; they are not part of its key.
            cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
            trustedKeyGroups: [props.hlsKeyGroup],
            responseHeadersPolicy: hlsHeaders,
            functionAssociations: [stripMediaPrefix],
          },
        }
      : {};
    const apiOrigin = new origins.HttpOrigin(apiHost, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      // Replaces any viewer header of that name; the API refuses requests without it.
      customHeaders: { [props.originHeader.name]: props.originHeader.value },
    });
    const apiRequest = viewerRequest('ViewerHost', apiViewerRequest([]));
    const loginRequest = viewerRequest('LoginViewerRequest', apiViewerRequest([SESSION_COOKIE]));
    const apiBehavior = (request: cloudfront.FunctionAssociation): cloudfront.BehaviorOptions => ({
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // Everything but Host (API Gateway routes on its own host name): Authorization, the query
      // string, X-Razorpay-Signature, CloudFront-Viewer-Address. Cookies: see apiViewerRequest.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: securityHeaders,
      functionAssociations: [request],
    });
    // The public catalogue reads: the key is the path and query string alone (no header, no
    // cookie), so no viewer's Authorization or cookie reaches the API on these paths and an
    // answer can never be personal. CloudFront keeps what the API's Cache-Control says (30 s
    // fresh, 30 s stale-while-revalidate), never more than a minute, and nothing the API marks
    // no-store (errors); an admin's change so reaches learners within a minute, no invalidation.
    const publicCatalogue = new cloudfront.CachePolicy(this, 'PublicCatalogue', {
      comment: 'GIA School: public catalogue reads, keyed by path and query string only',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(PUBLIC_CACHE.maxAgeSeconds + PUBLIC_CACHE.staleSeconds),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const publicCatalogueBehavior: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
      cachePolicy: publicCatalogue,
      // No origin request policy: only the cache key's query string (and the origin header)
      // goes on; Authorization, cookies and the viewer's other headers stay at the edge.
      compress: true,
      responseHeadersPolicy: securityHeaders,
    };
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'GIA School',
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      domainNames: props.domainName ? [props.domainName] : undefined,
      certificate: props.certificateArn
        ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
        : undefined,
      // Only a custom certificate can raise the TLS floor (the default one is fixed at TLSv1).
      minimumProtocolVersion: props.certificateArn
        ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021
        : undefined,
      // North America, Europe, Asia (India included): the audience, at a lower price.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [viewerRequest('SpaFallback', spaFallbackCode())],
      },
      additionalBehaviors: {
        // Before `/api/*`: CloudFront takes the first behaviour whose pattern matches.
        ...Object.fromEntries(LOGIN_PATHS.map((path) => [path, apiBehavior(loginRequest)])),
        ...Object.fromEntries(PUBLIC_CACHE_PATHS.map((path) => [path, publicCatalogueBehavior])),
        '/api/*': apiBehavior(apiRequest),
        '/media/public/*': {
          origin: mediaOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [stripMediaPrefix],
        },
        ...hlsBehavior,
      },
    });
    this.url = `https://${props.domainName ?? this.distribution.distributionDomainName}`;

    this.deploySite(props.webDist ?? WEB_DIST);

    acceptFindings(this, [
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Learners are in India and abroad; no geographic restriction is wanted.',
      },
      {
        id: 'AwsSolutions-CFR3',
        reason: 'CloudFront standard logs are not kept in this release.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the default *.cloudfront.net certificate, for which CloudFront allows TLSv1; with a domain and certificate TLS 1.2 (2021) is enforced.',
      },
      {
        id: 'AwsSolutions-S1',
        reason:
          'The site bucket holds only the built SPA, deployed from the repository; access logs add nothing.',
      },
    ]);
  }

  /** The account as cdk-nag spells it: the number when known at synth, else the pseudo parameter. */
  private nagAccount(): string {
    const { account } = Stack.of(this);
    return Token.isUnresolved(account) ? '<AWS::AccountId>' : account;
  }

  private nagArn(bucket: s3.Bucket): string {
    return `<${Stack.of(this).getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn>`;
  }

  /**
   * Uploads the built SPA: the hashed files under `assets/` cached for a year, index.html, the
   * prerendered pages (`shells/`) and the other root files revalidated on every visit (among
   * them the service worker `sw.js` and `manifest.webmanifest`, issue 32: a browser checks the
   * worker on each navigation, and one cached long would keep learners on an old version; the
   * worker's registration is part of the hashed bundle); then invalidates the distribution.
   * Old assets stay
   * (no pruning) so a page opened before a deploy can still load its lazy chunks.
   */
  private deploySite(dist: string): void {
    if (!existsSync(`${dist}/index.html`)) {
      Annotations.of(this).addWarningV2(
        'gia:site-not-built',
        `${dist} is not built, so the site is not deployed; \`npm run deploy\` builds it first.`,
      );
      return;
    }
    const assets = existsSync(`${dist}/assets`)
      ? new s3deploy.BucketDeployment(this, 'DeployAssets', {
          sources: [s3deploy.Source.asset(`${dist}/assets`)],
          destinationBucket: this.siteBucket,
          destinationKeyPrefix: 'assets/',
          prune: false,
          cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
          memoryLimit: 512,
        })
      : undefined;
    const root = new s3deploy.BucketDeployment(this, 'DeploySite', {
      sources: [s3deploy.Source.asset(dist, { exclude: ['assets'] })],
      destinationBucket: this.siteBucket,
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    // index.html goes live only once the files it refers to are there.
    if (assets) root.node.addDependency(assets);

    // The deployment runs in CDK's shared BucketDeployment function (one per stack).
    const handler = root.handlerRole.node.scope;
    if (!handler) return;
    acceptFindings(handler, [
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          'CDK’s BucketDeployment function writes its own logs with the basic execution role.',
      },
      {
        id: 'AwsSolutions-L1',
        reason: 'CDK’s BucketDeployment function runtime is chosen by aws-cdk-lib.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'CloudFront invalidation after the deployment (cloudfront:CreateInvalidation, GetInvalidation) has no resource-level scoping in CDK’s BucketDeployment.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::${this.nagArn(this.siteBucket)}/*]`,
        reason: 'The SPA deployment replaces every object of the site bucket.',
      },
      {
        id: 'AwsSolutions-IAM5[Action::s3:GetObject*]',
        reason: 'The SPA deployment (CDK BucketDeployment) reads its asset and writes the site.',
      },
      {
        id: 'AwsSolutions-IAM5[Action::s3:GetBucket*]',
        reason: 'The SPA deployment (CDK BucketDeployment) reads its asset and writes the site.',
      },
      {
        id: 'AwsSolutions-IAM5[Action::s3:List*]',
        reason: 'The SPA deployment (CDK BucketDeployment) reads its asset and writes the site.',
      },
      {
        id: 'AwsSolutions-IAM5[Action::s3:Abort*]',
        reason: 'The SPA deployment (CDK BucketDeployment) writes the site.',
      },
      {
        id: 'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
        reason: 'The SPA deployment (CDK BucketDeployment) removes files of the previous build.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${this.nagAccount()}-${Stack.of(this).region}/*]`,
        reason: 'The SPA deployment reads its asset from the CDK bootstrap bucket.',
      },
    ]);
  }
}
