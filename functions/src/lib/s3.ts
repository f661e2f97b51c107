import { S3Client } from '@aws-sdk/client-s3';
import { AWS_CLIENT_CONFIG } from './aws-calls.ts';

/**
 * The S3 client, within the time budget of {@link AWS_CLIENT_CONFIG}. `WHEN_REQUIRED` checksums:
 * the local S3 stand-in would otherwise store chunk framing.
 */
export const s3 = new S3Client({
  ...AWS_CLIENT_CONFIG,
  forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
