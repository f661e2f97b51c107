import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { generateKeyPairSync, verify } from 'node:crypto';
import type { ApiRequest, ApiResult, RouteHandlers } from './http.ts';
import { httpEvent, lambdaContext } from '../../test/event.ts';
import { TEST_ENV } from '../../test/tokens.ts';
import { secretsExtension } from '../../test/secrets-extension.ts';

const extension = await secretsExtension();
afterAll(() => extension.close());
const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});

Object.assign(process.env, TEST_ENV, {
  HLS_SIGNING_SECRET_ARN: 'arn:hls',
  HLS_KEY_PAIR_ID: 'K2TESTKEY',
});
delete process.env.HLS_PRIVATE_KEY;
const { createGroupHandler, ok } = await import('./http.ts');
const { hlsAccess, videoDelivery } = await import('./hls-access.ts');

type Video = { video_url?: unknown; video_status?: unknown; captions?: unknown };
let record: Video = {};
let open = true;

/** What delivery adds to `record`, as a read would: not the health routes' own answers. */
const delivery: Record<'health' | 'health.ready', (req: ApiRequest) => Promise<ApiResult>> = {
  health: async () => ok('video', await hlsAccess(record, open)),
  'health.ready': async () => ok('video', await videoDelivery(record, open)),
};
/** A route that answers what delivery adds to `record`, as a read would. */
const health = createGroupHandler('health', delivery as RouteHandlers<'health'>);

const read = async (headers: Record<string, string> = { 'x-gia-viewer-host': 'gia.example' }) => {
  const res = await health(httpEvent('GET', '/api/health', { headers }), lambdaContext);
  return { data: JSON.parse(res.body ?? '{}').data, cookies: res.cookies ?? [] };
};

const fromCloudFront = (text: string) =>
  Buffer.from(text.replace(/-/g, '+').replace(/_/g, '=').replace(/~/g, '/'), 'base64');

beforeEach(() => {
  extension.reset();
  extension.set('arn:hls', JSON.stringify({ private_key: privateKey }));
  record = { video_url: '/media/private/videos/01JABC-Lesson_1.mp4', video_status: 'ready' };
  open = true;
});

describe('HLS access cookies', () => {
  it('signs a policy for the video folder only, with the key read once from Secrets Manager', async () => {
    const first = await read();
    expect(first.data).toEqual({
      video_hls_url: '/media/private/hls/01JABC-Lesson-1/master.m3u8',
      video_poster_url: expect.stringMatching(/^\/media\/private\/hls\/01JABC-Lesson-1\/poster/),
    });
    expect(first.cookies).toHaveLength(3);
    const byName = Object.fromEntries(
      first.cookies.map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]),
    );
    for (const c of first.cookies) {
      expect(c).toContain(
        '; Path=/media/private/hls/01JABC-Lesson-1/; Max-Age=3600; Secure; HttpOnly; SameSite=Strict',
      );
    }
    const value = (name: string) => byName[name]!.split(';')[0]!;
    expect(value('CloudFront-Key-Pair-Id')).toBe('K2TESTKEY');
    const policy = fromCloudFront(value('CloudFront-Policy'));
    const statement = JSON.parse(policy.toString()).Statement[0];
    expect(statement.Resource).toBe('https://gia.example/media/private/hls/01JABC-Lesson-1/*');
    const expires = statement.Condition.DateLessThan['AWS:EpochTime'];
    expect(expires - Date.now() / 1000).toBeGreaterThan(3500);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(3600);
    expect(
      verify('RSA-SHA1', policy, publicKey, fromCloudFront(value('CloudFront-Signature'))),
    ).toBe(true);

    await read();
    expect(extension.requests).toHaveLength(1);
  });

  it('gives nothing to a reader who may not watch, or before the video is ready', async () => {
    open = false;
    expect(await read()).toEqual({
      data: { video_hls_url: null, video_poster_url: null },
      cookies: [],
    });
    open = true;
    for (const status of ['processing', 'failed', 'none', undefined]) {
      record = { ...record, video_status: status };
      expect(await read()).toEqual({
        data: { video_hls_url: null, video_poster_url: null },
        cookies: [],
      });
    }
  });

  it('never names a wildcard host, and gives nothing for a video that is not ours', async () => {
    expect((await read({ 'x-gia-viewer-host': '*' })).cookies).toEqual([]);
    expect((await read({ 'x-gia-viewer-host': 'a.example/*' })).cookies).toEqual([]);
    record = { video_url: 'https://youtube.example/v.mp4', video_status: 'ready' };
    expect((await read()).data.video_hls_url).toBeNull();
  });

  it('signs caption urls for a reader who may watch, and lists none for others', async () => {
    record = {
      ...record,
      captions: [{ language: 'en', url: '/media/private/captions/01JABC-en.vtt' }],
    };
    const res = await health(
      httpEvent('GET', '/api/health/ready', {
        headers: { 'x-gia-viewer-host': 'gia.example' },
      }),
      lambdaContext,
    );
    const data = JSON.parse(res.body ?? '{}').data;
    expect(data.captions).toHaveLength(1);
    expect(data.captions[0].language).toBe('en');
    expect(data.captions[0].url).toMatch(/01JABC-en\.vtt\?.*X-Amz-Signature=/);
    open = false;
    const closed = await health(httpEvent('GET', '/api/health/ready'), lambdaContext);
    expect(JSON.parse(closed.body ?? '{}').data.captions).toEqual([]);
  });
});
