import type { IncomingMessage, ServerResponse } from 'node:http';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import busboy, { type Busboy } from 'busboy';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { decodePath } from './decode-path.ts';
import { HLS_CACHE_CONTROL } from '@gia/shared/video.ts';
import { HLS_PREFIX, hlsRequestAllowed } from './hls-access.ts';
import { sizeVerdict, verifyPostPolicy } from './post-policy.ts';
import { MEDIA_BUCKET } from './services.ts';

/** The secret key the local stack signs with (the embedded services accept any). */
export const LOCAL_SECRET_KEY = 'S3RVER';

function s3Error(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

/** Parses SigV4's `X-Amz-Date` (e.g. 20261122T230000Z). */
function amzDate(value: string | null): Date | undefined {
  const m = value ? /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value) : null;
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : undefined;
}

/**
 * Checks a signed read of a private object as S3 would: the same request signed again with the
 * same date and lifetime must give the same signature, and the lifetime must not be over.
 */
export async function isValidSignedRead(s3: S3Client, key: string, query: URLSearchParams) {
  const signature = query.get('X-Amz-Signature');
  const signedAt = amzDate(query.get('X-Amz-Date'));
  const expiresIn = Number(query.get('X-Amz-Expires'));
  if (!signature || !signedAt || !Number.isFinite(expiresIn) || expiresIn <= 0) return false;
  if (signedAt.getTime() + expiresIn * 1000 < Date.now()) return false;
  const again = await getSignedUrl(s3, new GetObjectCommand({ Bucket: MEDIA_BUCKET, Key: key }), {
    expiresIn,
    signingDate: signedAt,
  });
  return new URL(again).searchParams.get('X-Amz-Signature') === signature;
}

/** The form fields an upload may carry before its file (S3 refuses far larger forms too). */
const FORM_LIMITS = { fields: 64, fieldSize: 64 * 1024, files: 1, parts: 70 };

type UploadOutcome = { ok: true } | { ok: false; status: number; code: string; message: string };

/**
 * Streams the file of a presigned POST to a temporary file, writing nothing past the policy's
 * size cap (the rest is read and dropped, so the browser gets S3's answer rather than a reset).
 * Resolves with the file's size, or `too-large`.
 */
async function spoolWithCap(
  file: Readable,
  path: string,
  maxBytes: number,
): Promise<number | 'too-large'> {
  let size = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      done(null, size > maxBytes ? undefined : chunk);
    },
  });
  await pipeline(file, cap, createWriteStream(path));
  return size > maxBytes ? 'too-large' : size;
}

/**
 * A browser upload by presigned POST to `/media/` (the bucket's address locally), checked as S3
 * checks it and streamed (a 2 GB video never sits in memory): the policy fields, which precede
 * the file, are verified before a byte of it is read; the file is spooled to a temporary file
 * under the policy's size cap, then put into storage with its length. Nothing is stored when any
 * check fails. (busboy parses the multipart stream.)
 */
async function handleUpload(
  req: IncomingMessage,
  res: ServerResponse,
  s3: S3Client,
): Promise<void> {
  let form: Busboy;
  try {
    form = busboy({ headers: req.headers, limits: FORM_LIMITS });
  } catch {
    req.resume();
    return s3Error(res, 400, 'MalformedPOSTRequest', 'The body is not a multipart form.');
  }
  const fields: Record<string, string> = {};
  const spoolDir = await mkdtemp(join(tmpdir(), 'gia-upload-'));
  const spool = join(spoolDir, 'file');
  let sawFile = false;
  let work: Promise<UploadOutcome> | undefined;
  const refuse = (status: number, code: string, message: string): UploadOutcome => ({
    ok: false,
    status,
    code,
    message,
  });
  form.on('field', (name, value) => {
    if (!sawFile) fields[name] = value;
  });
  form.on('file', (name, stream) => {
    // S3 reads the first part named `file` and ignores anything after it.
    if (sawFile || name !== 'file') {
      stream.resume();
      return;
    }
    sawFile = true;
    const verdict = verifyPostPolicy({ fields, bucket: MEDIA_BUCKET, secretKey: LOCAL_SECRET_KEY });
    if (!verdict.ok) {
      stream.resume();
      work = Promise.resolve(verdict);
      return;
    }
    work = (async (): Promise<UploadOutcome> => {
      const size = await spoolWithCap(stream, spool, verdict.sizeRange?.[1] ?? Infinity);
      if (size === 'too-large') return refuse(400, 'EntityTooLarge', 'The file is too large.');
      const outOfRange = sizeVerdict(verdict.sizeRange, size);
      if (outOfRange && !outOfRange.ok) return outOfRange;
      await s3.send(
        new PutObjectCommand({
          Bucket: MEDIA_BUCKET,
          Key: verdict.key,
          Body: createReadStream(spool),
          ContentLength: size,
          ContentType: verdict.contentType ?? 'application/octet-stream',
        }),
      );
      return { ok: true };
    })();
  });
  const parsed = new Promise<'parsed' | 'malformed'>((resolve) => {
    form.once('close', () => resolve('parsed'));
    form.once('error', () => resolve('malformed'));
  });
  req.pipe(form);
  try {
    const done = await parsed;
    if (!work) {
      req.resume();
      return done === 'malformed'
        ? s3Error(res, 400, 'MalformedPOSTRequest', 'The body is not a multipart form.')
        : s3Error(res, 400, 'InvalidArgument', 'No file was sent.');
    }
    const outcome = await work.catch((err: unknown): UploadOutcome => {
      console.error('upload could not be stored', err);
      return refuse(500, 'InternalError', 'The file could not be stored.');
    });
    if (!outcome.ok) return s3Error(res, outcome.status, outcome.code, outcome.message);
    res.writeHead(204);
    res.end();
  } finally {
    await rm(spoolDir, { recursive: true, force: true });
  }
}

/** The content security policy of an SVG image (the demo's artwork): inert as a document. */
export const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** The search indexes (issue 34): served with the headers they were stored with. */
export const SEARCH_PREFIX = 'public/search/';

/**
 * A public object served as CloudFront serves it: with its stored `Content-Encoding` (an index
 * file is stored gzip, and a browser inflates it) and `Cache-Control` (a year for an index file,
 * a minute for its pointer). Read through the SDK: `fetch` would inflate the body on the way.
 */
async function serveStored(s3: S3Client, key: string, req: IncomingMessage, res: ServerResponse) {
  const object = await s3
    .send(new GetObjectCommand({ Bucket: MEDIA_BUCKET, Key: key }))
    .catch((err: unknown) => {
      if ((err as { name?: string }).name === 'NoSuchKey') return undefined;
      throw err;
    });
  if (!object?.Body) return false;
  const headers: Record<string, string> = {
    'cache-control': object.CacheControl ?? 'public, max-age=60',
    'content-type': object.ContentType ?? 'application/json',
    'x-content-type-options': 'nosniff',
  };
  if (object.ContentEncoding) headers['content-encoding'] = object.ContentEncoding;
  if (object.ContentLength !== undefined) headers['content-length'] = String(object.ContentLength);
  if (object.ETag) headers.etag = object.ETag;
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    (object.Body as Readable).destroy();
    res.end();
    return true;
  }
  await pipeline(object.Body as Readable, res).catch(() => {
    // the viewer closed the connection; nothing is left open
  });
  return true;
}

/** Keys under this prefix are public images; everything else is private media. */
export const PUBLIC_PREFIX = 'public/';

/**
 * `/media/*` on the local stack, as S3 and CloudFront behave in AWS: presigned-POST uploads are
 * checked against their policy; public images (`public/…`) are readable by anyone; private media
 * (videos, notes) is never readable without a signature.
 */
export function mediaHandler(s3Endpoint: string) {
  // Configured as the functions' client is, so a signature it made can be made again here.
  const s3 = new S3Client({
    endpoint: s3Endpoint,
    forcePathStyle: true,
    region: process.env.AWS_REGION ?? 'ap-south-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: LOCAL_SECRET_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = decodePath(url.pathname.slice('/media/'.length));
    if (key === undefined) return false; // a malformed escape names no object: 404
    if (
      req.method === 'POST' &&
      (key === '' || key === MEDIA_BUCKET || key === `${MEDIA_BUCKET}/`)
    ) {
      await handleUpload(req, res, s3);
      return true;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const allowed =
      !key.includes('..') &&
      (key.startsWith(HLS_PREFIX)
        ? hlsRequestAllowed(req) // HLS outputs: CloudFront signed cookies only (hls-access.ts)
        : key.startsWith(PUBLIC_PREFIX) || (await isValidSignedRead(s3, key, url.searchParams)));
    if (!allowed) {
      res.writeHead(403, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ message: 'Access denied.', code: 'FORBIDDEN' }));
      return true;
    }
    if (key.startsWith(SEARCH_PREFIX)) return serveStored(s3, key, req, res);
    // A viewer who leaves a playing video closes the connection mid-stream: the read from storage
    // is aborted with it, so no open stream keeps the stack from stopping.
    const abort = new AbortController();
    res.once('close', () => abort.abort());
    const upstream = await fetch(`${s3Endpoint}/${MEDIA_BUCKET}/${encodeURI(key)}`, {
      method: req.method,
      headers: req.headers.range ? { range: req.headers.range } : {},
      signal: abort.signal,
    }).catch((err: unknown) => {
      if (abort.signal.aborted) return undefined; // the viewer left before storage answered
      throw err;
    });
    if (!upstream) return true;
    if (upstream.status === 404) {
      await upstream.body?.cancel();
      return false;
    }
    const headers: Record<string, string> = {
      'cache-control': key.startsWith(PUBLIC_PREFIX)
        ? 'public, max-age=86400'
        : key.startsWith(HLS_PREFIX)
          ? HLS_CACHE_CONTROL
          : 'private, no-store',
    };
    for (const h of ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag']) {
      const v = upstream.headers.get(h);
      if (v) headers[h] = v;
    }
    headers['x-content-type-options'] = 'nosniff';
    // An SVG opened on its own is a document: it may draw, never run or fetch anything.
    if (headers['content-type']?.startsWith('image/svg+xml'))
      headers['content-security-policy'] = SVG_POLICY;
    res.writeHead(upstream.status, headers);
    if (!upstream.body || req.method === 'HEAD') {
      await upstream.body?.cancel();
      res.end();
      return true;
    }
    // pipeline, unlike pipe, destroys the storage stream when the viewer goes away.
    await pipeline(Readable.fromWeb(upstream.body as ReadableStream), res).catch(() => {
      // the viewer closed the connection; nothing is left open
    });
    return true;
  };
}
