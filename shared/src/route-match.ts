import { isId } from './id-shape.ts';
import type { Method, RouteDef } from './routes.ts';

export type RouteMatch =
  | { kind: 'found'; route: RouteDef; params: Record<string, string> }
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
export function routeMatcher(
  routes: readonly RouteDef[],
): (method: string, path: string) => RouteMatch {
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
