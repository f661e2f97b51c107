import { readFileSync } from 'node:fs';
import { ROUTES } from '@gia/shared';
import { describe, expect, it } from 'vitest';
import { API_DOC, API_DOC_SOURCE, renderApiDoc, routeLine } from './api-doc.ts';

const doc = readFileSync(API_DOC, 'utf8');
const source = readFileSync(API_DOC_SOURCE, 'utf8');

/** Every `METHOD /path` the reference mentions in code spans, full or relative to a base. */
const mentions = [...doc.matchAll(/`(GET|POST|PUT|DELETE) (\/[^\s`?]*)/g)].map(
  ([, method, path]) => ({ method: method!, path: path! }),
);

describe('docs/api.md, the API reference', () => {
  it('is what `npm run docs:api` writes from docs/api.src.md and the shared code', async () => {
    expect(doc).toBe(await renderApiDoc(source));
  });

  it('names every route of the route table with its method and path', () => {
    const missing = ROUTES.filter((r) => !doc.includes(`\`${routeLine(r)}\``)).map(routeLine);

    expect(missing).toEqual([]);
  });

  it('names no route that the route table lacks', () => {
    const unknown = mentions.filter(
      ({ method, path }) =>
        !ROUTES.some(
          (r) =>
            r.method === method &&
            (r.path === path || (!path.startsWith('/api/') && r.path.endsWith(path))),
        ),
    );

    expect(mentions.length).toBeGreaterThan(ROUTES.length);
    expect(unknown).toEqual([]);
  });

  it('refuses prose that leaves a route group out', async () => {
    const withoutAi = source.replace('<!-- routes: ai -->', '');

    await expect(renderApiDoc(withoutAi)).rejects.toThrow(/ai\.ask/);
  });
});
