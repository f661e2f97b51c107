import { formatUrl } from '@aws-sdk/core/util';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import { withRetries } from './aws-calls.ts';
import { env } from './env.ts';

/**
 * S3 without an S3 client. The functions only read, write, copy and delete single objects and
 * hand out presigned URLs; the S3 client (about 150 KB of a bundle with its endpoint rules,
 * schemas and checksums) would be loaded to sign strings. Here the SDK's SigV4 signer signs each
 * request and `fetch` sends it, within the same time budget as the clients
 * (lib/aws-calls.ts): local (`AWS_ENDPOINT_URL_S3`, path style) and AWS (virtual-hosted) alike.
 * lib/s3-presign.test.ts compares the URLs and POST fields with the SDK's.
 */

/** S3's encoding of one key segment: encodeURIComponent plus the characters it leaves alone. */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** The URL-encoded form of a key, as S3 expects it in a path or in `x-amz-copy-source`. */
export const encodeKey = (key: string) => key.split('/').map(encodeSegment).join('/');

let presigner: SignatureV4 | undefined;

/**
 * The SigV4 signer as the SDK's `S3RequestPresigner` configures it for S3 (service `s3`, the
 * path not escaped twice, no payload checksum). The SDK's presigner wraps it in a multi-region
 * signer whose only other case is SigV4a with the CRT for multi-region access points, which
 * the functions never use (4.5 KB of each bundle that presigns); {@link presignObject} prepares
 * the request as that presigner does, and lib/s3-presign.test.ts compares every URL with the
 * SDK's `getSignedUrl`.
 */
const s3Signer = () =>
  new SignatureV4({
    credentials: defaultProvider(),
    region: env().AWS_REGION,
    service: 's3',
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });

/** The address of a bucket: virtual-hosted in AWS, path style under `AWS_ENDPOINT_URL_S3`. */
function bucketUrl(bucket: string): { base: URL; prefix: string } {
  const custom = process.env.AWS_ENDPOINT_URL_S3;
  const base = new URL(custom ?? `https://${bucket}.s3.${env().AWS_REGION}.amazonaws.com`);
  return { base, prefix: custom ? `${base.pathname.replace(/\/$/, '')}/${bucket}` : '' };
}

type ObjectMethod = 'GET' | 'PUT' | 'DELETE';
/** What each method is in the SDK (its `x-id` query parameter). */
const OPERATION: Record<ObjectMethod, string> = {
  GET: 'GetObject',
  PUT: 'PutObject',
  DELETE: 'DeleteObject',
};

/**
 * A presigned URL for one request on one object. `headers` are signed (so they must be sent as
 * given, e.g. `x-amz-copy-source`); a `content-type` is never signed, as in the SDK.
 */
export async function presignObject(
  method: ObjectMethod,
  bucket: string,
  key: string,
  options: {
    expiresIn: number;
    signingDate?: Date;
    headers?: Record<string, string>;
    /** The SDK's `x-id` for this request; by default the plain operation of the method. */
    operation?: string;
  },
): Promise<string> {
  presigner ??= s3Signer();
  const { base, prefix } = bucketUrl(bucket);
  const headers = options.headers ?? {};
  const request = new HttpRequest({
    method,
    protocol: base.protocol,
    hostname: base.hostname,
    port: base.port ? Number(base.port) : undefined,
    path: `${prefix}/${encodeKey(key)}`,
    query: { 'x-id': options.operation ?? OPERATION[method] },
    // As S3RequestPresigner: the payload is not signed, the host (with its port) is.
    headers: {
      ...headers,
      'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
      host: base.port ? `${base.hostname}:${base.port}` : base.hostname,
    },
  });
  return formatUrl(
    await presigner.presign(request, {
      expiresIn: options.expiresIn,
      signingDate: options.signingDate,
      // A content-type is never signed (S3RequestPresigner), so a browser may send its own.
      unsignableHeaders: new Set(['content-type']),
      // Sent as headers, not moved into the query: S3 reads x-amz-copy-source only as a header.
      unhoistableHeaders: new Set(Object.keys(headers).map((h) => h.toLowerCase())),
    }),
  );
}

/**
 * A presigned GET URL of an S3 object, the same URL `getSignedUrl(s3, new GetObjectCommand(…))`
 * gives: the functions that only hand out media URLs (catalogue, purchases) sign it this way.
 */
export function presignGetObject(
  bucket: string,
  key: string,
  options: { expiresIn: number; signingDate?: Date },
): Promise<string> {
  return presignObject('GET', bucket, key, options);
}

/** ISO 8601 without milliseconds, as S3's policies and the SDK write it. */
const iso8601 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A presigned POST (browser upload form) with the fields and URL `createPresignedPost` of
 * `@aws-sdk/s3-presigned-post` gives, whose policy the SDK's SigV4 signer signs. That package
 * takes an S3 client and imports the whole S3 client package for its PutObject endpoint rules.
 */
export async function presignPost(input: {
  bucket: string;
  key: string;
  conditions: unknown[];
  fields: Record<string, string>;
  expiresIn: number;
}): Promise<{ url: string; fields: Record<string, string> }> {
  const region = env().AWS_REGION;
  const credentials = await defaultProvider()();
  const signer = new SignatureV4({ credentials, region, service: 's3', sha256: Sha256 });
  const now = new Date();
  const signingDate = iso8601(now).replace(/[-:]/g, '');
  const shortDate = signingDate.slice(0, 8);
  const fields: Record<string, string> = {
    ...input.fields,
    bucket: input.bucket,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${credentials.accessKeyId}/${shortDate}/${region}/s3/aws4_request`,
    'X-Amz-Date': signingDate,
    ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
  };
  // As the SDK: the given conditions, one per field, the key; each only once.
  const conditions = [
    ...new Set([
      ...input.conditions.map((c) => JSON.stringify(c)),
      ...Object.entries(fields).map(([k, v]) => JSON.stringify({ [k]: v })),
      JSON.stringify({ key: input.key }),
    ]),
  ].map((c) => JSON.parse(c) as unknown);
  const expiration = iso8601(new Date(now.valueOf() + input.expiresIn * 1000));
  const policy = Buffer.from(JSON.stringify({ expiration, conditions })).toString('base64');
  const signature = await signer.sign(policy, { signingDate: now, signingService: 's3' });
  const { base, prefix } = bucketUrl(input.bucket);
  return {
    url: `${base.protocol}//${base.host}${prefix}/`,
    fields: { ...fields, key: input.key, Policy: policy, 'X-Amz-Signature': signature },
  };
}

/** An answer of S3 that is not a success, shaped as the SDK's errors for the retry rules. */
export class S3RequestError extends Error {
  readonly $metadata: { httpStatusCode: number; attempts?: number };
  constructor(status: number, code: string) {
    super(`S3 answered ${status}${code ? ` ${code}` : ''}`);
    this.name = code || `S3Status${status}`;
    this.$metadata = { httpStatusCode: status };
  }
}

/** The SDK's standard retry rules and back-off, shared by the S3 requests of a function. */
const URL_SECONDS = 60;

/**
 * One request on one S3 object through a presigned URL, in the clients' time budget: each
 * attempt (body included) ends after `requestTimeout` (AbortSignal.timeout), and the SDK's
 * standard strategy retries timeouts, network errors, throttling and 5xx up to `maxAttempts`.
 * A stall ends as an error {@link isServiceUnavailable} recognises (the caller answers 503). A
 * 404 resolves to `undefined`; any other refusal throws an {@link S3RequestError} named by
 * S3's error code (e.g. `AccessDenied`).
 */
export async function s3Request<T>(
  method: ObjectMethod,
  key: string,
  init: {
    headers?: Record<string, string>;
    signed?: Record<string, string>;
    body?: Uint8Array;
    operation?: string;
  },
  read: (res: Response) => Promise<T>,
): Promise<T | undefined> {
  return withRetries('s3', async (signal) => {
    const url = await presignObject(method, env().MEDIA_BUCKET, key, {
      expiresIn: URL_SECONDS,
      headers: init.signed,
      operation: init.operation,
    });
    const res = await fetch(url, {
      method,
      headers: { ...init.headers, ...init.signed },
      body: init.body,
      signal,
    });
    if (res.status === 404) {
      await res.body?.cancel();
      return undefined;
    }
    if (!res.ok) {
      const text = await res.text();
      throw new S3RequestError(res.status, /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? '');
    }
    return read(res);
  });
}

/*
 * One function per S3 operation the functions perform on the media bucket, each by its SDK name:
 * infra/test/grants.test.ts reads them from a function's bundle to check its IAM grants.
 */

const drop = async (res: Response) => {
  await res.body?.cancel();
  return true;
};

/** GetObject: the object's bytes (of `range`, e.g. `bytes=0-99`), or undefined when it is not there. */
export async function getObject(key: string, range?: string): Promise<Uint8Array | undefined> {
  return s3Request(
    'GET',
    key,
    { headers: range ? { range } : {} },
    async (res) => new Uint8Array(await res.arrayBuffer()),
  );
}

/** PutObject: stores the bytes under `key` with their content type. */
export async function putObject(key: string, body: Uint8Array, contentType: string): Promise<void> {
  const stored = await s3Request(
    'PUT',
    key,
    { headers: { 'content-type': contentType }, body },
    drop,
  );
  if (!stored) throw new S3RequestError(404, 'NoSuchBucket');
}

/**
 * CopyObject within the bucket, with a new content type; false when the source is not there.
 * S3 may answer 200 and still fail a copy: the error is then the body.
 */
export async function copyObject(from: string, to: string, contentType: string): Promise<boolean> {
  const copied = await s3Request(
    'PUT',
    to,
    {
      headers: { 'content-type': contentType },
      signed: {
        'x-amz-copy-source': `${env().MEDIA_BUCKET}/${encodeKey(from)}`,
        'x-amz-metadata-directive': 'REPLACE',
      },
      operation: 'CopyObject',
    },
    async (res) => {
      const body = await res.text();
      const code = /<Error>[\s\S]*?<Code>([^<]+)<\/Code>/.exec(body)?.[1];
      if (code) throw new S3RequestError(res.status, code);
      return true;
    },
  );
  return copied === true;
}

/** DeleteObject; an object already gone is no error. */
export async function deleteObject(key: string): Promise<void> {
  await s3Request('DELETE', key, {}, drop);
}
