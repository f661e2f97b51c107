/**
 * `npm run eval:ai` (docs/ai-teacher.md): starts a local stack of its own in a temporary folder and
 * runs the AI teacher's evaluation (scripts/src/eval-ai-run.ts) on it. Without `OPENAI_API_KEY`
 * against the local OpenAI stand-in, failing unless every check passes; with it (and optional
 * `OPENAI_BASE_URL`, `OPENAI_MODEL`) it measures that model and prints the numbers. With `--notes`
 * (`npm run eval:ai -- --notes`) it runs notes mode, with no model at all, and fails when the
 * expected page is among the quoted passages for under 80% of the answerable questions or an
 * off-topic question is not refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { startOpenAiMock } from '../../functions/test/openai-mock.ts';
import { formatReport, runEval } from './eval-ai-run.ts';

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'gia-eval-ai-'));
  process.env.LOG_LEVEL ??= 'SILENT';
  const notes = process.argv.includes('--notes');
  if (notes) delete process.env.OPENAI_API_KEY;
  const real = Boolean(process.env.OPENAI_API_KEY);
  let mock: Awaited<ReturnType<typeof startOpenAiMock>> | undefined;
  if (!real && !notes) {
    const { startOpenAiMock: start } = await import('../../functions/test/openai-mock.ts');
    mock = await start();
    process.env.OPENAI_API_KEY = 'test-key';
    process.env.OPENAI_BASE_URL = mock.url;
  }
  process.env.AI_DAILY_BUDGET ??= '100000';
  const { startLocalStack } = await import('./local-stack.ts');
  const stack = await startLocalStack({
    port: 0,
    dataDir,
    adminEmail: 'admin@gia.eval',
    adminPassword: 'AdminPass123',
    seedDemo: false,
  });
  try {
    const report = await runEval(notes ? { mode: 'notes' } : mock ? { seen: () => mock.seen } : {});
    const model = notes
      ? 'notes mode (no model)'
      : real
        ? (process.env.OPENAI_MODEL ?? 'gpt-4o-mini')
        : 'the local stand-in';
    console.log(formatReport(report, model));
    // Against the stand-in every check must pass, notes mode its bar; a real model is measured.
    if (!real && !report.passed) process.exitCode = 1;
  } finally {
    await stack.stop();
    await mock?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
