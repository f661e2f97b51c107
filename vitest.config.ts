import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { catalogues } from './web/build/catalogue-parts.ts';

// The SDK's notice about future Node versions is noise in test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/**
 * Four projects: `unit` (node, next to the code), `web` (jsdom), `integration` (against the
 * embedded local services, started once by the global setup) and `browser` (real Chromium
 * against a whole local stack).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            '{shared,functions,scripts,infra}/{src,test}/**/*.test.ts',
            // The web app's build helpers (web/build) run in Node.
            'web/build/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/*.browser.test.ts', '**/node_modules/**'],
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        // The message catalogues and their parts, compiled where they are imported
        // (web/lingui.config.ts, web/build/catalogue-parts.ts).
        plugins: [catalogues(fileURLToPath(new URL('./web', import.meta.url)))],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['{functions,scripts}/{src,test}/**/*.int.test.ts'],
          globalSetup: ['scripts/test/global-setup-services.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          include: ['scripts/test/browser/**/*.browser.test.ts'],
          globalSetup: ['scripts/test/browser/global-setup-stack.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
