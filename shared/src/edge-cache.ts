// Its own module, not routes.ts: a Lambda bundle that reads it must not carry the route table.
/**
 * How long a shared cache (CloudFront, the local gateway, the browser) keeps the answer of a
 * `cache: 'public'` route: fresh for `maxAgeSeconds`, then served stale for `staleSeconds` more
 * while one request fetches it again. Together at most 60 s, the promise that an admin's change
 * reaches every learner within a minute (README "What is cached where").
 */
export const PUBLIC_CACHE = { maxAgeSeconds: 30, staleSeconds: 30 } as const;
