/*
 * The prerendered pages (issue 30, web/build/prerender.ts) are rendered at build time, where no
 * session and no device are known, and the app hydrates over them. Whatever differs per visitor
 * must render as the build did while React hydrates, then as the visitor's own: zustand's hooks do
 * this by themselves (their server snapshot is the store's initial state); this is for the rest.
 */
import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * `server` while the page is rendered at build time or hydrated over that HTML, then `client()`
 * (at once in a page rendered by the client alone). `client` must answer the same value each call.
 */
export function useAfterHydration<T>(client: () => T, server: T): T {
  return useSyncExternalStore(never, client, () => server);
}

const yes = () => true;

/** Whether this render is the visitor's own: `false` at build time and while hydrating. */
export const useHydrated = () => useAfterHydration(yes, false);

/*
 * A page hydrated over its prerendered HTML is the build's (English) until every Suspense boundary
 * in it is hydrated: React hydrates each one's content on its own, after the rest, a lazy page's
 * once its code is in. Until then the interface's language must not change: a boundary hydrated
 * after it would render its text in the new language over the English HTML (a hydration mismatch,
 * React error 418). src/lib/i18n.ts waits for `afterHydration` before it switches.
 */
/** The longest a language change waits for the page to be hydrated. */
const HYDRATION_WAIT_MS = 10_000;
let boundaries = 0;
let hydrated = 0;
let over: (() => void) | undefined;
let settled: Promise<void> = Promise.resolve();

/** The opening comment of a Suspense boundary React rendered whole (`<!--$-->`). */
const isBoundary = (node: Node) => node.nodeType === Node.COMMENT_NODE && node.nodeValue === '$';

/** Before `hydrateRoot(root, …)`: the language waits until each boundary in `root` is hydrated. */
export function hydratingOver(root: Element): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  boundaries = 0;
  hydrated = 0;
  while (walker.nextNode()) if (isBoundary(walker.currentNode)) boundaries++;
  if (!boundaries) return;
  settled = new Promise((resolve) => (over = resolve));
  // Never for ever: should a boundary leave without hydrating and without a move to another page,
  // the language still changes (React then renders that part anew, as it does for one whose code
  // is still on its way).
  setTimeout(hydrationOver, HYDRATION_WAIT_MS);
}

/** Ends the wait: every boundary is hydrated, or the page was left (its boundaries are gone). */
export function hydrationOver(): void {
  over?.();
  over = undefined;
}

/** A boundary's content is the app's (components/boundary.tsx): the last one ends the wait. */
export function boundaryHydrated(): () => void {
  if (++hydrated >= boundaries) hydrationOver();
  return () => void hydrated--;
}

/** Resolves once nothing on the page is left to hydrate (at once on a page the client rendered). */
export const afterHydration = (): Promise<void> => settled;
