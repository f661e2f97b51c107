/*
 * HTML that paints before JavaScript (issue 30, item 1). After the client build, this renders the
 * public pages of shared/src/page-shells.ts with the app's own components (react-dom/static over
 * an SSR build of web/src/prerender/prerender.tsx), puts each into the built index.html and
 * inlines the CSS its markup uses (beasties); the full stylesheet loads without holding up the
 * first paint. The app hydrates over the page (web/src/main.tsx).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { PageShell } from '@gia/shared/page-shells.ts';
import { appOnCue } from './app-on-cue.ts';
import { catalogues } from './catalogue-parts.ts';

/** What the SSR build of web/src/prerender/prerender.tsx exports. */
interface Renderer {
  renderPage(url: string): Promise<string>;
  PAGE_SHELLS: Record<string, PageShell>;
}

const ROOT = '<div id="root"></div>';
/** What beasties' `media-script` mode adds to apply the stylesheet (src/lib/deferred-styles.ts). */
const DEFERRED_STYLES_SCRIPT =
  /<script>document\.querySelectorAll\('link\[data-beasties-media\]'\)[^<]*<\/script>/;

/** Where the renderer is built, and removed from once the pages are written. */
const rendererDir = (config: ResolvedConfig) =>
  join(config.root, 'node_modules/.cache/gia-prerender');

/** Builds the renderer for Node with the client's settings (its `define`, its asset rules). */
async function buildRenderer(config: ResolvedConfig): Promise<Renderer> {
  const outDir = rendererDir(config);
  await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    define: config.define,
    plugins: [react(), catalogues(config.root)],
    build: {
      ssr: 'src/prerender/prerender.tsx',
      outDir,
      emptyOutDir: true,
      assetsInlineLimit: config.build.assetsInlineLimit,
      rollupOptions: { output: { entryFileNames: 'prerender.js' } },
    },
  });
  return (await import(pathToFileURL(join(outDir, 'prerender.js')).href)) as Renderer;
}

/** The Vite plugin: after `vite build`, writes each page of PAGE_SHELLS beside index.html. */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'gia-prerender',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const dist = resolve(config.root, config.build.outDir);
      const template = readFileSync(join(dist, 'index.html'), 'utf8');
      if (!template.includes(ROOT)) throw new Error(`index.html has no empty ${ROOT}`);
      const { renderPage, PAGE_SHELLS } = await buildRenderer(config);
      const beasties = new Beasties({
        path: dist,
        publicPath: config.base,
        // The full stylesheet as media="print" (it never blocks the first paint), applied by the
        // app once loaded (src/lib/deferred-styles.ts; beasties' inline script for it is
        // removed below), with a <noscript> link for no JavaScript.
        // Not 'media'/'swap': their onload="" is an inline script, which the site's CSP refuses;
        // not 'body': a stylesheet there still blocks the parser, and Lighthouse counts it.
        preload: 'media-script',
        // The rules of the marks the boot script sets on <html> before the first paint (the
        // account hint, the language chosen): no element of the built page has them, but the
        // page they paint must follow them before the full stylesheet is in.
        allowRules: [/^html\[data-/],
        pruneSource: false,
        reduceInlineStyles: false,
        logLevel: 'warn',
      });
      const sizes: string[] = [];
      for (const shell of Object.values(PAGE_SHELLS)) {
        const markup = await renderPage(shell.renderAt);
        const processed = await beasties.process(
          template.replace(ROOT, `<div id="root">${markup}</div>`),
        );
        // beasties' own inline script that applies the stylesheet: the app does it instead.
        let html = processed.replace(DEFERRED_STYLES_SCRIPT, '');
        // The app starts once the page has painted (the lesson's once its first segment is in).
        html = appOnCue(html, shell.file, shell.appOnCue ? 'all' : 'script');
        // The site's CSP (script-src 'self') runs no inline script nor event handler attribute.
        if (/<script(?![^>]*\ssrc=)[^>]*>|<[^>]+\son[a-z]+=/i.test(html)) {
          throw new Error(`${shell.file}: the page has an inline script or handler`);
        }
        const file = join(dist, shell.file);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, html);
        sizes.push(`${shell.file} ${(gzipSync(html).length / 1024).toFixed(1)} kB gzip`);
      }
      config.logger.info(`prerendered: ${sizes.join(', ')}`);
      rmSync(rendererDir(config), { recursive: true, force: true });
    },
  };
}
