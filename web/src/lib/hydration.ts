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
