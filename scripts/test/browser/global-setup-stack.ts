import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEFAULT_WEB_DIR } from '../../src/local-stack.ts';
import { provideLocalStack } from '../global-setup-common.ts';
import { startOpenAiMock } from '../../../functions/test/openai-mock.ts';

/** Browser tests run against a whole local stack serving the built SPA (`npm run build -w web`). */
export default async function setup(project: TestProject) {
  if (!existsSync(join(DEFAULT_WEB_DIR, 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build -w web` first (npm test does).');
  }
  // The AI teacher talks to a local stand-in for OpenAI.
  const openai = await startOpenAiMock();
  process.env.OPENAI_API_KEY = 'test-key';
  process.env.OPENAI_BASE_URL = openai.url;
  const stop = await provideLocalStack(project, { folderPrefix: 'gia-browser-' });
  return async () => {
    await stop();
    await openai.close();
  };
}
