import type { Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  applyEnvironment,
  ensurePools,
  ensureTable,
  LOCAL_CREDENTIALS,
  REGION,
  saveState,
  TABLE_NAME,
  type StackState,
} from './bootstrap.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { LOOPBACK, startGateway } from './gateway.ts';
import { mediaHandler } from './media.ts';
import { objectEventsSettled, onObjectCreated } from './object-events.ts';
import { VIDEO_SOURCE_PREFIX } from '@gia/shared';
import { startServices, type EmbeddedServices, type ServiceEndpoints } from './services.ts';
import { refundWebhooks } from './local-refunds.ts';
import { startTableStream } from './table-stream.ts';

/** Where uploads are extracted for the AI teacher (the sources function's S3 notifications). */
const SOURCE_PREFIXES = ['private/notes/', 'private/captions/'];

export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface LocalStackOptions {
  port: number;
  /** The gateway's address (default 127.0.0.1); the embedded services always use loopback. */
  host?: string;
  dataDir: string;
  webDir?: string;
  adminEmail: string;
  /** Unset: a password generated on first run and kept in `DATA_DIR/stack.json`. */
  adminPassword?: string;
  seedDemo: boolean;
  /**
   * Told each step of the start as it begins (a short line: "Seeding the demo catalogue…"), and
   * each transcode; `npm start` prints them, so a first start of a minute or two is not silent.
   */
  progress?: (step: string) => void;
}

export interface LocalStack {
  url: string;
  port: number;
  endpoints: ServiceEndpoints;
  /** The child processes of the embedded services. */
  pids: EmbeddedServices['pids'];
  state: StackState;
  admin: { email: string; password: string };
  demoLearner?: { email: string; password: string };
  /**
   * Resolves once the videos queued for transcoding are done (the demo's longer lesson is
   * transcoded after the start, in the background): a benchmark waits for it, so ffmpeg does not
   * share the machine with what it measures.
   */
  videosTranscoded(): Promise<void>;
  stop(): Promise<void>;
}

/** The variables the functions run with on this stack (set by `applyEnvironment`). */
export function stackEnvironment(): Record<string, string> {
  const names = [
    'AWS_REGION',
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
    'AWS_ENDPOINT_URL_DYNAMODB',
    'AWS_ENDPOINT_URL_S3',
    'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER',
    'AWS_REQUEST_CHECKSUM_CALCULATION',
    'TABLE_NAME',
    'MEDIA_BUCKET',
    'LEARNER_POOL_ID',
    'LEARNER_CLIENT_ID',
    'ADMIN_POOL_ID',
    'ADMIN_CLIENT_ID',
    'COGNITO_LOCAL_ISSUER_BASE',
    'MEDIA_URL_MODE',
    'PAYMENTS_LOCAL_GATEWAY',
    'HLS_KEY_PAIR_ID',
    'HLS_PRIVATE_KEY',
  ];
  return Object.fromEntries(names.map((n) => [n, process.env[n] ?? '']));
}

const RECONCILE_EVERY_MS = 5 * 60_000;

export const DEMO_LEARNER = {
  email: 'learner@gia.local',
  password: 'Learner123',
  name: 'Demo Learner',
};

/**
 * The whole product on one machine: the embedded services, the table, bucket and pools, the
 * admin account, and the gateway on one port.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  mkdirSync(options.dataDir, { recursive: true });
  // One stack per data folder: two DynamoDB Local processes on one database corrupt it.
  const lock = lockDataDir(options.dataDir);
  const progress = options.progress ?? (() => undefined);
  let services: EmbeddedServices;
  try {
    progress('Starting storage: DynamoDB Local, S3 (s3rver) and Cognito (cognito-local)…');
    services = await startServices(options.dataDir, {
      tableName: TABLE_NAME,
      region: REGION,
      credentials: LOCAL_CREDENTIALS,
    });
  } catch (err) {
    lock.release();
    throw err;
  }
  let server: Server | undefined;
  let stopVideos: (() => Promise<void>) | undefined;
  try {
    progress('Preparing the table, the bucket, the user pools and the admin account…');
    await ensureTable(services.endpoints.dynamodb);
    const state = await ensurePools(services.endpoints.cognito, options.dataDir);
    applyEnvironment(services.endpoints, state, options.dataDir);
    state.endpoints = services.endpoints;
    saveState(options.dataDir, state);

    // Imported only now: the handlers' SDK clients read the endpoints set just above.
    const { ensureAdmin, ensureDemoLearner } = await import('./accounts.ts');
    const admin = {
      email: options.adminEmail.trim().toLowerCase(),
      password: options.adminPassword || state.adminPassword,
    };
    const adminAccount = await ensureAdmin({
      name: 'Admin',
      email: admin.email,
      password: admin.password,
    });
    // Video transcoding as in AWS: uploads under private/videos/ start a job (ffmpeg standing in
    // for MediaConvert) whose end updates the records through the same handlers. Started before
    // the seed, so the demo's videos are transcoded like any upload.
    const videos = await startVideoPipeline(progress);
    stopVideos = videos.stop;

    let demoLearner: LocalStack['demoLearner'];
    if (options.seedDemo) {
      // The demo data goes into an empty store once; a restart (or an emptied catalogue) keeps
      // what the admins made of it.
      if (!state.demoSeeded) {
        progress('Seeding the demo catalogue (first start only)…');
        const { seedDemoCatalogue } = await import('./seed.ts');
        await seedDemoCatalogue(adminAccount.admin_id, { progress });
        state.demoSeeded = true;
        saveState(options.dataDir, state);
      }
      demoLearner = await ensureDemoLearner(DEMO_LEARNER);
    }

    // The AI teacher's sources (issue 16): uploaded notes and captions are extracted as in AWS
    // (registered after the seed, which extracts its demo notes itself).
    const { handler: extractSources } = await import('@gia/functions/sources/handler.ts');
    const offSources = SOURCE_PREFIXES.map((p) => onObjectCreated(p, extractSources));
    // The table's stream, as its event source mappings read it in AWS: new payment rows get
    // their tax invoices, processed refunds their credit notes, sales and refunds are added to
    // their day's insights (issue 18); and the local test
    // gateway's refunds are delivered as Razorpay's signed `refund.processed` webhooks.
    const { handler: issueInvoices, wantsRecord } =
      await import('@gia/functions/invoices/handler.ts');
    // Where the webhooks go: known once the gateway listens (deliveries before then are retried).
    const webhookTarget: { url?: string } = {};
    const { handler: addInsights, isInsightsRecord } =
      await import('@gia/functions/insights/stream.ts');
    // Search (issue 34): a catalogue change or a source's extraction rebuilds its class's index.
    const { handler: rebuildIndexes, isSearchRecord } =
      await import('@gia/functions/search/stream.ts');
    const tableStream = await startTableStream({
      endpoint: services.endpoints.dynamodb,
      region: process.env.AWS_REGION ?? 'ap-south-1',
      credentials: LOCAL_CREDENTIALS,
      tableName: TABLE_NAME,
      consumers: [
        { filter: wantsRecord, handler: issueInvoices },
        refundWebhooks(() => webhookTarget.url),
        { filter: isInsightsRecord, handler: addInsights },
        // Gathered as in AWS (a shorter window than its 30 s): a seed or a burst of admin edits
        // rebuilds each class once, and never holds up the invoices or the insights.
        { filter: isSearchRecord, handler: rebuildIndexes, batchingWindowMs: 1500 },
      ],
    });
    // Every class's index and outlines are published before the stack says it is ready: the seed
    // wrote the demo catalogue before the stream was read, and a restart may follow changes it
    // missed.
    progress('Publishing the search indexes…');
    const { rebuildEveryClass } = await import('@gia/functions/search/stream.ts');
    await rebuildEveryClass();

    server = await startGateway({
      port: options.port,
      host: options.host,
      webDir: options.webDir ?? DEFAULT_WEB_DIR,
      media: mediaHandler(services.endpoints.s3),
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    webhookTarget.url = `http://${urlHost(options.host)}:${port}`;
    const gateway = server;
    // As the schedule does in AWS: orders unpaid after 15 minutes are checked at the gateway.
    const { reconcileUnpaidOrders } = await import('@gia/functions/payments/reconciliation.ts');
    const reconciler = setInterval(() => {
      reconcileUnpaidOrders().catch((err: unknown) => console.error('reconciliation failed', err));
    }, RECONCILE_EVERY_MS);
    reconciler.unref();
    return {
      url: `http://${urlHost(options.host)}:${port}`,
      port,
      endpoints: services.endpoints,
      pids: services.pids,
      state,
      admin,
      demoLearner,
      videosTranscoded: () => videos.idle(),
      stop: async () => {
        clearInterval(reconciler);
        for (const off of offSources) off();
        await tableStream.stop();
        await videos.stop();
        // New connections are refused and open ones (idle keep-alives, a video still streaming)
        // are closed, so nothing a browser holds keeps the stack from stopping.
        const closed = new Promise<void>((resolve) => gateway.close(() => resolve()));
        gateway.closeAllConnections();
        await closed;
        await services.stop();
        lock.release();
      },
    };
  } catch (err) {
    server?.close();
    await stopVideos?.();
    await services.stop();
    lock.release();
    throw err;
  }
}

/**
 * The local transcoding pipeline: the media-jobs function's object-created handler registered
 * for `private/videos/`, with ffmpeg as its transcoder. Without ffmpeg, videos stay MP4 (status
 * `none`, played as before) and the start says so.
 */
async function startVideoPipeline(
  progress: (step: string) => void,
): Promise<{ idle(): Promise<void>; stop(): Promise<void> }> {
  const { hasFfmpeg, localTranscoder } = await import('./local-transcoder.ts');
  const { objectCreatedHandler, jobStateHandler } =
    await import('@gia/functions/media-jobs/handler.ts');
  const { useTranscoder } = await import('@gia/functions/media-jobs/service.ts');
  if (!hasFfmpeg()) {
    console.warn(
      'ffmpeg was not found: uploaded videos are not transcoded and play as MP4 ' +
        '(install it with `apt-get install ffmpeg` and restart).',
    );
    return { idle: async () => undefined, stop: async () => undefined };
  }
  const { s3 } = await import('@gia/functions/lib/s3.ts');
  const transcoder = localTranscoder({
    s3,
    bucket: process.env.MEDIA_BUCKET ?? '',
    onJobState: jobStateHandler,
    progress,
  });
  useTranscoder(transcoder);
  const off = onObjectCreated(VIDEO_SOURCE_PREFIX, objectCreatedHandler);
  return {
    // The upload events still on their way first: a video they queue is waited for too.
    idle: async () => {
      await objectEventsSettled();
      await transcoder.idle();
    },
    stop: async () => {
      off();
      useTranscoder(undefined);
      await transcoder.stop();
      await objectEventsSettled();
    },
  };
}

/**
 * How the URL names the gateway: its address (127.0.0.1 rather than `localhost`, which some
 * machines resolve to ::1 first, where nothing listens); `localhost` for an all-interfaces bind.
 */
function urlHost(host = LOOPBACK): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
