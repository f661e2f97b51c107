import { routePath } from '@gia/shared';
import type { BenchContext } from '../demo.ts';
import { table, type Part } from '../report.ts';

/** Tries per endpoint for known and for unknown e-mails (issue 29 asks for 50 each). */
const TRIES = 50;
/** The largest difference of the medians that tells nothing about an account (issue 29). */
const BUDGET_MS = 50;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/**
 * Account enumeration by timing: `forgotPassword` and `requestCode` answer a known and an
 * unknown e-mail alike, and must take as long. Each e-mail is asked once per endpoint (a known
 * one would otherwise hit its hourly code limit), known and unknown alternating.
 */
export async function enumerationSection(ctx: BenchContext): Promise<Part> {
  const { api } = ctx;
  const run = Date.now().toString(36);
  const known: string[] = [];
  for (let i = 0; i < TRIES; i++) {
    const email = `enum-${run}-${i}@gia.bench`;
    const res = await api('POST', routePath('learner.login.signup'), undefined, {
      user_name: 'Bench Learner',
      email,
      password: 'Bench12345',
    });
    if (res.status !== 201) throw new Error(`sign-up for the timing bench answered ${res.status}`);
    known.push(email);
  }
  const unknown = known.map((e) => e.replace('enum-', 'nobody-'));

  const rows: (string | number)[][] = [];
  const budgetRows: Part['rows'] = [];
  for (const route of ['learner.login.forgotPassword', 'learner.login.requestCode'] as const) {
    const times = { known: [] as number[], unknown: [] as number[] };
    const statuses = new Set<number>();
    for (let i = 0; i < TRIES; i++) {
      for (const kind of i % 2
        ? (['unknown', 'known'] as const)
        : (['known', 'unknown'] as const)) {
        const email = (kind === 'known' ? known : unknown)[i]!;
        const started = performance.now();
        const res = await api('POST', routePath(route), undefined, { email });
        times[kind].push(performance.now() - started);
        statuses.add(res.status);
      }
    }
    if (statuses.size !== 1 || !statuses.has(200)) {
      throw new Error(`${route} answered ${[...statuses].join(', ')}, not always 200`);
    }
    const p50 = { known: median(times.known), unknown: median(times.unknown) };
    const gap = Math.abs(p50.known - p50.unknown);
    const name = route.split('.').at(-1)!;
    rows.push([name, p50.known.toFixed(1), p50.unknown.toFixed(1), gap.toFixed(1)]);
    budgetRows.push({
      what: `${name}: p50 known − unknown e-mail (${TRIES} each)`,
      value: `${gap.toFixed(1)} ms`,
      budget: `≤ ${BUDGET_MS} ms`,
      met: gap <= BUDGET_MS,
    });
  }

  return {
    rows: budgetRows,
    sections: [
      [
        '## Account enumeration by timing',
        '',
        `\`forgotPassword\` and \`requestCode\` give the same answer for a known and an unknown e-mail. Each of ${TRIES} known and ${TRIES} unknown e-mails was asked once per route, alternating, through the local gateway. Both routes answer no sooner than a fixed floor after the request arrives (functions/src/auth/service.ts, \`CODE_ANSWER_FLOOR_MS\`), so the work done only for a real account (Cognito sending a reset code, storing and e-mailing a sign-in code) is hidden inside it.`,
        '',
        table(['route', 'p50 known (ms)', 'p50 unknown (ms)', 'difference (ms)'], rows),
      ].join('\n'),
    ],
  };
}
