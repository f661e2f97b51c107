/**
 * `npm run bench`: starts a local stack with the demo catalogue, runs each section of the
 * benchmark (sections/*.ts) and writes docs/benchmarks.md from what they return.
 *
 * `npm run bench -- bundles spa` runs only the named sections (of: screens, load, bundles, spa,
 * lighthouse, enumeration, cost, journey, soak, search, search-app, video), starts the stack only if one of them needs it, and prints the report instead
 * of writing docs/benchmarks.md (unless BENCH_OUT names a file).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchContext } from './demo.ts';
import type { Part } from './report.ts';

// Counted DynamoDB requests and capacity: set before the functions' clients are created, so every
// module that reaches them is imported below, after this.
process.env.DDB_METRICS = '1';
process.env.LOG_LEVEL = 'SILENT';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const { startLocalStack } = await import('../local-stack.ts');
const { budgets, renderReport, writeReport } = await import('./report.ts');
const { BENCH_ADMIN, demoContext } = await import('./demo.ts');

const root = fileURLToPath(new URL('../../../', import.meta.url));
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

interface Section {
  name: string;
  progress: string;
  /** Whether it needs the running stack (and so the demo context). */
  stack: boolean;
  run: (ctx: BenchContext | undefined) => Promise<Part>;
}

/** A section measured against the running stack with the demo catalogue. */
const onStack = (
  name: string,
  progress: string,
  run: (ctx: BenchContext) => Promise<Part>,
): Section => ({
  name,
  progress,
  stack: true,
  run: (ctx) => {
    if (!ctx) throw new Error(`the ${name} section needs the stack`);
    return run(ctx);
  },
});

/** A section that measures files only (bundles, the built SPA). */
const offStack = (name: string, progress: string, run: () => Promise<Part>): Section => ({
  name,
  progress,
  stack: false,
  run: () => run(),
});

/** The sections, in the order of the report. */
const SECTIONS: Section[] = [
  onStack('screens', 'Counting DynamoDB requests per screen…', async (ctx) =>
    (await import('./sections/requests-per-screen.ts')).requestsPerScreen(ctx),
  ),
  onStack('load', `Load: ${CONNECTIONS} connections × ${SECONDS} s per endpoint…`, async (ctx) =>
    (await import('./sections/load.ts')).underLoad(ctx, {
      connections: CONNECTIONS,
      seconds: SECONDS,
    }),
  ),
  offStack('bundles', 'Bundling each route group and timing cold imports…', async () =>
    (await import('./sections/bundles.ts')).bundlesSection(),
  ),
  offStack('spa', 'Measuring the built SPA…', async () =>
    (await import('./sections/spa.ts')).spaSection(),
  ),
  onStack(
    'lighthouse',
    'Lighthouse (mobile, median of 3) on /, /AllCourse, a subject…',
    async (ctx) => (await import('./sections/lighthouse.ts')).lighthouseSection(ctx),
  ),
  onStack(
    'enumeration',
    'Timing forgotPassword and requestCode for known and unknown e-mails…',
    async (ctx) => (await import('./sections/enumeration.ts')).enumerationSection(ctx),
  ),
  onStack('cost', 'Walking one learner journey…', async (ctx) =>
    (await import('./sections/cost.ts')).journeyCost(ctx),
  ),
  onStack(
    'journey',
    'Journey on 3G: landing paint, a lesson link to its first moving frame, its first minute…',
    async (ctx) => (await import('./sections/journey.ts')).journeySection(ctx),
  ),
  onStack(
    'soak',
    'Offline answers soak: 200 learners × 20 answers, with drops, duplicates and second tabs…',
    async (ctx) => (await import('./sections/offline-soak.ts')).offlineSoakSection(ctx),
  ),
  onStack('search', 'Search: index sizes, the synthetic class, the quality set…', async (ctx) =>
    (await import('./sections/search.ts')).searchSection(ctx),
  ),
  onStack(
    'search-app',
    'Search in the app: keystroke to results at 4× CPU, the index at 400 kbit/s…',
    async (ctx) => (await import('./sections/search-app.ts')).searchAppSection(ctx),
  ),
  offStack(
    'video',
    'Video: MP4 against the HLS player on emulated 150k/400k/1.5M links…',
    async () => (await import('./sections/video.ts')).videoSection(),
  ),
];

async function main() {
  const only = process.argv.slice(2);
  const unknown = only.filter((n) => !SECTIONS.some((s) => s.name === n));
  if (unknown.length) {
    throw new Error(`No section ${unknown.join(', ')}; sections: ${SECTIONS.map((s) => s.name)}`);
  }
  const chosen = only.length ? SECTIONS.filter((s) => only.includes(s.name)) : SECTIONS;

  const parts: Part[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'gia-bench-'));
  let stop = async () => {};
  try {
    let ctx: BenchContext | undefined;
    if (chosen.some((s) => s.stack)) {
      console.log('Starting the local stack with the demo catalogue…');
      const stack = await startLocalStack({
        port: 0,
        dataDir,
        adminEmail: BENCH_ADMIN.email,
        adminPassword: BENCH_ADMIN.password,
        seedDemo: true,
      });
      stop = () => stack.stop();
      console.log('Waiting for the demo videos to be transcoded (ffmpeg would share the machine)…');
      await stack.videosTranscoded();
      ctx = await demoContext(stack.url);
    }
    for (const s of chosen) {
      console.log(s.progress);
      parts.push(await s.run(ctx));
    }
  } finally {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(`\n${budgets(parts)}\n`);
  const out =
    process.env.BENCH_OUT ?? (only.length ? undefined : join(root, 'docs', 'benchmarks.md'));
  if (out) {
    writeReport(out, renderReport(parts));
    console.log(`Written to ${out}`);
  } else {
    console.log(renderReport(parts));
  }
}

await main();
