import { describe, expect, it } from 'vitest';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { TEST_ENV } from '../../test/tokens.ts';

Object.assign(process.env, TEST_ENV);
const { presignGetObject } = await import('./s3-presign.ts');

const credentials = { accessKeyId: TEST_ENV.AWS_ACCESS_KEY_ID, secretAccessKey: 'test' };
/** As lib/s3.ts configures the functions' client (and the local gateway its checking client). */
const checksums = {
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
} as const;
const signingDate = new Date('2026-11-23T10:00:00Z');
const KEYS = [
  'private/videos/01HZX/Intro 1 (final)!.mp4',
  "private/notes/ಕನ್ನಡ ಪಾಠ/a+b=c&d'e*~.pdf",
  'private/about/x/%41 already-encoded?.pdf',
];

/** What the SDK's getSignedUrl gives through a whole S3 client. */
const sdkUrl = (client: S3Client, key: string) =>
  getSignedUrl(client, new GetObjectCommand({ Bucket: 'gia-media-bucket', Key: key }), {
    expiresIn: 3600,
    signingDate,
  });

describe('presigned media reads without an S3 client', () => {
  it('gives the URL of the SDK for S3 in AWS (virtual-hosted bucket)', async () => {
    delete process.env.AWS_ENDPOINT_URL_S3;
    const client = new S3Client({ region: TEST_ENV.AWS_REGION, credentials, ...checksums });
    for (const key of KEYS) {
      const url = await presignGetObject('gia-media-bucket', key, { expiresIn: 3600, signingDate });
      expect(url).toBe(await sdkUrl(client, key));
    }
  });

  it('gives the URL of the SDK for the local S3 stand-in (path style)', async () => {
    process.env.AWS_ENDPOINT_URL_S3 = 'http://127.0.0.1:4569';
    const client = new S3Client({
      region: TEST_ENV.AWS_REGION,
      credentials,
      endpoint: process.env.AWS_ENDPOINT_URL_S3,
      forcePathStyle: true,
      ...checksums,
    });
    for (const key of KEYS) {
      const url = await presignGetObject('gia-media-bucket', key, { expiresIn: 3600, signingDate });
      expect(url).toBe(await sdkUrl(client, key));
    }
  });
});
