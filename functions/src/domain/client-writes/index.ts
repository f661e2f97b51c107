import { TOPIC_MESSAGES, type RouteName } from '@gia/shared';
import { acceptedClientWrite, clientWriteGuard, type ClientWrite } from '../../db/client-writes.ts';
import type { TransactItem } from '../../db/transact.ts';
import { WriteRefused } from '../../db/transact.ts';
import { ConflictError } from '../../lib/errors.ts';

/**
 * The guard to put in the write's transaction, given the answer the first send gives (`pending`
 * when the write completes that answer afterwards with `completeClientWrite`).
 */
export type GuardOf = (answer: unknown, pending?: boolean) => TransactItem;

/** How long a resend waits for the first send of its id to complete its answer (a second tab). */
const PENDING_WAITS_MS = [50, 100, 200, 400, 800];

/**
 * Runs a learner's write once per device-made id (issue 32). Without `clientId`, `write` runs as
 * before. With one: an id seen before answers what its first send answered (one GetItem, nothing
 * written); else `write` gets the guard to put in its own transaction, and when another send of
 * the same id wins the race (a second tab), its answer is read back and given instead.
 */
export async function onceByClientId<T>(
  userId: string,
  route: RouteName,
  clientId: string | undefined,
  write: (guard: GuardOf | undefined, w: ClientWrite | undefined) => Promise<T>,
): Promise<T> {
  if (!clientId) return write(undefined, undefined);
  const w: ClientWrite = { userId, clientId, route };
  const first = await firstAnswer(w);
  if (first.found) return first.answer as T;
  try {
    return await write((answer, pending) => clientWriteGuard(w, answer, pending), w);
  } catch (err) {
    if (!(err instanceof WriteRefused) || err.reason !== 'replayed') throw err;
    const raced = await firstAnswer(w);
    if (raced.found) return raced.answer as T;
    throw err;
  }
}

async function firstAnswer(w: ClientWrite): Promise<{ found: boolean; answer?: unknown }> {
  let accepted = await acceptedClientWrite(w.userId, w.clientId);
  if (!accepted) return { found: false };
  // One id names one write: the same id on another route is the device's mistake, never a replay.
  if (accepted.route !== w.route) throw new ConflictError(TOPIC_MESSAGES.clientIdReused);
  // Sent at the same moment as its first send (two tabs): wait for the whole first answer.
  for (const ms of PENDING_WAITS_MS) {
    if (accepted.complete) break;
    await new Promise((resolve) => setTimeout(resolve, ms));
    accepted = (await acceptedClientWrite(w.userId, w.clientId)) ?? accepted;
  }
  return { found: true, answer: accepted.answer };
}
