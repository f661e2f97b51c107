import { beforeAll, describe, expect, it, inject } from 'vitest';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedCookies } from '@aws-sdk/cloudfront-signer';
import { hlsFolderOf, MASTER_PLAYLIST, POSTER_FILE } from '@gia/shared/video.ts';
import { api, buySubjects, newLearner, routePath, tableClient } from './api.ts';
import { signedInAdmin, smallCatalogue, unique } from './fixtures.ts';

/**
 * Private delivery of HLS videos (issue 15): an entitled reader of a ready video gets its
 * master playlist's URL and CloudFront signed cookies for that video's folder only; the local
 * gateway serves playlists and segments only with valid cookies, as CloudFront does in AWS.
 */
const call = api();
const stack = inject('stack');
const db = tableClient();
const s3 = new S3Client({
  endpoint: stack.endpoints.s3,
  forcePathStyle: true,
  region: 'ap-south-1',
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
});
const admin = signedInAdmin(call);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = any;

const SEGMENT = new Uint8Array(188 * 4).fill(0x47);

/** A small HLS folder as the pipeline writes it: master, one rendition, one segment, a poster. */
async function putHlsFolder(folder: string) {
  const put = (name: string, body: string | Uint8Array, type: string) =>
    s3.send(
      new PutObjectCommand({
        Bucket: 'gia-media',
        Key: `${folder}${name}`,
        Body: body,
        ContentType: type,
      }),
    );
  await put(
    MASTER_PLAYLIST,
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=160000,RESOLUTION=416x234\nmaster_234p.m3u8\n',
    'application/vnd.apple.mpegurl',
  );
  await put(
    'master_234p.m3u8',
    '#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:2.0,\nmaster_234p_00001.ts\n#EXT-X-ENDLIST\n',
    'application/vnd.apple.mpegurl',
  );
  await put('master_234p_00001.ts', SEGMENT, 'video/mp2t');
  await put(POSTER_FILE, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg');
}

/** Marks a topic's video transcoded, as the pipeline does when its job completes. */
const markReady = (topicId: string) =>
  db.send(
    new UpdateCommand({
      TableName: stack.tableName,
      Key: { pk: `TOPIC#${topicId}`, sk: 'TOPIC' },
      UpdateExpression: 'SET video_status = :s, video_duration_seconds = :d',
      ExpressionAttributeValues: { ':s': 'ready', ':d': 2 },
    }),
  );

/** The `name=value` pairs a browser sends back for the Set-Cookie values of one path. */
const cookieHeader = (setCookies: string[], path: string) =>
  setCookies
    .filter((c) => c.includes(`Path=${path};`))
    .map((c) => c.split(';')[0])
    .join('; ');

const get = (path: string, cookie?: string) =>
  fetch(`${stack.url}${path}`, { headers: cookie ? { cookie } : {} });

/** Cookies signed with the stack's key for a policy of our choosing (as CloudFront reads them). */
function craftedCookies(resource: string, epochSeconds: number) {
  const cookies = getSignedCookies({
    keyPairId: stack.env.HLS_KEY_PAIR_ID!,
    privateKey: stack.env.HLS_PRIVATE_KEY!,
    policy: JSON.stringify({
      Statement: [
        { Resource: resource, Condition: { DateLessThan: { 'AWS:EpochTime': epochSeconds } } },
      ],
    }),
  });
  return Object.fromEntries(Object.entries(cookies)) as Record<string, string>;
}
const asHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

describe('HLS delivery with signed cookies', () => {
  let cat: Rec;
  let folderA: string;
  let folderB: string;
  let buyer: { token: string };

  beforeAll(async () => {
    const tag = Date.now().toString(36);
    cat = await smallCatalogue(admin.post, {
      board: 'Video Board',
      class: { class_name: unique('Class'), price: 100 },
      subjects: { paid: { subject_name: unique('Physics'), price: 80 } },
      chapter: { of: 'paid', chapter_name: 'Waves', serial_no: 1, description: 'd' },
      topics: {
        a: {
          topic_name: 'Sound',
          author: 'A',
          free_to_watch: '2',
          serial_no: 1,
          video_url: `/media/private/videos/${tag}-sound.mp4`,
        },
        b: {
          topic_name: 'Light',
          author: 'A',
          free_to_watch: '2',
          serial_no: 2,
          video_url: `/media/private/videos/${tag}-light.mp4`,
        },
      },
    });
    folderA = hlsFolderOf(`private/videos/${tag}-sound.mp4`);
    folderB = hlsFolderOf(`private/videos/${tag}-light.mp4`);
    await Promise.all([putHlsFolder(folderA), putHlsFolder(folderB)]);
    await Promise.all([markReady(cat.topics.a.topic_id), markReady(cat.topics.b.topic_id)]);
    buyer = await newLearner(call, 'Video Buyer');
    await buySubjects(call, buyer.token, [cat.subjects.paid.subject_id]);
  });

  /** The learner's own part of the chapter: the topics they may play, with HLS access. */
  const topicsOf = (token: string) =>
    call(
      'GET',
      routePath('catalogue.getMyCatalogueState', {}, { chapter_id: cat.chapter.chapter_id }),
      {
        token,
      },
    );
  /** The chapter's public list, the same for everyone. */
  const publicTopics = (token?: string) =>
    call('GET', `${routePath('catalogue.getTopics')}?chapter_id=${cat.chapter.chapter_id}`, {
      token,
    });

  it('gives an entitled learner the playlist URL, the poster and cookies for each folder', async () => {
    const res = await topicsOf(buyer.token);
    expect(res.status).toBe(200);
    const a = res.body.data.topics.find((t: Rec) => t.topic_id === cat.topics.a.topic_id);
    expect(a.video_hls_url).toBe(`/media/${folderA}${MASTER_PLAYLIST}`);
    expect(a.video_poster_url).toBe(`/media/${folderA}${POSTER_FILE}`);
    expect(a.captions).toEqual([]);
    const setCookies = res.headers.getSetCookie();
    for (const folder of [folderA, folderB]) {
      const scoped = setCookies.filter((c) => c.includes(`Path=/media/${folder};`));
      expect(scoped.map((c) => c.split('=')[0]).sort()).toEqual([
        'CloudFront-Key-Pair-Id',
        'CloudFront-Policy',
        'CloudFront-Signature',
      ]);
      for (const c of scoped) expect(c).toMatch(/HttpOnly; SameSite=Strict/);
    }
  });

  it('serves the master, a rendition playlist, a segment and the poster with those cookies only', async () => {
    const res = await topicsOf(buyer.token);
    const cookie = cookieHeader(res.headers.getSetCookie(), `/media/${folderA}`);
    const master = await get(`/media/${folderA}${MASTER_PLAYLIST}`, cookie);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('master_234p.m3u8');
    const rendition = await get(`/media/${folderA}master_234p.m3u8`, cookie);
    expect(rendition.status).toBe(200);
    expect(await rendition.text()).toContain('master_234p_00001.ts');
    const segment = await get(`/media/${folderA}master_234p_00001.ts`, cookie);
    expect(segment.status).toBe(200);
    expect(new Uint8Array(await segment.arrayBuffer())).toEqual(SEGMENT);
    expect((await get(`/media/${folderA}${POSTER_FILE}`, cookie)).status).toBe(200);

    // Without cookies: 403, as CloudFront answers.
    const bare = await get(`/media/${folderA}master_234p_00001.ts`);
    expect(bare.status).toBe(403);
    expect(((await bare.json()) as { message: string }).message).toBe('Access denied.');
    // A's cookies open nothing of B.
    expect((await get(`/media/${folderB}master_234p_00001.ts`, cookie)).status).toBe(403);
    expect((await get(`/media/${folderB}${MASTER_PLAYLIST}`, cookie)).status).toBe(403);
  });

  it('refuses an expired policy, a tampered policy or signature, and another key', async () => {
    const host = new URL(stack.url).host;
    const resource = `http://${host}/media/${folderA}*`;
    const segment = `/media/${folderA}master_234p_00001.ts`;
    const future = Math.floor(Date.now() / 1000) + 600;
    // The crafted cookies are right when nothing is wrong with them …
    const good = craftedCookies(resource, future);
    expect((await get(segment, asHeader(good))).status).toBe(200);
    // … expired,
    const expired = craftedCookies(resource, Math.floor(Date.now() / 1000) - 5);
    expect((await get(segment, asHeader(expired))).status).toBe(403);
    // another folder's policy with A's signature,
    const other = craftedCookies(`http://${host}/media/${folderB}*`, future);
    const swapped = { ...good, 'CloudFront-Policy': other['CloudFront-Policy']! };
    expect((await get(`/media/${folderB}master_234p_00001.ts`, asHeader(swapped))).status).toBe(
      403,
    );
    // a signature that does not verify,
    const sig = good['CloudFront-Signature']!;
    const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    const tampered = { ...good, 'CloudFront-Signature': flipped };
    expect((await get(segment, asHeader(tampered))).status).toBe(403);
    // another key pair id.
    const otherKey = { ...good, 'CloudFront-Key-Pair-Id': 'K2SOMEONEELSE' };
    expect((await get(segment, asHeader(otherKey))).status).toBe(403);
  });

  it('gives a learner who did not buy, and a visitor, no playlist URL and no cookies', async () => {
    const stranger = await newLearner(call, 'Video Stranger');
    const own = await topicsOf(stranger.token);
    expect(own.status).toBe(200);
    expect(own.body.data.topics).toEqual([]);
    expect(own.headers.getSetCookie()).toEqual([]);
    // The public list (everyone's, the buyer's too) never carries HLS access or a cookie.
    for (const token of [stranger.token, buyer.token, undefined]) {
      const res = await publicTopics(token);
      expect(res.status).toBe(200);
      for (const t of res.body.data as Rec[]) {
        expect(t.video_hls_url).toBeNull();
        expect(t.video_poster_url).toBeNull();
      }
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('opens the same video on the subject’s and the class’s page for the buyer', async () => {
    for (const query of [
      { subject_id: cat.subjects.paid.subject_id as string },
      { class_id: cat.cls.class_id as string },
    ]) {
      const res = await call('GET', routePath('catalogue.getMyCatalogueState', {}, query), {
        token: buyer.token,
      });
      expect(res.status).toBe(200);
      const a = res.body.data.topics.find((t: Rec) => t.topic_id === cat.topics.a.topic_id);
      expect(a.video_hls_url).toBe(`/media/${folderA}${MASTER_PLAYLIST}`);
      expect(res.headers.getSetCookie().some((c) => c.includes(`Path=/media/${folderA};`))).toBe(
        true,
      );
    }
  });
});
