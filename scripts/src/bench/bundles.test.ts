import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Metafile } from 'esbuild';
import { ROUTES, routePath } from '@gia/shared';
import { LAMBDA_EXTERNAL_MODULES } from '@gia/functions';
import { BARE_DYNAMODB, bundleLambda, lambdaEntries } from './bundles.ts';

const dir = mkdtempSync(join(tmpdir(), 'gia-bundle-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const built: { group: string; file: string; metafile: Metafile }[] = [];
beforeAll(async () => {
  for (const { group, entry, bundling } of lambdaEntries()) {
    const file = join(dir, `${group.replace(/\W+/g, '-')}.mjs`);
    built.push({ group, file, metafile: await bundleLambda(entry, file, bundling) });
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

  it("route by their own group's routes only: served, refused and unknown paths answer as before", () => {
    const answer = (group: string, method: string, path: string) => {
      const { file } = built.find((b) => b.group === group)!;
      const event = {
        rawPath: path,
        headers: {},
        requestContext: { requestId: 'r', http: { method } },
      };
      const out = execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const {handler}=await import(${JSON.stringify(file)});const r=await handler(${JSON.stringify(event)},{awsRequestId:'r'});process.stdout.write('\\n'+JSON.stringify(r.statusCode))`,
        ],
        { env: { ...process.env, LOG_LEVEL: 'SILENT' } },
      );
      return Number(out.toString().trim().split('\n').pop());
    };
    expect(answer('health', 'GET', routePath('health'))).toBe(200);
    expect(answer('health', 'POST', routePath('health'))).toBe(405);
    expect(answer('cart', 'GET', routePath('cart.get'))).toBe(401);
    // Another group's route is not this function's: 404, as API Gateway would never send it.
    expect(answer('cart', 'GET', routePath('catalogue.getBoards'))).toBe(404);
  }, 60_000);

  it("carry their own group's routes and not the whole table", () => {
    const text = (group: string) =>
      readFileSync(built.find((b) => b.group === group)!.file, 'utf8');
    for (const group of ['health', 'cart', 'payments'] as const) {
      const bundle = text(group);
      for (const route of ROUTES) {
        const path = JSON.stringify(route.path).slice(1, -1);
        expect(bundle.includes(path), `${group}: ${route.name}`).toBe(route.group === group);
      }
    }
  });

  it('carry no S3 client: S3 objects are reached through presigned URLs (lib/s3-presign.ts)', () => {
    for (const { group, metafile } of built) {
      const packages = packagesIn(metafile);
      expect(packages.has('@aws-sdk/client-s3'), group).toBe(false);
      expect(packages.has('@aws-sdk/s3-presigned-post'), group).toBe(false);
    }
  });
});
