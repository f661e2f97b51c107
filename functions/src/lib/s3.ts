import { S3Client } from '@aws-sdk/client-s3';

/** `WHEN_REQUIRED` checksums: the local S3 stand-in would otherwise store chunk framing. */
export const s3 = new S3Client({
  forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
