import { call, type Answer } from './api-call.ts';
import type { QueryValues, RouteName } from './api-paths.ts';

/** The routes that answer one page of a list (`{data: [...], next_cursor}`). */
export type ListRoute = {
  [N in RouteName]: Answer<N> extends { data: unknown[]; next_cursor: string | null } ? N : never;
}[RouteName];

/** One page of a list route, as the route's answer declares it. */
export type ListPage<N extends ListRoute> = Answer<N>;

/**
 * Every page of a list route, 1,000 items a request (the screens show and filter whole lists).
 * `T` is the item as the caller's screen reads it (the route's item, or a narrower view of it).
 */
export async function allPages<T>(route: ListRoute, query: QueryValues = {}): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null | undefined;
  do {
    const page: Answer<ListRoute> = await call(route, {
      query: { ...query, limit: 1000, cursor: cursor ?? undefined },
    });
    out.push(...(page.data as T[]));
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}
