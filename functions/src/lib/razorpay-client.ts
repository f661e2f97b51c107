import pRetry, { AbortError } from 'p-retry';
import type Razorpay from 'razorpay';
import orders from 'razorpay/dist/resources/orders.js';
import razorpayPackage from 'razorpay/package.json' with { type: 'json' };

/**
 * How long a Razorpay call may take: each attempt times out after `timeoutMs`; a timeout, a lost
 * connection, a 429 or a 5xx is tried again `retries` times after `retryDelayMs`.
 */
export interface RazorpayLimits {
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
}

/** What Razorpay answered with a 4xx or 5xx: the status and its `error` object, as its SDK throws. */
export class RazorpayError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: unknown,
  ) {
    super(`Razorpay answered ${statusCode}`);
    this.name = 'RazorpayError';
  }
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

interface Call {
  /** Under the API's version, e.g. `/orders`. */
  url: string;
  data?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** The API object Razorpay's resources are made from: `get` and `post` of `{ url, data }`. */
export interface RazorpayApi {
  get<T = unknown>(call: Call): Promise<T>;
  post<T = unknown>(call: Call): Promise<T>;
}

/** The resources of Razorpay's API the product calls through the SDK: orders. */
export type RazorpayClient = Pick<Razorpay, 'orders'> & { api: RazorpayApi };

/**
 * Razorpay's orders resource from its own Node SDK, on an API object sent with the platform's
 * `fetch` and retried by p-retry, instead of the SDK's `API` class, which sends through axios.
 * axios (even its fetch build, 57 KB) probes `fetch` when it is loaded, which loads Node's fetch
 * implementation (about 30 ms of CPU) in every cold start of the payments function, also for the
 * webhook, which never calls Razorpay. Here `fetch` is first touched by the first Razorpay call.
 * As the SDK's API: `https://api.razorpay.com/v1`, Basic auth of the key pair, the SDK's user
 * agent, JSON bodies, the query string of a GET, and errors as `{ statusCode, error }`. The
 * SDK's constructor would create all 24 of its resources; the product calls orders only
 * (refunds go through `api.post` for Razorpay's idempotency header, which the SDK cannot send).
 * scripts/src/bench/razorpay-bundle.test.ts runs the bundled payments function's client against
 * a stand-in Razorpay.
 */
export function razorpayClient(config: {
  keyId: string;
  keySecret: string;
  /** Tests only: a stand-in for Razorpay's API host. */
  apiBase?: string;
  limits: RazorpayLimits;
}): RazorpayClient {
  const { keyId, keySecret, apiBase = 'https://api.razorpay.com', limits } = config;
  const headers = {
    Authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`,
    'User-Agent': `razorpay-node@${razorpayPackage.version}`,
    Accept: 'application/json',
  };

  const send = <T>(method: 'GET' | 'POST', { url, data, headers: extra }: Call) =>
    pRetry(
      async () => {
        const target = new URL(`/v1${url}`, apiBase);
        if (method === 'GET') {
          for (const [k, v] of Object.entries(data ?? {})) {
            if (v !== undefined) target.searchParams.set(k, String(v));
          }
        }
        const res = await fetch(target, {
          method,
          headers: {
            ...headers,
            ...(method === 'POST' && { 'Content-Type': 'application/json' }),
            ...extra,
          },
          body: method === 'POST' ? JSON.stringify(data ?? {}) : undefined,
          signal: AbortSignal.timeout(limits.timeoutMs),
        });
        const text = await res.text();
        if (res.ok) return JSON.parse(text) as T;
        // An error's body is Razorpay's JSON, or a proxy's page in front of it.
        const body = safeJson(text) as { error?: unknown } | undefined;
        const err = new RazorpayError(res.status, body?.error);
        // A refusal (4xx but 429) is Razorpay's answer; asking again would not change it.
        throw res.status === 429 || res.status >= 500 ? err : new AbortError(err);
      },
      // Also a POST: a repeated order creation at worst leaves an unpaid order nobody is shown,
      // and a repeated refund carries the same idempotency key.
      { retries: limits.retries, minTimeout: limits.retryDelayMs, factor: 1, randomize: false },
    );

  const api: RazorpayApi = {
    get: (call) => send('GET', call),
    post: (call) => send('POST', call),
  };
  return { api, orders: orders(api) };
}
