import type { S3Event, S3EventRecord } from 'aws-lambda';

/*
 * S3 "object created" notifications on the local stack, as in AWS: when storage (s3rver) has
 * stored an object — a presigned POST through the gateway, a PutObject, a completed multipart
 * upload — the handlers registered for the key's prefix receive the same `S3Event` that S3's
 * event notification gives a Lambda in AWS (keys URL-encoded as S3 encodes them). Handlers run
 * asynchronously, after the upload has been answered; one that fails is logged and never breaks
 * the upload or another handler.
 */

/** A handler of object-created events (the Lambda's handler, or a wrapper around it). */
export type ObjectCreatedHandler = (event: S3Event) => unknown;

interface Registration {
  prefix: string;
  handler: ObjectCreatedHandler;
}

const registrations: Registration[] = [];
const running = new Set<Promise<unknown>>();

/**
 * Calls `handler` for every object created under `prefix` (as an S3 notification filtered by
 * prefix does). Answers a function that removes the registration.
 */
export function onObjectCreated(prefix: string, handler: ObjectCreatedHandler): () => void {
  const registration = { prefix, handler };
  registrations.push(registration);
  return () => {
    const at = registrations.indexOf(registration);
    if (at >= 0) registrations.splice(at, 1);
  };
}

/** A key as S3 writes it in an event: URL-encoded, spaces as `+`, slashes kept. */
export const eventKeyOf = (key: string): string =>
  encodeURIComponent(key).replace(/%2F/g, '/').replace(/%20/g, '+');

/** The object key an S3 event record names (S3 URL-encodes it). */
export const objectKeyOf = (record: S3EventRecord): string =>
  decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));

/**
 * Hands an event from storage to the handlers registered for its keys' prefixes, each record as
 * its own event (S3 sends one record per notification). `event.Records[].s3.object.key` is the
 * raw key (s3rver's events); it is encoded here as S3 encodes it.
 */
export function dispatchObjectCreated(event: { Records?: S3EventRecord[] }): void {
  for (const raw of event.Records ?? []) {
    if (!raw.eventName?.startsWith('ObjectCreated:')) continue;
    const key = raw.s3.object.key;
    const record: S3EventRecord = {
      ...raw,
      awsRegion: process.env.AWS_REGION ?? raw.awsRegion,
      s3: { ...raw.s3, object: { ...raw.s3.object, key: eventKeyOf(key) } },
    };
    for (const { prefix, handler } of registrations) {
      if (!key.startsWith(prefix)) continue;
      const run = new Promise((resolve) => setImmediate(resolve))
        .then(() => handler({ Records: [record] }))
        .catch((err: unknown) => {
          console.error(`object-created handler for ${prefix} failed on ${key}`, err);
        });
      running.add(run);
      void run.finally(() => running.delete(run));
    }
  }
}

/** Resolves once every handler started so far has finished (tests; stopping the stack). */
export async function objectEventsSettled(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}
