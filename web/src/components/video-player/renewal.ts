/**
 * Access renewal: the HLS cookies (and the MP4's signed URL) expire; a lesson paused longer than
 * they live fails with HTTP 403 on its next playlist or segment. Then the player re-reads the
 * record (which sets fresh cookies), re-attaches at the same position, and shows no error.
 */

/** The part of an hls.js ERROR event's data that renewal looks at. */
export interface HlsErrorLike {
  fatal: boolean;
  type: string;
  response?: { code?: number } | undefined;
  networkDetails?: { status?: number } | undefined;
}

/** Whether an hls.js error is expired access: a fatal network error answered 403. */
export function isExpiredAccess(e: HlsErrorLike): boolean {
  if (!e.fatal || e.type !== 'networkError') return false;
  const status = e.response?.code ?? e.networkDetails?.status;
  return status === 403;
}

/**
 * Runs `renew` then `reattach(position)` for an expired access, at most once per `minGapMs` (a
 * second 403 right after a renewal is a real refusal, not an expiry: it is left to the caller).
 * Returns whether it took the error.
 */
export function createRenewal(opts: {
  renew: () => Promise<unknown>;
  reattach: (position: number) => void;
  position: () => number;
  now?: () => number;
  minGapMs?: number;
}) {
  const now = opts.now ?? Date.now;
  const gap = opts.minGapMs ?? 30_000;
  let last = -Infinity;
  let running = false;
  return {
    /** Whether a renewal is under way (the player keeps its error hidden meanwhile). */
    get running() {
      return running;
    },
    /** Takes an expired access; false for anything else or when it renewed too recently. */
    take(expired: boolean): boolean {
      if (!expired || running || now() - last < gap) return false;
      last = now();
      running = true;
      const position = opts.position();
      void opts
        .renew()
        .catch(() => undefined)
        .then(() => {
          running = false;
          opts.reattach(position);
        });
      return true;
    },
  };
}
