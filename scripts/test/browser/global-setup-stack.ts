import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEFAULT_WEB_DIR, startLocalStack, stackEnvironment } from '../../src/local-stack.ts';
import '../../../functions/test/api.ts';
import { startOpenAiMock } from '../openai-mock.ts';

/** Browser tests run against a whole local stack serving the built SPA (`npm run build -w web`). */
export default async function setup(project: TestProject) {
  if (!existsSync(join(DEFAULT_WEB_DIR, 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build -w web` first (npm test does).');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'gia-browser-'));
  process.env.LOG_LEVEL ??= 'SILENT';
  // The AI teacher talks to a local stand-in for OpenAI.
  const openai = await startOpenAiMock();
  process.env.OPENAI_API_KEY = 'test-key';
  process.env.OPENAI_BASE_URL = openai.url;
  const stack = await startLocalStack({
    port: 0,
    dataDir,
    adminEmail: 'admin@gia.test',
    adminPassword: 'AdminPass123',
    seedDemo: false,
  });
  project.provide('stack', {
    url: stack.url,
    dataDir,
    admin: stack.admin,
    endpoints: stack.endpoints,
    tableName: process.env.TABLE_NAME ?? '',
    env: stackEnvironment(),
  });
  return async () => {
    await stack.stop();
    await openai.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
