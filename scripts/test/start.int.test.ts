import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { freePort } from '../src/ports.ts';
import { uniqueEmail } from './api.ts';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'gia-start-'));
const running: ChildProcess[] = [];

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `scripts/src/start.ts` (what `npm start` runs after building the SPA) as its own process. */
async function startStack(port: number) {
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), 'scripts/src/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      ADMIN_EMAIL: 'boss@gia.test',
      ADMIN_PASSWORD: 'BossPass123',
      LOG_LEVEL: 'SILENT',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`start.ts exited early:\n${output}`);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (health?.status === 200) return { child, output: () => output };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`start.ts did not become healthy:\n${output}`);
}

function stopStack(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

const post = (port: number, path: string, body: unknown) =>
  fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('npm start', () => {
  it('runs beside another stack, prints the credentials, stops on SIGTERM and keeps every account across a restart', async () => {
    // The shared integration stack is running already: this one runs beside it.
    const other = inject('stack');
    expect((await fetch(`${other.url}/api/health`)).status).toBe(200);

    const port = await freePort();
    const first = await startStack(port);
    expect(first.output()).toContain(`http://localhost:${port}`);
    expect(first.output()).toContain('boss@gia.test / BossPass123');
    expect(first.output()).toContain('learner@gia.local / Learner123');

    const email = uniqueEmail('persist');
    const signup = await post(port, '/api/v1/classuser/login/signup', {
      user_name: 'Persisted',
      email,
      password: 'Persist123',
    });
    expect(signup.status).toBe(201);
    expect(await stopStack(first.child)).toBe(0);

    const again = await startStack(port);
    const learner = await post(port, '/api/v1/classuser/login/request', {
      email,
      password: 'Persist123',
    });
    expect(learner.status).toBe(200);
    expect(((await learner.json()) as { user: { name: string } }).user.name).toBe('Persisted');
    const demo = await post(port, '/api/v1/classuser/login/request', {
      email: 'learner@gia.local',
      password: 'Learner123',
    });
    expect(demo.status).toBe(200);
    const admin = await post(port, '/api/v1/classadmin/login/request', {
      email: 'boss@gia.test',
      password: 'BossPass123',
    });
    expect(admin.status).toBe(200);
    expect(await stopStack(again.child)).toBe(0);
  }, 150_000);
});
