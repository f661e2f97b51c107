import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';
import { localLogLevel } from './log-level.ts';
import type { LocalStack } from './local-stack.ts';

/**
 * `npm start`: the whole product on one port, in this one process. It builds the SPA (a child
 * process it ends on a signal), then runs the stack in-process; DynamoDB Local and cognito-local
 * are its children. SIGINT or SIGTERM stops everything and exits 0.
 *
 * Configuration (all optional): PORT, HOST, DATA_DIR, SEED_DEMO, ADMIN_EMAIL, ADMIN_PASSWORD,
 * LOG_LEVEL — see the README.
 */

// Read by the functions' logger when it loads, which is later (the stack is imported below).
process.env.LOG_LEVEL = localLogLevel(process.env);

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = resolve(process.env.DATA_DIR ?? '.data');
const logsDir = join(dataDir, 'logs');
/** A stop that takes longer than this is forced (it never should: see `stack.stop()`). */
const STOP_DEADLINE_MS = 30_000;

/**
 * The terminal shows the URL, the credentials and errors only; request logs (everything the
 * functions write to stdout) go to `DATA_DIR/logs/requests.log`, errors (stderr) to both. The
 * functions' logger writes to `process.stdout`/`process.stderr`, so those are pointed at the log
 * file here, before any of the stack's code is loaded.
 */
function routeOutput(logFile: string) {
  const terminal = process.stdout;
  const terminalErrors = process.stderr;
  const fd = openSync(logFile, 'a');
  const toFile = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writeSync(fd, chunk);
      done();
    },
  });
  const toBoth = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writeSync(fd, chunk);
      terminalErrors.write(chunk, () => done());
    },
  });
  Object.defineProperty(process, 'stdout', { configurable: true, enumerable: true, value: toFile });
  Object.defineProperty(process, 'stderr', { configurable: true, enumerable: true, value: toBoth });
  return {
    print: (text: string) => terminal.write(text),
    error: (text: string) => toBoth.write(text),
  };
}

mkdirSync(logsDir, { recursive: true });
let lock: ReturnType<typeof lockDataDir>;
try {
  lock = lockDataDir(dataDir);
} catch (err) {
  console.error(err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
}
const out = routeOutput(join(logsDir, 'requests.log'));

let stack: LocalStack | undefined;
let stopRequested: string | undefined;
let stopping = false;
const children = new Set<number>();

// Whatever ends this process, its children end with it and the lock is released.
process.on('exit', () => {
  for (const pid of [...children, ...Object.values(stack?.pids ?? {})]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  lock.release();
});

function stop(signal: string) {
  if (stopping) {
    out.error(`${signal} again: stopping now.\n`);
    process.exit(1);
  }
  stopRequested = signal;
  for (const pid of children) process.kill(pid, 'SIGTERM'); // the SPA build, if it runs
  if (!stack) return; // still starting: stopped as soon as the start finishes
  stopping = true;
  out.print(`\n${signal}: stopping…\n`);
  setTimeout(() => {
    out.error(`The stack did not stop within ${STOP_DEADLINE_MS / 1000} s; forcing it.\n`);
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
  stack.stop().then(
    () => {
      stack = undefined; // its processes are gone: nothing for the exit handler to end
      out.print('Stopped.\n');
      process.exit(0);
    },
    (err: unknown) => {
      console.error('Could not stop the local stack cleanly:', err);
      process.exit(1);
    },
  );
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

/** Builds the SPA into web/dist with Vite (its output goes to `DATA_DIR/logs/build.log`). */
function buildWeb(): Promise<void> {
  const webRequire = createRequire(join(root, 'web', 'package.json'));
  const vitePackage = webRequire.resolve('vite/package.json');
  const { bin } = JSON.parse(readFileSync(vitePackage, 'utf8')) as { bin: { vite: string } };
  const logFile = join(logsDir, 'build.log');
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, [join(dirname(vitePackage), bin.vite), 'build'], {
    cwd: join(root, 'web'),
    // Always the production build: a NODE_ENV a test runner set (vitest's `test`) would bring in
    // React's development runtime, and the service worker's precache budget refuses it.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', log, log],
  });
  if (child.pid) children.add(child.pid);
  return new Promise((resolveBuild, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (child.pid) children.delete(child.pid);
      if (code === 0 || stopRequested) return resolveBuild();
      const tail = readFileSync(logFile, 'utf8').trim().split('\n').slice(-20).join('\n');
      reject(new Error(`The web build failed (${signal ?? `code ${code}`}):\n${tail}`));
    });
  });
}

async function main() {
  out.print('Building the web app…\n');
  await buildWeb();
  if (stopRequested) process.exit(0);
  // Loaded only now, so that the functions' logger writes where routeOutput pointed it.
  const { startLocalStack } = await import('./local-stack.ts');
  stack = await startLocalStack({
    progress: (step) => out.print(`${step}\n`),
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST || undefined,
    dataDir,
    adminEmail: process.env.ADMIN_EMAIL ?? 'admin@gia.local',
    adminPassword: process.env.ADMIN_PASSWORD,
    seedDemo: (process.env.SEED_DEMO ?? '1') !== '0',
  });
  if (stopRequested) return stop(stopRequested);

  out.print(`
GIA School is running at ${stack.url}

  Admin:        ${stack.admin.email} / ${stack.admin.password}   (sign in at ${stack.url}/AdminLoginNew)
${stack.demoLearner ? `  Demo learner: ${stack.demoLearner.email} / ${stack.demoLearner.password}   (sign in at ${stack.url}/signin)\n` : ''}
  Health:       ${stack.url}/api/health (ready: ${stack.url}/api/health/ready)
  Outbox:       ${stack.url}/local/outbox (every e-mail the product sent: sign-in and reset codes)
  Logs:         ${logsDir} (requests.log; errors are shown here too)
  Stop with Ctrl+C; data stays in ${dataDir}.
`);
}

main().catch((err: unknown) => {
  // A Ctrl+C while starting also reaches the embedded services (same process group).
  if (stopRequested) process.exit(0);
  console.error('Could not start the local stack:', err);
  process.exit(1);
});
