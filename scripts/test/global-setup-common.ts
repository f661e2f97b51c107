import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHECK_ANSWERS_ENV } from '../src/answer-check.ts';
import { startLocalStack, stackEnvironment } from '../src/local-stack.ts';
import '../../functions/test/api.ts';

/**
 * Starts a whole local stack on free ports in a fresh temporary data folder, with the tests'
 * admin, the demo seller's GST settings and no other demo data, and provides it to the tests as `inject('stack')`. Answers the
 * teardown, which stops it and removes the folder.
 */
export async function provideLocalStack(
  project: TestProject,
  options: { folderPrefix: string; webDir?: (dataDir: string) => string },
): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), options.folderPrefix));
  process.env.LOG_LEVEL ??= 'SILENT';
  // Every answer is parsed against its route's schema: drift fails the test that met it.
  process.env[CHECK_ANSWERS_ENV] = '1';
  const stack = await startLocalStack({
    port: 0,
    dataDir,
    ...(options.webDir ? { webDir: options.webDir(dataDir) } : {}),
    adminEmail: 'admin@gia.test',
    adminPassword: 'AdminPass123',
    seedDemo: false,
  });
  // Every test meets a seller who charges GST, as a deployed product does.
  const { seedDemoSeller } = await import('../src/demo-selling.ts');
  await seedDemoSeller();
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
    rmSync(dataDir, { recursive: true, force: true });
  };
}
