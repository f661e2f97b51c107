import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LAMBDA_EXTERNAL_MODULES } from '@gia/functions';
import { bundleLambda, lambdaEntries } from './bundles.ts';

const dir = mkdtempSync(join(tmpdir(), 'gia-bundle-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the Lambda bundles', () => {
  it('load the modules they leave out only by dynamic import, so every group starts in Lambda', async () => {
    const leftOut = new Set<string>();
    for (const { group, entry, external } of lambdaEntries()) {
      const file = join(dir, `${group.replace(/\W+/g, '-')}.mjs`);
      const metafile = await bundleLambda(entry, file, external);
      for (const out of Object.values(metafile.outputs)) {
        for (const imp of out.imports) if (imp.external) leftOut.add(imp.path);
      }
    }
    // Every listed module is really left out somewhere (a stale entry would hide nothing).
    for (const name of [...LAMBDA_EXTERNAL_MODULES, '@smithy/core/event-streams']) {
      expect(leftOut).toContain(name);
    }
  }, 120_000);
});
