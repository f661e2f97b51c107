import { createReadStream, existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import {
  brotliCompress,
  constants as zlib,
  createBrotliCompress,
  createGzip,
  gzip,
} from 'node:zlib';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { ERROR_STATUS, MESSAGES, matchRoute, type ErrorBody, type ErrorCode } from '@gia/shared';
import { describeMessage } from '@gia/shared/message-codes.ts';
import { pageFileFor } from '@gia/shared/page-shells.ts';
import { GROUP_HANDLERS, type LambdaHandler } from '@gia/functions';
import { answerDrift, checkingAnswers } from './answer-check.ts';
import { EdgeCache, type CachedAnswer } from './edge-cache.ts';
import { decodePath } from './decode-path.ts';

/** Where the gateway listens unless `host` says otherwise. */
export const LOOPBACK = '127.0.0.1';

/**
 * API request bodies above this are cut off before any handler runs (as API Gateway and Lambda
 * do). `/media` uploads stream to storage instead, capped by their presigned policy.
 */
const MAX_GATEWAY_BODY_BYTES = 6 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  // pdf.js's worker (the notes viewer): a module worker is refused without a JavaScript type.
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  // The web app manifest (issue 32): its own type, as browsers expect it.
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
};

export interface GatewayOptions {
  port: number;
  /** The address to listen on; loopback unless the developer opts in (`HOST`). */
  host?: string;
  /** The built SPA (`web/dist`). */
  webDir: string;
  /**
   * Serves `/media/*` (storage) and reads the request body itself: uploads stream (up to the
   * presigned policy's cap, 2 GB for a video), never through the API's body cap. Answers `false`
   * when it did not handle the request.
   */
  media?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
  /**
   * The stand-in for CloudFront's cache of the public catalogue reads (scripts/src/edge-cache.ts);
   * on unless `false`.
   */
  edgeCache?: EdgeCache | false;
}

function sendError(res: ServerResponse, code: ErrorCode, message: string, headers = {}) {
  res.writeHead(ERROR_STATUS[code], {
    'content-type': 'application/json; charset=utf-8',
    ...headers,
  });
  const body: ErrorBody = { message, code, ...describeMessage(message, code) };
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_GATEWAY_BODY_BYTES) {
        resolve('too-large');
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Turns a Node request into the API Gateway HTTP API (payload 2.0) event a Lambda receives. */
export function toEvent(req: IncomingMessage, url: URL, body: Buffer): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    // As CloudFront does, a viewer cannot set CloudFront's own headers (the API keys per-client
    // limits on `cloudfront-viewer-address`).
    if (v === undefined || k === 'cookie' || k.startsWith('cloudfront-')) continue;
    headers[k] = Array.isArray(v) ? v.join(',') : v;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const now = new Date();
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    // As API Gateway (payload 2.0) does: the Cookie header arrives as `cookies`.
    cookies: req.headers.cookie?.split(';').map((c) => c.trim()),
    body: body.length ? body.toString('base64') : undefined,
    isBase64Encoded: body.length > 0,
  };
}

const lambdaContext = (requestId: string): Context =>
  ({
    awsRequestId: requestId,
    functionName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => 30_000,
  }) as Context;

const loaded = new Map<string, LambdaHandler>();

/** Headers CloudFront does not pass to the public catalogue reads (their cache key is the URL). */
const NOT_FOR_SHARED_ANSWERS = ['authorization', 'cookie', 'if-none-match', 'if-modified-since'];

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, cache?: EdgeCache) {
  const match = matchRoute(req.method ?? 'GET', url.pathname);
  if (match.kind === 'not-found') return sendError(res, 'NOT_FOUND', MESSAGES.notFound);
  if (match.kind === 'method-not-allowed') {
    return sendError(res, 'METHOD_NOT_ALLOWED', MESSAGES.methodNotAllowed, {
      allow: match.allowed.join(', '),
    });
  }
  const body = await readBody(req);
  if (body === 'too-large') return sendError(res, 'PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge);
  const group = match.route.group;
  let handler = loaded.get(group);
  if (!handler) {
    handler = (await GROUP_HANDLERS[group]()).handler;
    loaded.set(group, handler);
  }
  const shared = match.route.cache === 'public' && req.method === 'GET';
  const origin = async (): Promise<CachedAnswer> => {
    const event = toEvent(req, url, body);
    if (shared) {
      // As CloudFront's behaviour for these paths: the answer must be everyone's.
      for (const name of NOT_FOR_SHARED_ANSWERS) delete event.headers[name];
      event.cookies = undefined;
    }
    const result = await handler(event, lambdaContext(event.requestContext.requestId));
    const status = result.statusCode ?? 200;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(result.headers ?? {})) headers[k.toLowerCase()] = String(v);
    const bytes =
      result.body === undefined
        ? Buffer.alloc(0)
        : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
    if (checkingAnswers() && status < 300 && !result.isBase64Encoded) {
      const drift = await answerDrift(match.route.name, result.body ?? '');
      if (drift) {
        // The tests' stack only: the answer breaks its route's schema (shared/src/route-answers.ts).
        console.error(
          `Answer drift: ${match.route.name} (${req.method} ${url.pathname}): ${drift}`,
        );
        return {
          status: ERROR_STATUS.INTERNAL,
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'cache-control': 'no-store',
          },
          body: Buffer.from(
            JSON.stringify({
              message: MESSAGES.internal,
              code: 'INTERNAL',
              ...describeMessage(MESSAGES.internal, 'INTERNAL'),
            } satisfies ErrorBody),
          ),
        };
      }
    }
    return { status, headers, cookies: result.cookies, body: bytes };
  };
  const answer =
    shared && cache
      ? await cache.serve(`${url.pathname}${url.search}`, req.headers['if-none-match'], origin)
      : await origin();
  // A write changes what the shared answers hold: locally they are dropped at once (in AWS they
  // live out their 60 s; README "What is cached where").
  if (cache && req.method !== 'GET' && req.method !== 'HEAD' && answer.status < 400) cache.clear();
  // HTTP API v2 turns a result's `cookies` into one Set-Cookie header each.
  const cookies = answer.cookies?.length ? { 'set-cookie': answer.cookies } : {};
  res.writeHead(answer.status, { ...answer.headers, ...cookies });
  res.end(answer.body);
}

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
]);

/** Text assets are compressed as CloudFront does in AWS (brotli, else gzip). */
function compression(acceptEncoding: string | undefined, file: string) {
  if (!COMPRESSIBLE.has(extname(file))) return undefined;
  const accepted = acceptEncoding ?? '';
  if (/\bbr\b/.test(accepted)) {
    return {
      encoding: 'br',
      stream: () => createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
    };
  }
  if (/\bgzip\b/.test(accepted))
    return { encoding: 'gzip', stream: () => createGzip({ level: 6 }) };
  return undefined;
}

/**
 * A hashed asset (`/assets/<name>-<hash>.js`) never changes under its name: it is compressed once,
 * at the best ratio (brotli 11, gzip 9: what a CDN's precompressed copy weighs, about 10% less
 * than the on-the-fly quality above), off the event loop, and kept for every later request.
 */
const compressedAssets = new Map<string, Promise<Buffer>>();
const brotliBest = promisify(brotliCompress);
const gzipBest = promisify(gzip);

function compressedAsset(file: string, encoding: string): Promise<Buffer> {
  const key = `${encoding}\0${file}`;
  let body = compressedAssets.get(key);
  if (!body) {
    body = readFile(file).then((raw) =>
      encoding === 'br'
        ? brotliBest(raw, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          })
        : gzipBest(raw, { level: 9 }),
    );
    // A failed read is not kept: the next request tries again.
    body.catch(() => compressedAssets.delete(key));
    compressedAssets.set(key, body);
  }
  return body;
}

function serveStatic(
  res: ServerResponse,
  url: URL,
  webDir: string,
  method: string,
  acceptEncoding?: string,
) {
  const index = join(webDir, 'index.html');
  if (!existsSync(index)) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('The web app is not built. Run `npm run build` (npm start does it for you).');
    return;
  }
  const path = decodePath(url.pathname);
  if (path === undefined) return sendError(res, 'NOT_FOUND', MESSAGES.notFound);
  const requested = normalize(join(webDir, path));
  const inside = requested.startsWith(webDir + sep);
  const isFile = inside && existsSync(requested) && statSync(requested).isFile();
  // Client routes (no file behind them) get their prerendered page, else index.html, as
  // CloudFront's viewer-request function does (shared/src/page-shells.ts).
  const page = join(webDir, pageFileFor(path, url.search));
  const file = isFile ? requested : existsSync(page) ? page : index;
  if (!isFile && extname(url.pathname) && url.pathname.startsWith('/assets/')) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found');
    return;
  }
  // Only hashed files are kept for good; everything else (the pages, the service worker `sw.js`,
  // the web app manifest, the icons) is revalidated on every visit, as in AWS (web-hosting.ts):
  // a browser checks `sw.js` on each navigation, and a long-cached one would hold an old version.
  const immutable = isFile && requested.includes(`${sep}assets${sep}`);
  const compress = compression(acceptEncoding, file);
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    vary: 'accept-encoding',
    ...(compress ? { 'content-encoding': compress.encoding } : {}),
  });
  if (method === 'HEAD') return res.end();
  if (compress && immutable) {
    return compressedAsset(file, compress.encoding).then((body) => res.end(body));
  }
  const source = createReadStream(file);
  if (compress) source.pipe(compress.stream()).pipe(res);
  else source.pipe(res);
}

/**
 * The one HTTP port of the local stack: `/api/*` through the same Lambda handlers as in AWS,
 * `/media/*` from storage, and the SPA: its prerendered pages, else the `index.html` fallback.
 */
export function startGateway(options: GatewayOptions): Promise<Server> {
  const webDir = normalize(options.webDir);
  const cache = options.edgeCache === false ? undefined : (options.edgeCache ?? new EdgeCache());
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const work = async () => {
      // A path that does not decode (a bare or truncated `%` escape) names nothing: 404 for the
      // API, media and pages alike, rather than a URIError deep inside.
      if (decodePath(url.pathname) === undefined) {
        return sendError(res, 'NOT_FOUND', MESSAGES.notFound);
      }
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
        return handleApi(req, res, url, cache);
      }
      if (url.pathname.startsWith('/media/')) {
        if (options.media && (await options.media(req, res))) return;
        req.resume(); // whatever was sent names nothing here
        return sendError(res, 'NOT_FOUND', MESSAGES.notFound);
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return sendError(res, 'METHOD_NOT_ALLOWED', MESSAGES.methodNotAllowed);
      }
      return serveStatic(res, url, webDir, req.method, req.headers['accept-encoding']);
    };
    work().catch((err: unknown) => {
      console.error('gateway error', err);
      if (!res.headersSent) sendError(res, 'INTERNAL', MESSAGES.internal);
      else res.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? LOOPBACK, () => resolve(server));
  });
}
