import { listAll, listByParent } from '@gia/functions/db/catalogue.ts';
import { cartItems } from '@gia/functions/db/learner.ts';
import { LEARNER_DATA, type BenchContext } from '../demo.ts';
import { directLoad, loadTest } from '../load.ts';
import { table, type Part, type Row } from '../report.ts';

/**
 * The endpoints under load, each beside its yardstick: the same single DynamoDB Query, asked
 * through the data layer's named access pattern straight from this process.
 */
const targets = (ctx: BenchContext) => [
  {
    name: 'getBoards',
    path: `${LEARNER_DATA}/getBoards`,
    direct: () => listAll('board', { limit: 100 }),
  },
  {
    name: 'getClasses?board_id',
    path: `${LEARNER_DATA}/getClasses?board_id=${ctx.ids.board}`,
    direct: () => listByParent('class', ctx.ids.board!, { limit: 100 }),
  },
  {
    name: 'getTopics?chapter_id',
    path: `${LEARNER_DATA}/getTopics?chapter_id=${ctx.ids.chapter}`,
    direct: () => listByParent('topic', ctx.ids.chapter!, { limit: 100 }),
  },
  {
    name: 'getUSER_CART',
    path: `${LEARNER_DATA}/getUSER_CART`,
    token: ctx.learner,
    // An empty cart: one Query of a learner's partition, as the endpoint's first request.
    direct: () => cartItems('x'),
  },
];

/** The API under load (loopback), beside DynamoDB Local's own limit for the same Query. */
export async function underLoad(
  ctx: BenchContext,
  options: { connections: number; seconds: number },
): Promise<Part> {
  const rows: Row[] = [];
  const lines: (string | number)[][] = [];
  for (const t of targets(ctx)) {
    const a = await loadTest(`${ctx.url}${t.path}`, {
      ...options,
      headers: t.token ? { authorization: `Bearer ${t.token}` } : {},
    });
    const d = await directLoad(t.direct, options);
    const ratio = d.rps ? (a.rps / d.rps).toFixed(2) : 'n/a';
    lines.push([t.name, a.rps, a.p50, a.p99, a.errors, d.rps, d.p50, d.p99, ratio]);
    rows.push({
      what: `${t.name} under load: errors`,
      value: String(a.errors),
      budget: '0',
      met: a.errors === 0,
    });
  }
  const header = [
    'endpoint',
    'API req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'DynamoDB direct req/s',
    'direct p50 ms',
    'direct p99 ms',
    'API / limit',
  ];
  return {
    rows,
    sections: [
      `## API under load (${options.connections} connections, ${options.seconds} s, loopback)\n\nThe limit is the same DynamoDB query sent straight through the SDK at the same concurrency, against DynamoDB Local on this machine.\n\n` +
        table(header, lines),
    ],
  };
}
