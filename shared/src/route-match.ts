import { isId } from './id-shape.ts';

/*
 * Matching a request to a route. It knows only the shape it needs of a route (its method and
 * path), so it depends on nothing of the route table that uses it (routes.ts).
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What matching needs of a route. */
export interface MatchableRoute {
  method: Method;
  path: string;
}

export type RouteMatch<R extends MatchableRoute = MatchableRoute> =
  | { kind: 'found'; route: R; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: Method[] }
  | { kind: 'not-found' };

/** A path segment, decoded; `undefined` for a malformed `%` escape (which would throw). */
function decodeParam(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * A matcher over `routes`: finds the route for a method and path (path without query string).
 * It knows only the routes it is given, so a Lambda bundle can match against its own group's
 * routes without carrying the whole table (functions/src/lib/http.ts).
 */
export function routeMatcher<R extends MatchableRoute>(
  routes: readonly R[],
): (method: string, path: string) => RouteMatch<R> {
  const compiled = routes.map((r) => {
    const names: string[] = [];
    const source = r.path
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\{(\w+)\}/g, (_, n: string) => {
        names.push(n);
        return '([^/]+)';
      });
    return { route: r, regex: new RegExp(`^${source}/?$`), names };
  });
  return (method, path) => {
    const allowed: Method[] = [];
    for (const { route: r, regex, names } of compiled) {
      const m = regex.exec(path);
      if (!m) continue;
      if (r.method !== method.toUpperCase()) {
        allowed.push(r.method);
        continue;
      }
      const params: Record<string, string> = {};
      for (const [i, n] of names.entries()) {
        const value = decodeParam(m[i + 1] ?? '');
        // Every path parameter is an id: one that does not decode, or is not shaped like an id,
        // names nothing (404), and never reaches a handler or a table key.
        if (value === undefined || !isId(value)) return { kind: 'not-found' };
        params[n] = value;
      }
      return { kind: 'found', route: r, params };
    }
    return allowed.length ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
  };
}
