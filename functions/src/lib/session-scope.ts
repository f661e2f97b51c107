import { AsyncLocalStorage } from 'node:async_hooks';

/** A key of the table (the scope knows nothing else of it). */
export interface TableKey {
  pk: string;
  sk: string;
}

/**
 * A caller's session check that a read-only route lets ride in its own first BatchGet, so the
 * check costs no request of its own (issue 30). The check still decides before anything is
 * answered or written: the router makes it itself when no read joined it, and a write waits
 * for it (lib/dynamo.ts).
 */
export interface PendingSessionCheck {
  /**
   * Claims the check for one BatchGet about to be sent: its keys, and what to call with the
   * items found for them (`decide`, which throws `401` when the session no longer stands) or
   * when the read could not bring them (`release`: the check is made on its own later).
   * `undefined` when another read has it already.
   */
  join():
    | { keys: TableKey[]; decide(found: Record<string, unknown>[]): void; release(): void }
    | undefined;
  /** Makes the check if no read has (one BatchGet), or waits for the read that has it. */
  make(): Promise<void>;
}

const scope = new AsyncLocalStorage<PendingSessionCheck>();

/** Runs `work` (a route handler) with `check` open for its reads to join. */
export const withPendingSessionCheck = <T>(check: PendingSessionCheck, work: () => Promise<T>) =>
  scope.run(check, work);

/** The session check of the request being served that a read may still join, if any. */
export const pendingSessionCheck = (): PendingSessionCheck | undefined => scope.getStore();
