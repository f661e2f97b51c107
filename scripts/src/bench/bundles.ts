import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { ROUTE_GROUPS } from '@gia/shared';
import { handlerEntry } from '@gia/functions';

const functionsDir = fileURLToPath(new URL('../../../functions/', import.meta.url));

export interface BundleResult {
  group: string;
  minifiedKb: number;
  gzipKb: number;
  importMs: number;
}

/** Each route group's Lambda bundle as the CDK stack builds it (esbuild, minified, SDK bundled). */
export async function measureBundles(): Promise<BundleResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'gia-bundles-'));
  const out: BundleResult[] = [];
  try {
    for (const group of ROUTE_GROUPS.filter((g) => g !== 'local')) {
      const file = join(dir, `${group}.mjs`);
      await build({
        entryPoints: [join(functionsDir, handlerEntry(group))],
        bundle: true,
        minify: true,
        platform: 'node',
        target: 'node22',
        format: 'esm',
        outfile: file,
        logLevel: 'silent',
        // As the Lambda bundles: CommonJS dependencies need require() inside an ES module.
        banner: {
          js: "import { createRequire } from 'module';const require = createRequire(import.meta.url);",
        },
      });
      const bytes = readFileSync(file);
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const ms = execFileSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `const t=performance.now();await import(${JSON.stringify(file)});console.log(performance.now()-t)`,
          ],
          { env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } },
        );
        times.push(Number(ms.toString().trim()));
      }
      times.sort((a, b) => a - b);
      out.push({
        group,
        minifiedKb: Math.round(bytes.length / 1024),
        gzipKb: Math.round(gzipSync(bytes).length / 1024),
        importMs: Math.round(times[2] ?? 0),
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  writeFileSync(join(tmpdir(), 'gia-bundles.json'), JSON.stringify(out));
  return out;
}
