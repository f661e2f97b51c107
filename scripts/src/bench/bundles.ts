import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { ROUTE_GROUPS } from '@gia/shared';
import { handlerEntry, lambdaBundling, type LambdaBundling } from '@gia/functions';

const functionsDir = fileURLToPath(new URL('../../../functions/', import.meta.url));

/** The entry that only creates a DynamoDB document client, bundled the same way as the groups. */
export const BARE_DYNAMODB = 'bare DynamoDB client';
const bareEntry = fileURLToPath(new URL('./bare-dynamodb.ts', import.meta.url));

/**
 * The same entry bundled as the baseline bundled everything (nothing left out, 333 KB): the
 * yardstick that was measured in the baseline's run too (scripts/src/bench/baseline.ts), so its
 * time here says how much faster or slower this machine is than the baseline's.
 */
export const BARE_DYNAMODB_AS_BASELINE = 'bare DynamoDB client as at the baseline';

/** Cold imports per bundle; the median is kept. Rounds interleave the bundles so load spreads evenly. */
const ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS ?? 7);

/**
 * esbuild as the CDK stack runs it for a function (infra/src/constructs/base-function.ts, whose
 * BUNDLE_TARGET is node24), without source maps.
 */
const LAMBDA_BUILD: BuildOptions = {
  bundle: true,
  minify: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  mainFields: ['module', 'main'],
  logLevel: 'silent',
  metafile: true,
  // As the Lambda bundles: CommonJS dependencies need require() inside an ES module.
  banner: {
    js: "import { createRequire } from 'module';const require = createRequire(import.meta.url);",
  },
};

export interface BundleResult {
  /** A route group, or {@link BARE_DYNAMODB}. */
  group: string;
  minifiedKb: number;
  gzipKb: number;
  /** Median CPU time of a cold `import()` of the bundle in a fresh Node process. */
  importMs: number;
  /** Minified bytes per package (or our own workspace), largest first, in KB. */
  breakdown: { name: string; kb: number }[];
}

/** Which package (or workspace of ours) a bundled input file belongs to. */
function owner(input: string): string {
  const pkg = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (pkg) return pkg[1]!;
  const ours = /(shared|functions)\/src\/([^/]+)/.exec(input);
  return ours ? `${ours[1]}/${ours[2]!.replace(/\.ts$/, '')}` : input;
}

function breakdown(metafile: Metafile): BundleResult['breakdown'] {
  const sums = new Map<string, number>();
  for (const out of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) {
      sums.set(owner(input), (sums.get(owner(input)) ?? 0) + bytesInOutput);
    }
  }
  return [...sums]
    .sort((a, b) => b[1] - a[1])
    .map(([name, bytes]) => ({ name, kb: Math.round(bytes / 1024) }))
    .filter((p) => p.kb > 0);
}

/**
 * CPU milliseconds of one cold import of `file` in a new Node process. CPU time rather than wall
 * time: on a machine shared by many processes, wall time of two identical bundles differed by
 * 70% in one run, CPU time by a few percent; a Lambda with its own vCPU share sees about this.
 */
function coldImportMs(file: string): number {
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const c=process.cpuUsage();await import(${JSON.stringify(file)});const u=process.cpuUsage(c);console.log((u.user+u.system)/1000)`,
    ],
    { env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } },
  );
  return Number(out.toString().trim());
}

/** Every bundle the benchmark measures: the bare DynamoDB client, then each deployed route group. */
export function lambdaEntries(): { group: string; entry: string; bundling: LambdaBundling }[] {
  return [
    // Left out as for any group that uses DynamoDB only.
    { group: BARE_DYNAMODB, entry: bareEntry, bundling: lambdaBundling('cart') },
    ...ROUTE_GROUPS.filter((g) => g !== 'local').map((group) => ({
      group,
      entry: join(functionsDir, handlerEntry(group)),
      bundling: lambdaBundling(group),
    })),
  ];
}

/**
 * Bundles one entry as the CDK stack does (its group's `lambdaBundling()`: modules left out,
 * defines) and returns its metafile. A module left out may only be loaded by a dynamic
 * import(): a static import of one would fail the function's cold start in Lambda, so it fails
 * the build here.
 */
export async function bundleLambda(
  entry: string,
  outfile: string,
  { externalModules, define }: LambdaBundling,
): Promise<Metafile> {
  const { metafile } = await build({
    ...LAMBDA_BUILD,
    entryPoints: [entry],
    outfile,
    external: externalModules,
    define,
  });
  const left = new Set(externalModules);
  for (const out of Object.values(metafile!.outputs)) {
    for (const imp of out.imports) {
      if (left.has(imp.path) && imp.kind !== 'dynamic-import') {
        throw new Error(`${entry} imports ${imp.path} statically; it cannot be left out`);
      }
    }
  }
  return metafile!;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * Each route group's Lambda bundle as the CDK stack builds it, and the bare DynamoDB client
 * beside them: minified and gzip size, cold import time, and what the bytes are.
 */
export async function measureBundles(): Promise<BundleResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'gia-bundles-'));
  try {
    const built = [];
    const yardstick = {
      group: BARE_DYNAMODB_AS_BASELINE,
      entry: bareEntry,
      bundling: { externalModules: [], define: {} },
    };
    for (const { group, entry, bundling } of [yardstick, ...lambdaEntries()]) {
      const file = join(dir, `${group.replace(/\W+/g, '-')}.mjs`);
      built.push({ group, file, metafile: await bundleLambda(entry, file, bundling) });
    }
    const times = new Map<string, number[]>(built.map((b) => [b.group, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const b of built) times.get(b.group)!.push(coldImportMs(b.file));
    }
    return built.map(({ group, file, metafile }) => {
      const bytes = readFileSync(file);
      return {
        group,
        minifiedKb: Math.round(bytes.length / 1024),
        gzipKb: Math.round(gzipSync(bytes).length / 1024),
        importMs: Math.round(median(times.get(group)!)),
        breakdown: breakdown(metafile),
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
