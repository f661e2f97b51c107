import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack, stackEnvironment } from '../src/local-stack.ts';
import '../../functions/test/api.ts';

/** Integration tests share one local stack (embedded services + gateway) on free ports. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'gia-int-'));
  process.env.LOG_LEVEL ??= 'SILENT';
  const stack = await startLocalStack({
    port: 0,
    dataDir,
    webDir: join(dataDir, 'no-web'),
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
    rmSync(dataDir, { recursive: true, force: true });
  };
}
