import { ROUTES, type RouteName } from './routes.ts';

/** A query string's values; `undefined` and `''` are left out. */
export type QueryValues = Record<string, string | number | boolean | undefined>;

const encodeQuery = (query: QueryValues) =>
  Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');

/**
 * The path of a route of the shared table, its `{param}`s filled and encoded, with an optional
 * query string: neither the web app nor the tests spell an API path themselves.
 *
 * @example routePath('cart.delete', { cart_id: id }) // the cart item's DELETE path, id encoded
 */
export function routePath(
  name: RouteName,
  params: Record<string, string> = {},
  query: QueryValues = {},
): string {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`No route named ${name}`);
  const path = route.path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`${name} needs ${key}`);
    return encodeURIComponent(value);
  });
  const search = encodeQuery(query);
  return search ? `${path}?${search}` : path;
}
