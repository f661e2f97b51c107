import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** One line of the budgets table. `met: null` when the measure could not be taken. */
export interface Row {
  what: string;
  value: string;
  budget: string;
  met: boolean | null;
}

/** What one section of the benchmark adds to the report. */
export interface Part {
  /** Lines of the budgets table. */
  rows: Row[];
  /** Markdown sections, each starting with its `##` heading. */
  sections: string[];
  /** Sections that go after all the others (e.g. why a budget is missed). */
  notes?: string[];
}

/** A Markdown table row. */
export const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

/** A Markdown table: its header, the separator and the rows. */
export const table = (header: string[], rows: (string | number)[][]) =>
  [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');

/** The budgets table of all parts, as printed at the end of a run. */
export const budgets = (parts: Part[]) =>
  table(
    ['measure', 'result', 'budget', 'met'],
    parts
      .flatMap((p) => p.rows)
      .map((r) => [r.what, r.value, r.budget, r.met === null ? 'n/a' : r.met ? 'yes' : '**no**']),
  );

/** docs/benchmarks.md: the budgets, then every part's sections in order, then the notes. */
export function renderReport(parts: Part[], ranOn: Date = new Date()): string {
  return [
    '# Benchmarks',
    '',
    `Run with \`npm run bench\` on ${ranOn.toISOString().slice(0, 10)} (2 cores, Node ${process.version}, the local stack: DynamoDB Local, s3rver, cognito-local).`,
    '',
    '## Budgets',
    '',
    budgets(parts),
    '',
    ...parts.flatMap((p) => p.sections).flatMap((s) => [s, '']),
    ...parts.flatMap((p) => p.notes ?? []),
  ].join('\n');
}

/** Writes the report, making its folder if needed. */
export function writeReport(file: string, doc: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, doc);
}
