import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { provideLocalStack } from './global-setup-common.ts';

/** Integration tests share one local stack (embedded services + gateway) on free ports. */
export default function setup(project: TestProject) {
  return provideLocalStack(project, {
    folderPrefix: 'gia-int-',
    webDir: (dataDir) => join(dataDir, 'no-web'),
  });
}
