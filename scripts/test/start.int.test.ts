import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { routePath, uniqueEmail } from '../../functions/test/api.ts';
import {
  accepts,
  commandLine,
  descendantsOf,
  groupIsRunning,
  groupMembers,
  isLoopback,
  isRunning,
  listeningAddresses,
} from './processes.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const started: ChildProcess[] = [];
const dataDirs: string[] = [];

afterAll(() => {
  // Whatever a failed test left behind: each `npm start` leads its own process group.
  for (const child of started) {
    if (child.pid && groupIsRunning(child.pid)) process.kill(-child.pid, 'SIGKILL');
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'gia-start-'));
  dataDirs.push(dir);
  return dir;
};

interface Started {
  /** The process `npm start` is: what a user's `kill -TERM` or Ctrl+C reaches. */
  npm: ChildProcess;
  pid: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs `npm start` exactly as a user would, in its own process group. */
function npmStart(dataDir: string, env: Record<string, string> = {}): Started {
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      ADMIN_EMAIL: 'boss@gia.test',
      ADMIN_PASSWORD: 'BossPass123',
      LOG_LEVEL: 'INFO',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  started.push(npm);
  let output = '';
  npm.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  npm.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  return { npm, pid: npm.pid ?? 0, output: () => output, exited };
}

/** Waits for the printed URL and a healthy `/api/health`. */
async function running(stack: Started): Promise<string> {
  let exitCode: number | null | undefined;
  void stack.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`npm start exited (${exitCode}):\n${stack.output()}`);
    const url = /running at (http:\/\/\S+)/.exec(stack.output())?.[1];
    const health = url
      ? await fetch(`${url}${routePath('health')}`).catch(() => undefined)
      : undefined;
    if (url && health?.status === 200) return url;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`npm start did not become healthy:\n${stack.output()}`);
}

/** SIGTERM to the npm process, as `kill -TERM <pid>` does; its exit code. */
async function terminate(stack: Started): Promise<number | null> {
  process.kill(stack.pid, 'SIGTERM');
  // A bound for a hang (the stack forces its own exit after 30 s), not a speed assertion.
  const hung = new Promise<'hung'>((r) => setTimeout(() => r('hung'), 60_000).unref());
  const code = await Promise.race([stack.exited, hung]);
  if (code === 'hung') throw new Error(`npm start did not stop:\n${stack.output()}`);
  return code;
}

const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The embedded services' endpoints the stack saved in its data folder. */
const endpointsOf = (dataDir: string) =>
  (
    JSON.parse(readFileSync(join(dataDir, 'stack.json'), 'utf8')) as {
      endpoints: { dynamodb: string; s3: string; cognito: string };
    }
  ).endpoints;

const portOf = (url: string) => Number(new URL(url).port);

/**
 * Opens a signed private video with a Range request, as the player does, reads its first bytes
 * and goes away (the learner left the page): the connection is closed mid-stream.
 */
async function watchAndLeave(url: string, s3Endpoint: string) {
  const s3 = new S3Client({
    endpoint: s3Endpoint,
    forcePathStyle: true,
    region: 'ap-south-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    // signed as the functions sign, so the gateway's check of the signature holds
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const key = `private/videos/left-${Date.now()}.mp4`;
  // Larger than every buffer on the way, so the stream is still open when the viewer leaves.
  await s3.send(
    new PutObjectCommand({ Bucket: 'gia-media', Key: key, Body: randomBytes(16 * 1024 * 1024) }),
  );
  const signed = new URL(
    await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'gia-media', Key: key }), {
      expiresIn: 600,
    }),
  );
  s3.destroy();
  await new Promise<void>((resolve, reject) => {
    const req = request(`${url}/media/${key}${signed.search}`, {
      headers: { range: 'bytes=0-' },
    });
    req.once('response', (res) => {
      if (res.statusCode !== 206) {
        req.destroy();
        return reject(new Error(`the video answered ${res.statusCode}, not 206`));
      }
      res.once('data', () => {
        req.destroy();
        resolve();
      });
    });
    req.once('error', reject);
    req.end();
  });
}

describe('npm start', () => {
  const dataDir = newDataDir();
  let stack: Started;
  let url: string;

  beforeAll(async () => {
    stack = npmStart(dataDir);
    url = await running(stack);
  }, 180_000);

  it('says what it is doing while it starts, one line per step before the URL', () => {
    const output = stack.output();
    const steps = [
      'Building the web app…',
      'Starting storage: DynamoDB Local, S3 (s3rver) and Cognito (cognito-local)…',
      'Preparing the table, the bucket, the user pools and the admin account…',
      `GIA School is running at ${url}`,
    ].map((step) => output.indexOf(step));
    expect(
      steps.every((at) => at >= 0),
      output,
    ).toBe(true);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    // SEED_DEMO=0: nothing to seed.
    expect(output).not.toContain('Seeding the demo catalogue');
  });

  it('prints the URL and the admin credentials, and sends request logs to DATA_DIR/logs', async () => {
    expect(stack.output()).toContain(`GIA School is running at ${url}`);
    expect(stack.output()).toContain('boss@gia.test / BossPass123');
    const signup = await post(url, routePath('learner.login.signup'), {
      user_name: 'Logged',
      email: uniqueEmail('logs'),
      password: 'Logged1234',
    });
    expect(signup.status).toBe(201);
    const requests = readFileSync(join(dataDir, 'logs', 'requests.log'), 'utf8');
    expect(requests).toContain('"route":"learner.login.signup"');
    expect(stack.output(), stack.output()).not.toContain('"route":');
  });

  it('listens on 127.0.0.1 only unless HOST says otherwise, and so do the embedded services', () => {
    expect(new URL(url).hostname).toBe('127.0.0.1');
    const endpoints = endpointsOf(dataDir);
    for (const [name, port] of [
      ['gateway', portOf(url)],
      ['dynamodb', portOf(endpoints.dynamodb)],
      ['cognito', portOf(endpoints.cognito)],
      ['s3', portOf(endpoints.s3)],
    ] as const) {
      const addresses = listeningAddresses(port);
      expect(addresses.length, `${name} listens on ${port}`).toBeGreaterThan(0);
      for (const address of addresses)
        expect(isLoopback(address), `${name}: ${address}`).toBe(true);
    }
  });

  it('refuses a second stack on the same DATA_DIR, with a clear message', async () => {
    const stackPid = descendantsOf(stack.pid).find((pid) =>
      commandLine(pid).includes('scripts/src/start.ts'),
    );
    const second = npmStart(dataDir);
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(
      `Another local stack (pid ${stackPid}) is using ${dataDir}. Stop it first`,
    );
    // and the first one is untouched
    expect((await fetch(`${url}${routePath('health')}`)).status).toBe(200);
  });

  it('stops on SIGTERM to npm, even just after a learner left a playing video: exit 0, no process and no port left', async () => {
    const endpoints = endpointsOf(dataDir);
    await watchAndLeave(url, endpoints.s3);

    const processes = [stack.pid, ...descendantsOf(stack.pid)];
    expect(processes.map(commandLine).join('\n')).toMatch(/DynamoDBLocal\.jar/);
    expect(processes.map(commandLine).join('\n')).toMatch(/cognito-local/);
    const ports = [url, endpoints.dynamodb, endpoints.cognito, endpoints.s3].map(portOf);

    expect(await terminate(stack)).toBe(0);

    expect(processes.filter(isRunning)).toEqual([]);
    expect(groupMembers(stack.pid)).toEqual([]);
    for (const port of ports) expect(await accepts(port), `port ${port}`).toBe(false);
  }, 120_000);
});

describe('a restart', () => {
  it('finds every account again, after a stop and after a kill whose lock and children do not outlive it', async () => {
    // The shared integration stack is running already: this one runs beside it.
    expect((await fetch(`${inject('stack').url}${routePath('health')}`)).status).toBe(200);
    const dataDir = newDataDir();
    const first = npmStart(dataDir, { SEED_DEMO: '1' });
    let url = await running(first);
    expect(first.output()).toContain('learner@gia.local / Learner123');
    // The first start says it seeds the demo (and what it makes), before the URL.
    const seeding = first.output().indexOf('Seeding the demo catalogue (first start only)…');
    expect(seeding, first.output()).toBeGreaterThan(-1);
    expect(first.output().indexOf('Adding the CBSE demo board')).toBeGreaterThan(seeding);
    expect(first.output().indexOf('GIA School is running at')).toBeGreaterThan(seeding);
    const email = uniqueEmail('persist');
    const signup = await post(url, routePath('learner.login.signup'), {
      user_name: 'Persisted',
      email,
      password: 'Persist123',
    });
    expect(signup.status).toBe(201);
    expect(await terminate(first)).toBe(0);

    const signsIn = async () => {
      const learner = await post(url, routePath('learner.login.request'), {
        email,
        password: 'Persist123',
      });
      expect(learner.status).toBe(200);
      expect(((await learner.json()) as { user: { name: string } }).user.name).toBe('Persisted');
    };

    const second = npmStart(dataDir, { SEED_DEMO: '1' });
    url = await running(second);
    expect(second.output()).toContain('Starting storage');
    expect(second.output()).not.toContain('Seeding the demo catalogue');
    await signsIn();
    const demo = await post(url, routePath('learner.login.request'), {
      email: 'learner@gia.local',
      password: 'Learner123',
    });
    expect(demo.status).toBe(200);
    const admin = await post(url, routePath('admin.login.request'), {
      email: 'boss@gia.test',
      password: 'BossPass123',
    });
    expect(admin.status).toBe(200);

    // A stack killed outright (SIGKILL, out of memory) runs no clean-up: its lock stays behind,
    // and its children notice on their own that it is gone.
    const stackPid = descendantsOf(second.pid).find((pid) =>
      commandLine(pid).includes('scripts/src/start.ts'),
    );
    expect(stackPid).toBeDefined();
    const children = descendantsOf(stackPid as number);
    const commands = children.map(commandLine).join('\n');
    expect(commands).toMatch(/DynamoDBLocal\.jar/);
    expect(commands).toMatch(/cognito-local/);
    process.kill(stackPid as number, 'SIGKILL');
    await second.exited;
    await expect.poll(() => children.filter(isRunning), { timeout: 20_000 }).toEqual([]);
    expect(readFileSync(join(dataDir, 'stack.lock'), 'utf8').trim()).toBe(String(stackPid));

    const third = npmStart(dataDir, { SEED_DEMO: '1' });
    url = await running(third);
    await signsIn();
    expect(await terminate(third)).toBe(0);
  }, 420_000);
});
