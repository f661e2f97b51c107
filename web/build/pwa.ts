/*
 * The installable app (issue 32, item 1): the web app manifest, its icons and the service worker,
 * through vite-plugin-pwa. `injectManifest` rather than `generateSW`: a navigation offline must
 * get the page the server would send for its URL (the prerendered page of shared/src/
 * page-shells.ts, else index.html), which generateSW's single `navigateFallback` cannot say; the
 * worker (web/src/sw/sw.ts) does it with Workbox's NavigationRoute and the shared `pageFileFor`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { minimal2023Preset } from '@vite-pwa/assets-generator/config';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';

/** What the precache may weigh, gzip (issue 32): the shell must not cost a learner's data pack. */
export const PRECACHE_BUDGET_KB = 400;

/** A value of web/src/styles/tokens.css (`--blue: #1e3a8a;`), so the manifest's colours are the site's. */
export function cssToken(css: string, name: string): string {
  const value = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(css)?.[1];
  if (!value) throw new Error(`tokens.css has no colour --${name}`);
  return value;
}

/** One chunk of Vite's build manifest (`dist/.vite/manifest.json`). */
export interface ViteChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/** The back office's own code: the admin feature's modules (the admin area's lazy chunk). */
const ADMIN = /(^|\/)src\/features\/admin\//;

/**
 * Learner code left to the network (and the browser's HTTP cache once used), as it is larger
 * than the rest of the shell together and works only on what the network brings anyway: the
 * notes viewer's pdf.js and its worker (about 475 KB gzip; notes PDFs are signed media, never
 * cached here) and the math renderer of questions (about 67 KB gzip with its font; questions
 * come from the API). Saving a chapter for offline (issue 32, item 3) is where they belong. And
 * the Kannada and Devanagari faces (issue 33, about 28 KB each, src/styles/fonts.css): fetched
 * only by a page in those scripts on a phone without its own Noto (Android has it); their cuts
 * to the language names (web/build/endonym-fonts.ts, about 5 KB each) are fetched by any page
 * there, and kept by the service worker once fetched. And the
 * Kannada and Hindi message catalogues' parts (about 15 KB gzip in all per language,
 * src/locales/parts.ts): only a learner who reads that language fetches them, each with the
 * screen that needs it, and the service worker keeps them then (src/sw/sw.ts), so the precache
 * does not carry both for everyone. The English parts are precached with their screens, but the
 * server's messages (about 4 KB gzip): an English page shows the server's own text, and only a
 * page in another language reads them (src/lib/server-text.ts), so they go with its parts. And
 * search (issue 34: its page, minisearch and its English part, about 13 KB gzip): a search needs
 * the network for its indexes anyway, but for a saved chapter's, and a save fetches the search's
 * code as it fetches pdf.js (app/lesson-route.tsx), so the worker keeps it for the offline search.
 */
const LEFT_TO_THE_NETWORK = [
  /(^|\/)src\/locales\/(kn|hi)\.json\?(lingui|catalogue-part=[a-z]+)$/,
  /(^|\/)src\/locales\/en\.json\?catalogue-part=(server|search)$/,
  /(^|\/)src\/features\/search\//,
  /(^|\/)node_modules\/pdfjs-dist\//,
  /(^|\/)node_modules\/@fontsource\/noto-sans-(kannada|devanagari)\//,
  /(^|\/)node_modules\/\.cache\/gia-endonym-fonts\//,
  /(^|\/)src\/components\/math\/tex-to-mathml\.ts$/,
];

const notPrecached = (key: string) =>
  ADMIN.test(key) || LEFT_TO_THE_NETWORK.some((r) => r.test(key));

/**
 * The built files the service worker precaches: what a learner's pages load, from index.html
 * through static and dynamic imports (the lesson and hls.js, the learner pages…) with their CSS
 * and assets, without entering the admin area or {@link LEFT_TO_THE_NETWORK}. A chunk the admin
 * area shares with learner pages stays in.
 */
export function learnerFiles(
  manifest: Record<string, ViteChunk>,
  /** Files the page loads by its HTML besides the bundle (the boot script, web/vite.config.ts). */
  pageFiles: readonly string[] = [],
): Set<string> {
  const keyOfFile = new Map(Object.entries(manifest).map(([key, c]) => [c.file, key]));
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || notPrecached(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const f of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) {
      // An asset with an entry of its own (pdf.js's worker, a `?url` import) is judged by it.
      const own = keyOfFile.get(f);
      if (!own || !notPrecached(own)) files.add(f);
    }
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit('index.html');
  for (const f of pageFiles) {
    const key = keyOfFile.get(f);
    if (key) visit(key);
    else files.add(f);
  }
  return files;
}

/**
 * The precache's filter and budget: built code (`assets/`) only when a learner's page can load
 * it, everything else the glob found (the pages, the icons, the manifest) as it is; the build
 * fails when the whole weighs more than {@link PRECACHE_BUDGET_KB} gzip.
 */
export function precacheTransform(dist: string, budgetKb = PRECACHE_BUDGET_KB): ManifestTransform {
  return async (entries) => {
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      ViteChunk
    >;
    const page = readFileSync(join(dist, 'index.html'), 'utf8');
    const pageFiles = [...page.matchAll(/\s(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
    const learner = learnerFiles(manifest, pageFiles);
    const kept = entries.filter((e) => !e.url.startsWith('assets/') || learner.has(e.url));
    const gzipKb =
      kept.reduce((sum, e) => sum + gzipSync(readFileSync(join(dist, e.url))).length, 0) / 1024;
    if (gzipKb > budgetKb) {
      throw new Error(
        `the service worker's precache is ${gzipKb.toFixed(1)} KB gzip, over its ${budgetKb} KB budget`,
      );
    }
    const dropped = entries.filter((e) => !kept.includes(e));
    return {
      manifest: kept,
      warnings: [
        `precache: ${kept.length} files, ${gzipKb.toFixed(1)} KB gzip (budget ${budgetKb} KB); left to the network: ${dropped.map((e) => e.url).join(', ') || 'nothing'}`,
      ],
    };
  };
}

/** vite-plugin-pwa for the SPA built in `dist` (absolute), colours from `tokensCss`. */
export function installableApp(dist: string, tokensCss: string) {
  const theme = cssToken(tokensCss, 'blue');
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    // The page registers it (web/src/app/app-update.tsx, virtual:pwa-register/react): no script.
    injectRegister: false,
    registerType: 'prompt',
    // Not in `vite dev`: a worker there would serve yesterday's code to a developer.
    devOptions: { enabled: false },
    // After the prerendered pages are written (web/build/prerender.ts), so they are precached.
    integration: { closeBundleOrder: 'post' },
    manifest: {
      name: 'GIA School',
      short_name: 'GIA School',
      description:
        'School courses for CBSE, ICSE, SSLC and PUC with video lessons, notes and an AI teacher.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: theme,
      background_color: cssToken(tokensCss, 'bg'),
    },
    // The icons (192 and 512 px, a maskable 512, the Apple touch icon, favicon.ico) drawn from
    // public/favicon.svg at build time, listed in the manifest and linked from index.html.
    pwaAssets: {
      image: 'public/favicon.svg',
      preset: {
        ...minimal2023Preset,
        // The mark on the theme's blue, inside the safe zone a launcher's mask keeps.
        maskable: { sizes: [512], padding: 0.3, resizeOptions: { background: theme } },
        apple: { sizes: [180], padding: 0.3, resizeOptions: { background: theme } },
      },
      overrideManifestIcons: true,
    },
    injectManifest: {
      // The web app manifest and its icons are added by the plugin itself (a second entry is refused).
      globPatterns: ['**/*.{html,js,mjs,css,woff2,svg,png,ico}'],
      // The build's own manifest is not part of the site.
      globIgnores: ['.vite/**'],
      manifestTransforms: [precacheTransform(dist)],
      // pdf.js's worker is one file of about 1 MB (about 300 KB gzip).
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    },
  });
}
