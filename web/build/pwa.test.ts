import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ManifestTransform } from 'workbox-build';
import { cssToken, learnerFiles, precacheTransform, type ViteChunk } from './pwa.ts';

/** One file of the precache as workbox-build hands it to a transform. */
type Entry = Parameters<ManifestTransform>[0][number];

/** A build as Vite's manifest describes it: the app, a learner page, the notes, the admin area. */
const MANIFEST: Record<string, ViteChunk> = {
  'index.html': {
    file: 'assets/index-a1.js',
    src: 'index.html',
    imports: ['_shared-b2.js'],
    dynamicImports: ['src/app/lesson-route.tsx', 'src/features/admin/admin-app.tsx'],
    css: ['assets/index-c3.css'],
  },
  '_shared-b2.js': { file: 'assets/shared-b2.js' },
  'src/app/lesson-route.tsx': {
    file: 'assets/lesson-route-d4.js',
    imports: ['_shared-b2.js'],
    dynamicImports: ['../node_modules/hls.js/dist/hls.light.mjs', 'src/app/notes-route.tsx'],
  },
  '../node_modules/hls.js/dist/hls.light.mjs': { file: 'assets/hls.light-e5.js' },
  'src/app/notes-route.tsx': {
    file: 'assets/notes-route-f6.js',
    dynamicImports: ['../node_modules/pdfjs-dist/build/pdf.mjs'],
    assets: ['assets/pdf.worker.min-g7.mjs'],
  },
  '../node_modules/pdfjs-dist/build/pdf.mjs': { file: 'assets/pdf-h8.js' },
  '../node_modules/pdfjs-dist/build/pdf.worker.min.mjs': { file: 'assets/pdf.worker.min-g7.mjs' },
  'src/features/admin/admin-app.tsx': {
    file: 'assets/admin-app-i9.js',
    imports: ['_shared-b2.js', '_uplot-j0.js'],
    css: ['assets/admin-app-k1.css'],
  },
  '_uplot-j0.js': { file: 'assets/uplot-j0.js' },
  '_boot-l2.js': { file: 'assets/boot-l2.js' },
};

describe("the service worker's precache (issue 32)", () => {
  it("holds what a learner's pages load, shared chunks included, and none of the admin area", () => {
    const files = learnerFiles(MANIFEST, ['assets/boot-l2.js']);
    expect([...files].sort()).toEqual([
      'assets/boot-l2.js',
      'assets/hls.light-e5.js',
      'assets/index-a1.js',
      'assets/index-c3.css',
      'assets/lesson-route-d4.js',
      'assets/notes-route-f6.js',
      'assets/shared-b2.js',
    ]);
  });

  it("leaves pdf.js and its worker to the network (larger than the whole shell's budget)", () => {
    const files = learnerFiles(MANIFEST);
    expect(files.has('assets/pdf-h8.js')).toBe(false);
    expect(files.has('assets/pdf.worker.min-g7.mjs')).toBe(false);
  });

  it('leaves the Kannada and Devanagari faces and the Kannada catalogue parts to the network', () => {
    const font = '../node_modules/@fontsource/noto-sans-kannada/files/noto-sans-kannada-400.woff2';
    const files = learnerFiles({
      'index.html': {
        file: 'assets/index-a1.js',
        dynamicImports: [
          'src/locales/kn.json?catalogue-part=shell',
          'src/locales/kn.json?catalogue-part=learning',
          'src/locales/en.json?catalogue-part=learning',
        ],
        css: ['assets/index-c3.css'],
        assets: ['assets/noto-sans-kannada-400-m3.woff2', 'assets/kannada-400-p6.woff2'],
      },
      'src/locales/kn.json?catalogue-part=shell': { file: 'assets/kn-n4.js' },
      'src/locales/kn.json?catalogue-part=learning': { file: 'assets/kn-n5.js' },
      'src/locales/en.json?catalogue-part=learning': { file: 'assets/en-e5.js' },
      [font]: { file: 'assets/noto-sans-kannada-400-m3.woff2' },
      '../node_modules/.cache/gia-endonym-fonts/kannada-400.woff2': {
        file: 'assets/kannada-400-p6.woff2',
      },
    });
    // The English parts go with the precached screens that need them.
    expect([...files].sort()).toEqual([
      'assets/en-e5.js',
      'assets/index-a1.js',
      'assets/index-c3.css',
    ]);
  });

  describe('over a built site', () => {
    let dist = '';
    afterEach(() => rmSync(dist, { recursive: true, force: true }));
    const built = (page: string) => {
      dist = mkdtempSync(join(tmpdir(), 'gia-pwa-'));
      mkdirSync(join(dist, '.vite'));
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
      writeFileSync(join(dist, 'index.html'), page);
      const entries: Entry[] = [];
      const add = (url: string, bytes: string) => {
        writeFileSync(join(dist, url), bytes);
        entries.push({ url, revision: null, size: bytes.length });
      };
      for (const chunk of Object.values(MANIFEST)) add(chunk.file, `/* ${chunk.file} */`);
      add('assets/index-c3.css', 'body{}');
      add('assets/admin-app-k1.css', '.admin{}');
      add('pwa-192x192.png', 'png');
      entries.push({ url: 'index.html', revision: 'r1', size: page.length });
      return entries;
    };

    it('keeps the pages, the icons and the files the page loads by itself (the boot script)', async () => {
      const entries = built('<script src="/assets/boot-l2.js"></script>');
      const { manifest } = await precacheTransform(dist)(entries);
      const urls = manifest.map((e) => e.url);
      expect(urls).toContain('index.html');
      expect(urls).toContain('pwa-192x192.png');
      expect(urls).toContain('assets/boot-l2.js');
      expect(urls).toContain('assets/shared-b2.js');
      for (const admin of [
        'assets/admin-app-i9.js',
        'assets/admin-app-k1.css',
        'assets/uplot-j0.js',
      ])
        expect(urls).not.toContain(admin);
    });

    it('fails the build when the precache weighs more than its budget', async () => {
      const entries = built('<div id="root"></div>');
      // Random bytes barely compress: about 9 KB gzip.
      writeFileSync(join(dist, 'assets/index-a1.js'), randomBytes(9000).toString('base64'));
      await expect(precacheTransform(dist, 4)(entries)).rejects.toThrow(/over its 4 KB budget/);
      await expect(precacheTransform(dist, 400)(entries)).resolves.toBeTruthy();
    });
  });

  it("takes the manifest's colours from the style tokens", () => {
    const css = ':root {\n  --blue: #1e3a8a;\n  --bg: #f8fafc;\n}';
    expect(cssToken(css, 'blue')).toBe('#1e3a8a');
    expect(cssToken(css, 'bg')).toBe('#f8fafc');
    expect(() => cssToken(css, 'teal')).toThrow(/no colour --teal/);
  });
});
