import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The local stand-in for CloudFront's trusted key group on `/media/private/hls/*` (issue 15): a
 * read of a transcoded video's playlist, segment or poster is served only with valid CloudFront
 * signed cookies, checked as CloudFront checks them:
 * - `CloudFront-Key-Pair-Id` names the key the functions sign with (`HLS_KEY_PAIR_ID`);
 * - `CloudFront-Signature` is the RSA-SHA1 signature of the policy JSON, verified with the public
 *   half of the local key pair (CloudFront holds only the public key too);
 * - the policy's `Resource` matches the requested URL with CloudFront's wildcards (`*` any
 *   characters, `?` one), so a video's cookies open its own folder only;
 * - `DateLessThan` is in the future (and `DateGreaterThan`, if given, in the past); any other
 *   condition is not understood and refused.
 * Anything else is a 403, as CloudFront answers.
 */

/** Prefix of the keys the cookies guard. */
export const HLS_PREFIX = 'private/hls/';

/** CloudFront's URL-safe base64 (`+` → `-`, `=` → `_`, `/` → `~`) back to bytes. */
const fromCloudFrontBase64 = (text: string) =>
  Buffer.from(text.replace(/-/g, '+').replace(/_/g, '=').replace(/~/g, '/'), 'base64');

/** The viewer's cookies by name (the first of a name wins: the browser sends the most specific path first). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name && !out.has(name)) out.set(name, part.slice(eq + 1).trim());
  }
  return out;
}

/** CloudFront's resource pattern as a regular expression over the whole URL. */
export function resourcePattern(resource: string): RegExp {
  const body = [...resource]
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\/]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`, 's');
}

interface Policy {
  Statement?: {
    Resource?: unknown;
    Condition?: Record<string, Record<string, unknown> | undefined>;
  }[];
}

let cachedKey: { pem: string; key: KeyObject } | undefined;

/** The public half of the local signing key (`HLS_PRIVATE_KEY`, set by the local stack). */
function publicKey(): KeyObject | undefined {
  const pem = process.env.HLS_PRIVATE_KEY;
  if (!pem) return undefined;
  if (cachedKey?.pem !== pem) cachedKey = { pem, key: createPublicKey(pem) };
  return cachedKey.key;
}

/**
 * Whether a viewer's cookies allow this GET of `url` (the full URL the viewer asked for, e.g.
 * `http://127.0.0.1:3000/media/private/hls/abc/master.m3u8`), at `now` (ms).
 */
export function cookiesAllow(cookieHeader: string | undefined, url: string, now = Date.now()) {
  const cookies = parseCookies(cookieHeader);
  const policyText = cookies.get('CloudFront-Policy');
  const signature = cookies.get('CloudFront-Signature');
  const keyPairId = cookies.get('CloudFront-Key-Pair-Id');
  const key = publicKey();
  if (!policyText || !signature || !keyPairId || !key) return false;
  if (keyPairId !== process.env.HLS_KEY_PAIR_ID) return false;
  const policyJson = fromCloudFrontBase64(policyText);
  if (!verify('RSA-SHA1', policyJson, key, fromCloudFrontBase64(signature))) return false;
  let policy: Policy;
  try {
    policy = JSON.parse(policyJson.toString('utf8')) as Policy;
  } catch {
    return false;
  }
  const statement = policy.Statement?.length === 1 ? policy.Statement[0] : undefined;
  if (!statement || typeof statement.Resource !== 'string') return false;
  if (!resourcePattern(statement.Resource).test(url)) return false;
  const { DateLessThan, DateGreaterThan, ...others } = statement.Condition ?? {};
  if (Object.keys(others).length) return false;
  const before = DateLessThan?.['AWS:EpochTime'];
  if (typeof before !== 'number' || before * 1000 <= now) return false;
  const after = DateGreaterThan?.['AWS:EpochTime'];
  if (after !== undefined && (typeof after !== 'number' || after * 1000 > now)) return false;
  return true;
}

/** The gateway's check for a request of a key under {@link HLS_PREFIX}. */
export const hlsRequestAllowed = (req: IncomingMessage) =>
  cookiesAllow(req.headers.cookie, `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`);
