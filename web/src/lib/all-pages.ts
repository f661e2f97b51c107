import { api } from './api-client.ts';
import { apiPath, type QueryValues, type RouteName } from './api-paths.ts';

/** One page of a list as every list route answers it. */
export interface ListPage<T> {
  data: T[];
  next_cursor?: string | null;
}

/** Every page of a list route, 1,000 items a request (the screens show and filter whole lists). */
export async function allPages<T>(route: RouteName, query: QueryValues = {}): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null | undefined;
  do {
    const page: ListPage<T> = await api<ListPage<T>>(
      'GET',
      apiPath(route, {}, { ...query, limit: 1000, cursor: cursor ?? undefined }),
    );
    out.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}
