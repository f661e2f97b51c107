import { BASELINE, MAX_BUNDLE_KB, MAX_IMPORT_SHARE } from '../baseline.ts';
import { BARE_DYNAMODB, measureBundles } from '../bundles.ts';
import { line, type Part, type Row } from '../report.ts';

/**
 * Each group's size and cold import against the bare DynamoDB client of the same run and against
 * the baseline (scripts/src/bench/baseline.ts), with the budgets; what is in a bundle over budget.
 */
export async function bundlesSection(): Promise<Part> {
  const bundles = await measureBundles();
  const rows: Row[] = [];
  const bare = bundles.find((b) => b.group === BARE_DYNAMODB)!;
  const table = [
    line([
      'bundle',
      'minified KB',
      'gzip KB',
      'import CPU ms (median)',
      'vs bare client',
      'baseline KB / ms',
      'import / baseline',
      `≤ ${MAX_BUNDLE_KB} KB and ≤ ${MAX_IMPORT_SHARE * 100}% import`,
    ]),
    line(['---', '---', '---', '---', '---', '---', '---', '---']),
  ];
  const over: string[] = [];
  let failed = 0;
  for (const b of bundles) {
    const base = BASELINE[b.group];
    const share = base ? b.importMs / base.importMs : undefined;
    const isGroup = b.group !== BARE_DYNAMODB;
    const ok = b.minifiedKb <= MAX_BUNDLE_KB && share !== undefined && share <= MAX_IMPORT_SHARE;
    if (isGroup && !ok) failed++;
    table.push(
      line([
        isGroup ? b.group : `*${b.group}*`,
        b.minifiedKb,
        b.gzipKb,
        b.importMs,
        isGroup
          ? `${b.minifiedKb - bare.minifiedKb >= 0 ? '+' : ''}${b.minifiedKb - bare.minifiedKb} KB, ${(b.importMs / bare.importMs).toFixed(2)}×`
          : '',
        base ? `${base.minifiedKb} / ${base.importMs}` : 'n/a',
        share === undefined ? 'n/a' : `${Math.round(share * 100)}%`,
        !isGroup ? '(yardstick)' : ok ? 'yes' : '**no**',
      ]),
    );
    if (isGroup && b.minifiedKb > MAX_BUNDLE_KB) {
      const top = b.breakdown.slice(0, 10);
      const rest = b.breakdown.slice(10).reduce((sum, p) => sum + p.kb, 0);
      const parts = top.map((p) => `${p.name} ${p.kb}`).join(', ');
      over.push(
        `- **${b.group}** (${b.minifiedKb} KB): ${parts}; ${b.breakdown.length - top.length} smaller parts ${rest}`,
      );
    }
  }
  const biggest = Math.max(
    ...bundles.filter((b) => b.group !== BARE_DYNAMODB).map((b) => b.minifiedKb),
  );
  rows.push({
    what: 'largest Lambda bundle (minified)',
    value: `${biggest} KB`,
    budget: `≤ ${MAX_BUNDLE_KB} KB`,
    met: biggest <= MAX_BUNDLE_KB,
  });
  rows.push({
    what: 'route groups over the bundle budget (size or import time)',
    value: String(failed),
    budget: '0',
    met: failed === 0,
  });
  const section =
    '## Lambda bundles\n\n' +
    `Each route group bundled as the CDK stack bundles it (esbuild, minified, ESM, the SDK inside), beside a bare DynamoDB client bundled the same way (${bare.minifiedKb} KB, ${bare.importMs} ms). Import time is the CPU time of a cold \`import()\` in a new Node process, median of the runs. The baseline is commit 5426078 (docs/bench-baseline.md).\n\n` +
    table.join('\n') +
    (over.length
      ? `\n\nLargest parts (KB) of the bundles over ${MAX_BUNDLE_KB} KB:\n\n${over.join('\n')}`
      : '');
  return { rows, sections: [section], notes: failed ? [BUNDLE_NOTE] : [] };
}

/** Why the bundle budget is missed where it is, kept with the report while it is. */
const BUNDLE_NOTE = `## Notes on missed budgets

- **Lambda bundles (≤ 300 KB minified, import ≤ 60% of the baseline):** what every bundle carries
  is the AWS SDK it calls: a bare DynamoDB client alone is the row in the table above, and
  \`@smithy/core\` is most of it. Already left out: full zod and zod/mini's locales (namespace
  import of \`zod/mini\`, lint-enforced), the credential providers Lambda never uses and the
  SDK's event-stream support (\`lambdaExternalModules()\` in functions/src/groups.ts; the bundle
  test imports every bundle to show it starts without them), the S3 client everywhere: media
  URLs, presigned POSTs and the object reads, writes, copies and deletes of uploads, profile and
  ai are presigned by the SDK's SigV4 signer and sent with \`fetch\` (lib/s3-presign.ts), shared
  modules a group does not use (\`sideEffects: false\`). No package is bundled twice.
- Each bundle carries only its own group's routes (the Lambda build defines them as JSON,
  \`lambdaBundling()\` in functions/src/groups.ts), shared modules are split where a group used
  one export of a module of many zod schemas (zod/mini's constructors are not pure, so an
  imported module keeps all its schemas), and presigning uses the SDK's SigV4 signer as its S3
  presigner configures it, without the multi-region (SigV4a) wrapper.
- What is left over budget is named part by part in the list above. The groups that call Cognito
  besides DynamoDB (auth, admins, profile) are over by 5 to 23 KB: the Cognito client is 33–35 KB
  (its error classes alone 16 KB, registered with the SDK's type registry so they cannot be
  shaken out), the Powertools Logger with its commons about 20 KB; catalogue-admin carries the
  catalogue's schemas, its video and caption handling and a presigner (about 18 KB over). None
  of them is avoidable without hand-writing what a library does.
- **payments** carries the Razorpay SDK as the product owner asked, but only its orders,
  payments and refunds resources (lib/razorpay-client.ts builds them from the SDK's own modules
  as its constructor does) over axios's fetch build (an esbuild alias in every Lambda bundle,
  \`LAMBDA_ALIASES\`): axios's Node build requires form-data and mime-db (about 140 KB) when it
  is loaded. What is left over 300 KB is axios's fetch build (57 KB, one CommonJS file) and the
  SDK's resources; without any Razorpay code the group would weigh about 300 KB.
- **ai** carries the OpenAI SDK (about 147 KB: its client class creates every resource, and the
  SDK has no lighter entry); without it the group would still be about 330 KB (minisearch, the
  practice drafts' schemas). Secrets are read through the Parameters and Secrets Lambda
  Extension, so no group carries the Secrets Manager client any more (13 KB each).
- **Import time (≤ 60% of the baseline):** on this machine, shared by several processes, a
  group's median varies by up to a third between runs of the same code (two runs on 2026-11-23:
  health 68% then 60%, learning-admin 45% then 64%); payments stays about 61% (its Razorpay SDK,
  axios). Health sits at the edge: its cold import is mostly the DynamoDB client it
  checks readiness and sessions with (the bare client alone, created at import, is the yardstick
  row). Creating the clients on first use instead would only move that time into the first
  request of a cold start, so it is not done.
`;
