import { formatUrl } from '@aws-sdk/core/util';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/protocols';
import { env } from './env.ts';

/** S3's encoding of one key segment: encodeURIComponent plus the characters it leaves alone. */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

let presigner: S3RequestPresigner | undefined;

/**
 * A presigned GET URL of an S3 object, the same URL `getSignedUrl(s3, new GetObjectCommand(…))`
 * gives (lib/s3-presign.test.ts compares them), signed with the SDK's own S3 presigner but
 * without an S3 client: the functions that only hand out media URLs (catalogue, purchases)
 * would otherwise bundle the whole S3 client, about 150 KB, to sign a string.
 *
 * The address is S3's virtual-hosted one in AWS, or path style under `AWS_ENDPOINT_URL_S3` (the
 * local stack), as the client addresses the bucket.
 */
export async function presignGetObject(
  bucket: string,
  key: string,
  options: { expiresIn: number; signingDate?: Date },
): Promise<string> {
  const region = env().AWS_REGION;
  presigner ??= new S3RequestPresigner({ credentials: defaultProvider(), region, sha256: Sha256 });
  const path = key.split('/').map(encodeSegment).join('/');
  const custom = process.env.AWS_ENDPOINT_URL_S3;
  const base = new URL(custom ?? `https://${bucket}.s3.${region}.amazonaws.com`);
  const request = new HttpRequest({
    method: 'GET',
    protocol: base.protocol,
    hostname: base.hostname,
    port: base.port ? Number(base.port) : undefined,
    path: custom ? `${base.pathname.replace(/\/$/, '')}/${bucket}/${path}` : `/${path}`,
    query: { 'x-id': 'GetObject' },
    headers: {},
  });
  return formatUrl(await presigner.presign(request, options));
}
