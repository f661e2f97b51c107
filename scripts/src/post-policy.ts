import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The check S3 makes on a browser upload by presigned POST, which the local S3 stand-in does not
 * make: the policy's SigV4 signature, its expiry, and each of its conditions.
 */
export type PolicyVerdict =
  | {
      ok: true;
      key: string;
      contentType: string | undefined;
      /** The policy's `content-length-range` (checked when `size` was given). */
      sizeRange?: [number, number];
    }
  | { ok: false; status: 400 | 403; code: string; message: string };

type Condition = Record<string, string> | [string, string | number, string | number];

interface Policy {
  expiration: string;
  conditions: Condition[];
}

const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** hex(HMAC(signing key of date/region/service, base64 policy)), as S3 computes it. */
export function policySignature(secretKey: string, credential: string, policyB64: string): string {
  const [, date = '', region = '', service = ''] = credential.split('/');
  const kDate = hmac(`AWS4${secretKey}`, date);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, service);
  const kSigning = hmac(kService, 'aws4_request');
  return createHmac('sha256', kSigning).update(policyB64).digest('hex');
}

const deny = (status: 400 | 403, code: string, message: string): PolicyVerdict => ({
  ok: false,
  status,
  code,
  message,
});

/** S3's answer to a file outside the policy's `content-length-range`, or `undefined`. */
export function sizeVerdict(range: [number, number] | undefined, size: number) {
  if (!range) return undefined;
  if (size < range[0]) return deny(400, 'EntityTooSmall', 'The file is too small.');
  if (size > range[1]) return deny(400, 'EntityTooLarge', 'The file is too large.');
  return undefined;
}

/**
 * Verifies a presigned-POST form. `fields` are the form's text fields (names as sent), `size`
 * the file's size in bytes; without `size` (a file still streaming in) its range is left for
 * the caller to check with `sizeVerdict(verdict.sizeRange, size)`.
 */
export function verifyPostPolicy(options: {
  fields: Record<string, string>;
  size?: number;
  bucket: string;
  secretKey: string;
  now?: Date;
}): PolicyVerdict {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(options.fields)) fields[k.toLowerCase()] = v;
  const policyB64 = fields.policy;
  const signature = fields['x-amz-signature'];
  const credential = fields['x-amz-credential'];
  if (!policyB64 || !signature || !credential || fields['x-amz-algorithm'] !== 'AWS4-HMAC-SHA256') {
    return deny(403, 'AccessDenied', 'The upload form is not signed.');
  }
  const expected = Buffer.from(policySignature(options.secretKey, credential, policyB64));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return deny(403, 'SignatureDoesNotMatch', 'The upload signature does not match.');
  }
  let policy: Policy;
  try {
    policy = JSON.parse(Buffer.from(policyB64, 'base64').toString('utf8')) as Policy;
  } catch {
    return deny(400, 'InvalidPolicyDocument', 'The upload policy cannot be read.');
  }
  if (!(Date.parse(policy.expiration) > (options.now ?? new Date()).getTime())) {
    return deny(403, 'AccessDenied', 'The upload policy has expired.');
  }
  let sizeRange: [number, number] | undefined;
  const value = (name: string) => (name === 'bucket' ? options.bucket : fields[name.toLowerCase()]);
  for (const condition of policy.conditions ?? []) {
    if (!Array.isArray(condition)) {
      for (const [name, wanted] of Object.entries(condition)) {
        if (value(name) !== wanted) {
          return deny(403, 'AccessDenied', `Invalid according to the policy: ${name}.`);
        }
      }
      continue;
    }
    const [op, a, b] = condition;
    if (op === 'content-length-range') {
      sizeRange = [Number(a), Number(b)];
      const tooSmallOrLarge =
        options.size === undefined ? undefined : sizeVerdict(sizeRange, options.size);
      if (tooSmallOrLarge) return tooSmallOrLarge;
      continue;
    }
    const name = String(a).replace(/^\$/, '');
    const actual = value(name) ?? '';
    const ok =
      op === 'eq'
        ? actual === String(b)
        : op === 'starts-with'
          ? actual.startsWith(String(b))
          : false;
    if (!ok) return deny(403, 'AccessDenied', `Invalid according to the policy: ${name}.`);
  }
  if (!fields.key) return deny(400, 'InvalidArgument', 'The upload has no key.');
  return { ok: true, key: fields.key, contentType: fields['content-type'], sizeRange };
}
