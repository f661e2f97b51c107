import { describe, expect, it } from 'vitest';
import { policySignature, sizeVerdict, verifyPostPolicy } from './post-policy.ts';

const secretKey = 'local';
const credential = 'local/20261122/ap-south-1/s3/aws4_request';

function signedForm(conditions: unknown[], extra: Record<string, string>, expiration?: string) {
  const policy = Buffer.from(
    JSON.stringify({
      expiration: expiration ?? new Date(Date.now() + 600_000).toISOString(),
      conditions,
    }),
  ).toString('base64');
  return {
    Policy: policy,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': credential,
    'X-Amz-Date': '20261122T000000Z',
    'X-Amz-Signature': policySignature(secretKey, credential, policy),
    ...extra,
  };
}

const imageConditions = [
  { bucket: 'gia-media' },
  ['starts-with', '$key', 'public/images/'],
  ['starts-with', '$Content-Type', 'image/'],
  ['content-length-range', 1, 5 * 1024 * 1024],
];
const verify = (fields: Record<string, string>, size = 1000) =>
  verifyPostPolicy({ fields, size, bucket: 'gia-media', secretKey });

describe('the presigned POST policy check', () => {
  it('accepts a file that meets every condition', () => {
    const form = signedForm(imageConditions, {
      key: 'public/images/a.png',
      'Content-Type': 'image/png',
    });
    expect(verify(form)).toEqual({
      ok: true,
      key: 'public/images/a.png',
      contentType: 'image/png',
      sizeRange: [1, 5 * 1024 * 1024],
    });
  });

  it('leaves the size to the caller when the file is still streaming in', () => {
    const form = signedForm(imageConditions, {
      key: 'public/images/a.png',
      'Content-Type': 'image/png',
    });
    const verdict = verifyPostPolicy({ fields: form, bucket: 'gia-media', secretKey });
    expect(verdict.ok).toBe(true);
    const range = verdict.ok ? verdict.sizeRange : undefined;
    expect(sizeVerdict(range, 1000)).toBeUndefined();
    expect(sizeVerdict(range, 6 * 1024 * 1024)).toMatchObject({ code: 'EntityTooLarge' });
    expect(sizeVerdict(range, 0)).toMatchObject({ code: 'EntityTooSmall' });
  });

  it('refuses a file over the size range with 400 EntityTooLarge', () => {
    const form = signedForm(imageConditions, {
      key: 'public/images/a.png',
      'Content-Type': 'image/png',
    });
    expect(verify(form, 5 * 1024 * 1024 + 1)).toMatchObject({
      ok: false,
      status: 400,
      code: 'EntityTooLarge',
    });
  });

  it('refuses another content type or another key prefix with 403', () => {
    const wrongType = signedForm(imageConditions, {
      key: 'public/images/a.exe',
      'Content-Type': 'application/x-msdownload',
    });
    expect(verify(wrongType)).toMatchObject({ ok: false, status: 403 });
    const wrongKey = signedForm(imageConditions, {
      key: 'private/videos/a.png',
      'Content-Type': 'image/png',
    });
    expect(verify(wrongKey)).toMatchObject({ ok: false, status: 403 });
  });

  it('refuses a policy edited after signing, and an expired one', () => {
    const form = signedForm(imageConditions, {
      key: 'public/images/a.png',
      'Content-Type': 'image/png',
    });
    const widened = Buffer.from(
      JSON.stringify({ expiration: '2099-01-01T00:00:00Z', conditions: [] }),
    ).toString('base64');
    expect(verify({ ...form, Policy: widened })).toMatchObject({ code: 'SignatureDoesNotMatch' });
    const expired = signedForm(
      imageConditions,
      { key: 'public/images/a.png', 'Content-Type': 'image/png' },
      '2020-01-01T00:00:00Z',
    );
    expect(verify(expired)).toMatchObject({
      ok: false,
      status: 403,
      message: 'The upload policy has expired.',
    });
  });

  it('refuses an unsigned form', () => {
    expect(verify({ key: 'public/images/a.png' })).toMatchObject({ ok: false, status: 403 });
  });
});
