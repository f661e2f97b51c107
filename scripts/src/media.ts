import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { decodePath } from './decode-path.ts';
import { HLS_PREFIX, hlsRequestAllowed } from './hls-access.ts';
import { verifyPostPolicy } from './post-policy.ts';
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

/**
 * A browser upload by presigned POST to `/media/` (the bucket's address locally): checked as S3
 * checks it, then stored. Nothing is stored when any check fails.
 */
async function handleUpload(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  s3Endpoint: string,
): Promise<void> {
  let form: FormData;
  try {
    form = await new Request('http://local/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body,
    }).formData();
  } catch {
    return s3Error(res, 400, 'MalformedPOSTRequest', 'The body is not a multipart form.');
  }
  const file = form.get('file');
  if (!(file instanceof Blob)) return s3Error(res, 400, 'InvalidArgument', 'No file was sent.');
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
  const verdict = verifyPostPolicy({
    fields,
    size: file.size,
    bucket: MEDIA_BUCKET,
    secretKey: LOCAL_SECRET_KEY,
  });
  if (!verdict.ok) return s3Error(res, verdict.status, verdict.code, verdict.message);
  const stored = await fetch(`${s3Endpoint}/${MEDIA_BUCKET}/${encodeURI(verdict.key)}`, {
    method: 'PUT',
    headers: { 'content-type': verdict.contentType ?? 'application/octet-stream' },
    body: Buffer.from(await file.arrayBuffer()),
  });
  if (!stored.ok) return s3Error(res, 500, 'InternalError', 'The file could not be stored.');
  res.writeHead(204);
  res.end();
}

/** The content security policy of an SVG image (the demo's artwork): inert as a document. */
export const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

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
  return async (req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = decodePath(url.pathname.slice('/media/'.length));
    if (key === undefined) return false; // a malformed escape names no object: 404
    if (
      req.method === 'POST' &&
      (key === '' || key === MEDIA_BUCKET || key === `${MEDIA_BUCKET}/`)
    ) {
      await handleUpload(req, res, body, s3Endpoint);
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
