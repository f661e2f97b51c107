import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, runnerImport, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import type { BootConfig } from './src/lib/boot-contract.ts';
import { catalogues } from './build/catalogue-parts.ts';
import { prerenderPages } from './build/prerender.ts';
import { installableApp } from './build/pwa.ts';
import { endonymFonts } from './build/endonym-fonts.ts';

const BOOT_SOURCE = fileURLToPath(new URL('./src/boot/boot.ts', import.meta.url));
const BOOT_SETTINGS = fileURLToPath(new URL('./src/boot/boot-settings.ts', import.meta.url));
const WEB = fileURLToPath(new URL('.', import.meta.url));
const DIST = fileURLToPath(new URL('./dist', import.meta.url));
/** Where the build writes the language names' cut-down faces (build/endonym-fonts.ts). */
const ENDONYM_DIR = fileURLToPath(
  new URL('../node_modules/.cache/gia-endonym-fonts', import.meta.url),
);
const TOKENS = fileURLToPath(new URL('./src/styles/tokens.css', import.meta.url));

/** The boot script's settings (src/boot/boot-settings.ts, loaded with its TypeScript imports). */
async function bootConfig(): Promise<BootConfig> {
  const { module } = await runnerImport<{ bootSettings: () => BootConfig }>(BOOT_SETTINGS, {
    configFile: false,
    logLevel: 'silent',
  });
  return module.bootSettings();
}

/**
 * The boot script (src/boot/boot.ts) as a hashed asset, `<script src>` first in <head>: the site's
 * CSP (`script-src 'self'`, infra web-hosting.ts) allows no inline script, and a hash would tie
 * the CSP, fixed at synth, to each build. A classic blocking script, so it has run (and started
 * its requests) before the module bundle; it is small and downloads beside the bundle.
 */
function bootScript(): Plugin {
  return {
    name: 'gia-boot-script',
    apply: 'build',
    async buildStart() {
      // Bundled on its own (its imports are the player's small rules), an IIFE that takes the
      // settings as `__GIA_BOOT__`.
      const out = (await build({
        configFile: false,
        logLevel: 'warn',
        build: {
          write: false,
          minify: true,
          lib: { entry: BOOT_SOURCE, formats: ['iife'], name: 'giaBoot', fileName: 'boot' },
          rollupOptions: {
            output: {
              banner: '(function(__GIA_BOOT__){',
              footer: `})(${JSON.stringify(await bootConfig())});`,
            },
          },
        },
      })) as Rolldown.RolldownOutput[];
      const chunk = out[0]!.output[0];
      this.emitFile({ type: 'asset', name: 'boot.js', source: chunk.code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const asset = Object.values(ctx.bundle ?? {}).find(
          (file) => file.type === 'asset' && file.names.includes('boot.js'),
        );
        if (!asset) throw new Error('the boot script was not emitted');
        return [{ tag: 'script', attrs: { src: `/${asset.fileName}` }, injectTo: 'head-prepend' }];
      },
    },
  };
}

/** The SPA: built into web/dist, served by the local gateway (and by CloudFront in AWS). */
export default defineConfig({
  plugins: [
    react(),
    // The message catalogues (src/locales, lingui.config.ts) and their parts by screen
    // (src/locales/parts.ts), compiled where they are imported.
    catalogues(WEB),
    endonymFonts(ENDONYM_DIR),
    bootScript(),
    prerenderPages(),
    installableApp(DIST, readFileSync(TOKENS, 'utf8')),
  ],
  // The prerendered pages' footer shows the year of the build until the app hydrates.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    // A face stays a file, fetched only where its letters are shown (src/styles/fonts.css).
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://localhost:3000' },
  },
});
