import { searchPointerKey, openSearchIndex, type SearchIndexFile } from '@gia/shared/search.ts';
import type { SearchPointer } from '@gia/shared/search-types.ts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { QUERIES, runQueries } from '../../scripts/src/search-queries.ts';
import { SYNTHETIC, syntheticClass } from '../../scripts/src/search-synthetic.ts';
import { indexOfClass } from '../src/search/build.ts';
import { packIndex } from '../src/search/publish.ts';
import type * as Env from '../src/lib/env.ts';

/*
 * Search's two budgets (issue 34), held by a test as well as printed by the bench: the demo
 * catalogue (`npm start`'s), seeded into the shared stack, is indexed by the table's stream, and
 * the fixed quality set finds its expected topic and place among the first three for ≥ 90% of
 * its queries; a synthetic class of 300 paid topics fits 300 KB gzip.
 */

const stack = inject('stack');
const DEMO_BOARDS = ['CBSE', 'ICSE', 'SSLC', 'PUC'];

/** Every demo class's published index, once each holds its captions (the stream runs on its own). */
async function demoIndexes(): Promise<SearchIndexFile[]> {
  const { allClassIds, classTree } = await import('../src/db/search.ts');
  const deadline = Date.now() + 120_000;
  for (;;) {
    const files: SearchIndexFile[] = [];
    for (const classId of await allClassIds()) {
      const tree = await classTree(classId);
      if (!tree?.board || !DEMO_BOARDS.includes(tree.board.board_name)) continue;
      const res = await fetch(`${stack.url}/media/${searchPointerKey(classId)}`);
      if (!res.ok) break;
      const pointer = (await res.json()) as SearchPointer;
      const file = (await (
        await fetch(`${stack.url}/media/${pointer.file}`)
      ).json()) as SearchIndexFile;
      const topics = tree.topics.filter((t) => t.status === 'Active').length;
      const withVideo = new Set(file.places.filter((p) => p.k === 'video').map((p) => p.t)).size;
      if (withVideo < topics) break;
      files.push(file);
    }
    if (files.length >= 5) return files;
    if (Date.now() > deadline) throw new Error('the demo classes were not all indexed in time');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('search quality and size', () => {
  beforeAll(async () => {
    const env: typeof Env = await import('../src/lib/env.ts');
    Object.assign(process.env, stack.env);
    env.resetEnvForTests();
    const { seedDemoCatalogue } = await import('../../scripts/src/seed.ts');
    const { BOARD_NAME_TAKEN } = await import('@gia/shared/catalogue-messages.ts');
    try {
      await seedDemoCatalogue('search-quality', { evenIfNotEmpty: true });
    } catch (err) {
      // Another file seeded it first (board names are unique).
      if (!(err instanceof Error && err.message === BOARD_NAME_TAKEN)) throw err;
    }
  }, 300_000);

  it('finds the expected topic and place among the first three for at least 90% of the fixed queries', async () => {
    const files = await demoIndexes();
    const { results, rate } = runQueries(files.map(openSearchIndex));
    expect(QUERIES.length).toBeGreaterThanOrEqual(40);
    const missed = results.filter((r) => !r.hit).map((r) => `${r.query.q} → ${r.top.join('; ')}`);
    expect(rate, missed.join('\n')).toBeGreaterThanOrEqual(0.9);
  }, 180_000);

  it(`fits a class of ${SYNTHETIC.topics} paid topics with notes and captions in 300 KB gzip`, () => {
    const { tree, sources } = syntheticClass();
    const file = indexOfClass(tree, sources, new Date().toISOString());
    expect(file.nodes.filter((n) => n.k === 'topic')).toHaveLength(SYNTHETIC.topics);
    expect(file.places.length).toBe(SYNTHETIC.topics * (SYNTHETIC.pages + SYNTHETIC.minutes));
    expect(packIndex(file).pointer.gzip_bytes).toBeLessThanOrEqual(300 * 1024);
  });
});
