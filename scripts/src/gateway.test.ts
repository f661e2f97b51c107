import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { routePath } from '@gia/shared';
import { PAGE_SHELLS } from '@gia/shared/page-shells.ts';
import { clientAddress } from '@gia/functions/lib/http.ts';
import { startGateway, toEvent } from './gateway.ts';

const request = (headers: Record<string, string>, remoteAddress = '127.0.0.7') =>
  ({ headers, method: 'POST', httpVersion: '1.1', socket: { remoteAddress } }) as IncomingMessage;

describe('the local gateway as CloudFront', () => {
  it('drops CloudFront headers a viewer sent, so per-client limits key on the real address', () => {
    const event = toEvent(
      request({ 'cloudfront-viewer-address': '203.0.113.9:4000', 'user-agent': 'x' }),
      new URL(routePath('learner.login.request'), 'http://127.0.0.1'),
      Buffer.alloc(0),
    );
    expect(event.headers['cloudfront-viewer-address']).toBeUndefined();
    expect(event.headers['user-agent']).toBe('x');
    expect(clientAddress(event, event.headers)).toBe('127.0.0.7');
  });

  it('keys on the viewer address that CloudFront itself adds in AWS', () => {
    const event = toEvent(request({}), new URL('http://127.0.0.1/'), Buffer.alloc(0));
    const viewer = { 'cloudfront-viewer-address': '2001:DB8::1:51234' };
    expect(clientAddress(event, viewer)).toBe('2001:db8::1');
    expect(clientAddress(event, { 'cloudfront-viewer-address': 'garbage' })).toBe('127.0.0.7');
  });
});

/** One GET with the raw (still compressed) body, as a browser receives it. */
const fetchRaw = (url: string, acceptEncoding: string) =>
  new Promise<{ headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });

describe('the local gateway serving the SPA', () => {
  it('sends a hashed asset compressed at the best ratio (brotli 11, else gzip), the same bytes every time, cached for good', async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'gia-gateway-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const js = Buffer.from(
      Array.from({ length: 400 }, (_, i) => `export const v${i} = ${i} * ${i + 7};`).join('\n'),
    );
    writeFileSync(join(webDir, 'assets', 'app-1a2b3c.js'), js);
    const server = await startGateway({ port: 0, webDir });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets/app-1a2b3c.js`;
    try {
      const first = await fetchRaw(url, 'gzip, deflate, br');
      const again = await fetchRaw(url, 'gzip, deflate, br');
      expect(first.headers['content-encoding']).toBe('br');
      expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(first.body).equals(js)).toBe(true);
      const best = brotliCompressSync(js, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      });
      expect(first.body.length).toBe(best.length);
      expect(again.body.equals(first.body)).toBe(true);

      const gzipped = await fetchRaw(url, 'gzip');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.body).equals(js)).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(webDir, { recursive: true, force: true });
    }
  });

  it("sends pdf.js's worker (an .mjs asset) as JavaScript, which a module worker requires", async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'gia-gateway-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), 'index');
    writeFileSync(join(webDir, 'assets', 'pdf.worker.min-1a2b3c.mjs'), 'export const w = 1;');
    const server = await startGateway({ port: 0, webDir });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets/pdf.worker.min-1a2b3c.mjs`;
    try {
      const res = await fetchRaw(url, 'identity');
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.body.toString()).toBe('export const w = 1;');
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(webDir, { recursive: true, force: true });
    }
  });

  it('serves the service worker and the web app manifest revalidated on every visit, never cached long (issue 32)', async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'gia-gateway-'));
    writeFileSync(join(webDir, 'index.html'), 'index');
    writeFileSync(join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(webDir, 'manifest.webmanifest'), '{"name":"GIA School"}');
    const server = await startGateway({ port: 0, webDir });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const sw = await fetchRaw(`${base}/sw.js`, 'identity');
      expect(sw.headers['cache-control']).toBe('no-cache');
      expect(sw.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(sw.body.toString()).toContain('addEventListener');
      const manifest = await fetchRaw(`${base}/manifest.webmanifest`, 'identity');
      expect(manifest.headers['cache-control']).toBe('no-cache');
      expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
      expect(JSON.parse(manifest.body.toString())).toEqual({ name: 'GIA School' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(webDir, { recursive: true, force: true });
    }
  });

  it('answers each public page with its prerendered file and every other client route with index.html, never cached', async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'gia-gateway-'));
    writeFileSync(join(webDir, 'index.html'), 'index');
    for (const shell of Object.values(PAGE_SHELLS)) {
      mkdirSync(dirname(join(webDir, shell.file)), { recursive: true });
      writeFileSync(join(webDir, shell.file), shell.file);
    }
    const server = await startGateway({ port: 0, webDir });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const page = async (path: string) => {
      const res = await fetchRaw(`${base}${path}`, 'identity');
      expect(res.headers['cache-control'], path).toBe('no-cache');
      return res.body.toString();
    };
    try {
      expect(await page('/')).toBe(PAGE_SHELLS.landing.file);
      expect(await page('/GetBoard')).toBe(PAGE_SHELLS.boards.file);
      expect(await page('/GetClasses?board=01J')).toBe(PAGE_SHELLS.classes.file);
      expect(await page('/classes/01J')).toBe(PAGE_SHELLS.class.file);
      expect(await page('/subjects/01J')).toBe(PAGE_SHELLS.subject.file);
      expect(await page('/GetTopic?chapter=c&topic=t')).toBe(PAGE_SHELLS.lesson.file);
      expect(await page('/GetClasses')).toBe('index');
      expect(await page('/signin')).toBe('index');
      expect(await page('/classes/01J/subjects')).toBe('index');
      expect(await page('/AdminLoginNew')).toBe('index');
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(webDir, { recursive: true, force: true });
    }
  });
});
