import { StandardRetryStrategy, isThrottlingError, isTransientError } from '@smithy/core/retry';

/** How long one attempt of an AWS call may take, connection included. */
const ATTEMPT_MS = 5_000;

/**
 * The time budget of every AWS client of the functions (DynamoDB, S3, Cognito, Secrets Manager).
 * The SDK's defaults would wait up to 300 s on a stalled socket, while API Gateway gives up after
 * 29 s and Lambda then kills the function, possibly between two writes. With these settings a
 * stalled service fails the call well inside that, and the caller gets a 503 to retry:
 *
 * - an attempt ends after 5 s at most (`requestTimeout` with `throwOnRequestTimeout`; the TCP
 *   connection itself within 2 s, `connectionTimeout`), and a response body that stops flowing
 *   for 5 s ends it too (`socketTimeout`);
 * - 3 attempts in all (`maxAttempts`), with the SDK's standard back-off between them: a random
 *   wait up to 50 ms × 2^retry after a timeout or a network error (≤ 50 ms, then ≤ 100 ms),
 *   up to 1 s × 2^retry after throttling (≤ 1 s, then ≤ 2 s).
 *
 * Worst case: 3 × 5 s + 2 s + 1 s = 18 s < 20 s, which leaves more than 9 s of the function's 29 s
 * for the code around the call and for answering.
 */
export const AWS_CLIENT_CONFIG = {
  maxAttempts: 3,
  requestHandler: {
    connectionTimeout: 2_000,
    requestTimeout: ATTEMPT_MS,
    throwOnRequestTimeout: true,
    socketTimeout: ATTEMPT_MS,
  },
} as const;

/**
 * Whether an error is an AWS service that did not answer in time or refused for load: a timeout,
 * a dropped or refused connection, throttling or a 5xx that outlasted the retries. The SDK's own
 * rules for what it retries decide; the caller gets a 503 and may try again.
 */
export function isServiceUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const sdkError = err as Parameters<typeof isTransientError>[0];
  return isTransientError(sdkError) || isThrottlingError(sdkError);
}

const retries = new StandardRetryStrategy(AWS_CLIENT_CONFIG.maxAttempts);

/**
 * An AWS call made without an SDK client (a presigned S3 request, the secrets extension) in the
 * clients' time budget: each attempt gets a signal that ends it after `requestTimeout`, and the
 * SDK's standard strategy retries timeouts, network errors, throttling and 5xx up to
 * `maxAttempts`. The last error carries `$metadata.attempts`, as the SDK's own errors do.
 */
export async function withRetries<T>(
  scope: string,
  attempt: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  let token = await retries.acquireInitialRetryToken(scope);
  for (let n = 1; ; n++) {
    try {
      const value = await attempt(
        AbortSignal.timeout(AWS_CLIENT_CONFIG.requestHandler.requestTimeout),
      );
      retries.recordSuccess(token);
      return value;
    } catch (err) {
      if (!isServiceUnavailable(err)) throw err;
      try {
        token = await retries.refreshRetryTokenForRetry(token, {
          errorType: isThrottlingError(err as Parameters<typeof isThrottlingError>[0])
            ? 'THROTTLING'
            : 'TRANSIENT',
        });
      } catch {
        Object.assign(err as object, {
          $metadata: { ...(err as { $metadata?: object }).$metadata, attempts: n },
        });
        throw err;
      }
    }
  }
}
