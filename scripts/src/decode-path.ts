/**
 * The decoded form of a URL path, or `undefined` when it holds a malformed `%` escape (a bare `%`,
 * a truncated `%E0%A4%A`): such a path names no resource, so callers answer 404 instead of letting
 * `decodeURIComponent`'s URIError become a 500.
 */
export function decodePath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}
