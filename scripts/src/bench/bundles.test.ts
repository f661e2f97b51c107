import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Metafile } from 'esbuild';
import { LAMBDA_EXTERNAL_MODULES } from '@gia/functions';
import { BARE_DYNAMODB, bundleLambda, lambdaEntries } from './bundles.ts';

const dir = mkdtempSync(join(tmpdir(), 'gia-bundle-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const built: { group: string; file: string; metafile: Metafile }[] = [];
beforeAll(async () => {
  for (const { group, entry, external } of lambdaEntries()) {
    const file = join(dir, `${group.replace(/\W+/g, '-')}.mjs`);
    built.push({ group, file, metafile: await bundleLambda(entry, file, external) });
  }
}, 120_000);

/** The packages whose code is in a bundle. */
const packagesIn = (metafile: Metafile) =>
  new Set(
    Object.values(metafile.outputs).flatMap((out) =>
      Object.keys(out.inputs).map(
        (input) => /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input,
      ),
    ),
  );

describe('the Lambda bundles', () => {
  it('load the modules they leave out only by dynamic import, so every group starts in Lambda', () => {
    const leftOut = new Set<string>();
    for (const { metafile } of built) {
      for (const out of Object.values(metafile.outputs)) {
        for (const imp of out.imports) if (imp.external) leftOut.add(imp.path);
      }
    }
    // Every listed module is really left out somewhere (a stale entry would hide nothing).
    for (const name of [...LAMBDA_EXTERNAL_MODULES, '@smithy/core/event-streams']) {
      expect(leftOut).toContain(name);
    }
  });

  it('start: each bundle imports in a fresh Node process without what it leaves out', () => {
    for (const { group, file } of built.filter((b) => b.group !== BARE_DYNAMODB)) {
      const run = () =>
        execFileSync(process.execPath, [
          '--input-type=module',
          '-e',
          `const m=await import(${JSON.stringify(file)});if(typeof m.handler!=='function')process.exit(3)`,
        ]);
      expect(run, group).not.toThrow();
    }
  }, 120_000);

  it('carry no S3 client: S3 objects are reached through presigned URLs (lib/s3-presign.ts)', () => {
    for (const { group, metafile } of built) {
      const packages = packagesIn(metafile);
      expect(packages.has('@aws-sdk/client-s3'), group).toBe(false);
      expect(packages.has('@aws-sdk/s3-presigned-post'), group).toBe(false);
    }
  });
});
