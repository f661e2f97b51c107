import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startOpenAiMock } from './openai-mock.ts';
import type * as Eval from '../../scripts/src/eval-ai-run.ts';

const stack = inject('stack');

/** `npm run eval:ai` against the stand-in, on the tests' stack (so `npm test` runs it). */
describe('the AI teacher evaluation against the OpenAI stand-in', () => {
  let mock: Awaited<ReturnType<typeof startOpenAiMock>>;
  let evaluation: typeof Eval;

  beforeAll(async () => {
    mock = await startOpenAiMock();
    Object.assign(process.env, stack.env, {
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: mock.url,
      OPENAI_TIMEOUT_MS: '9000',
      AI_DAILY_BUDGET: '100000',
      LOG_LEVEL: 'SILENT',
    });
    (await import('../src/lib/env.ts')).resetEnvForTests();
    evaluation = await import('../../scripts/src/eval-ai-run.ts');
  });
  afterAll(() => mock?.close());

  it('passes every check over at least 30 questions: citations verifiable, pages, coverage, refusals, injections', async () => {
    const report = await evaluation.runEval({ seen: () => mock.seen });
    const { EVAL_PRINTED } = await import('../../scripts/src/eval-ai-data.ts');
    const failed = report.results.filter((r) => !r.passed);
    expect(failed.map((r) => `${r.case.question}: ${r.why}`)).toEqual([]);
    expect(report.results.length).toBeGreaterThanOrEqual(30);
    for (const kind of ['answer', 'uncovered', 'off-topic', 'injection']) {
      expect(report.results.some((r) => r.case.kind === kind)).toBe(true);
    }
    expect(report.citations).toBeGreaterThan(0);
    expect(report).toMatchObject({
      citationsVerifiable: 1,
      pageAccuracy: 1,
      coverageAccuracy: 1,
      refusalAccuracy: 1,
      injectionResistance: 1,
      passed: true,
    });
    // Kannada and Hindi questions over the Kannada and Hindi notes are answered in their
    // language, each citing its expected page with a quote found in that page's printed text.
    const printedCases = report.results.filter((r) => EVAL_PRINTED[r.case.topic]);
    expect(printedCases.filter((r) => r.case.kind === 'answer').length).toBeGreaterThanOrEqual(9);
    for (const r of printedCases.filter((x) => x.case.kind === 'answer')) {
      expect(r.language, r.case.question).toEqual({
        asked: r.language!.asked,
        answered: r.language!.asked,
      });
      expect(r.citations.length, r.case.question).toBeGreaterThan(0);
      expect(r.verifiable, r.case.question).toBe(r.citations.length);
      expect(
        r.citations.map((c) => c.page),
        r.case.question,
      ).toContain(r.case.page);
    }
    expect(report.results.filter((r) => r.language).map((r) => r.language!.asked)).toEqual(
      expect.arrayContaining(['kn', 'hi']),
    );
    expect(report.languageAccuracy).toBeGreaterThanOrEqual(evaluation.LANGUAGE_TARGET);
    // The extraction of each notes PDF is printed with the read that gave its text.
    const printed = evaluation.formatReport(report, 'the local stand-in');
    for (const file of Object.values(EVAL_PRINTED).map((n) => n.file)) {
      expect(printed).toMatch(
        new RegExp(
          `${file.replace('.', '\\.')} +(kn|hi) +CER \\d+\\.\\d\\d% by (text-layer|actual-text|ocr)`,
        ),
      );
    }
    for (const m of report.notesCer) expect(m.cer, m.file).toBeLessThanOrEqual(0.02);
    console.log(printed);
  }, 180_000);

  it('notes mode (no key): the expected page among the quoted passages for at least 80%, off-topic refused', async () => {
    delete process.env.OPENAI_API_KEY;
    (await import('../src/lib/env.ts')).resetEnvForTests();
    const before = mock.seen.length;
    try {
      const report = await evaluation.runEval({ mode: 'notes' });
      const printed = evaluation.formatReport(report, 'notes mode (no model)');
      console.log(printed);
      expect(report.mode).toBe('notes');
      expect(report.modeKept).toBe(true);
      expect(report.pageAccuracy).toBeGreaterThanOrEqual(evaluation.NOTES_PAGE_TARGET);
      expect(report.offTopicRefused).toBe(1);
      expect(report.citationsVerifiable).toBe(1);
      expect(report.injectionResistance).toBe(1);
      expect(report.passed).toBe(true);
      const answerable = report.results.filter((r) => r.case.kind === 'answer');
      const quoted = answerable.filter((r) => r.citations.some((c) => c.page === r.case.page));
      expect(printed).toContain(
        `expected page among quoted passages: ${quoted.length}/${answerable.length}`,
      );
      // Notes mode never calls the provider.
      expect(mock.seen.length).toBe(before);
    } finally {
      process.env.OPENAI_API_KEY = 'test-key';
      (await import('../src/lib/env.ts')).resetEnvForTests();
    }
  }, 180_000);
});
