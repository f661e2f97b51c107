/*
 * The boot script's settings, from the shared route table and the app's names. web/vite.config.ts
 * loads this module at build time (through Vite's module runner: the config's own loader leaves
 * the workspace's TypeScript packages to Node, which cannot load them) and writes the settings
 * into the script.
 */
import { routePath } from '@gia/shared/route-path.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@gia/shared/session.ts';
import { BOOT_NAMES, type BootConfig } from '../lib/boot-contract.ts';

export const bootSettings = (): BootConfig => ({
  ...BOOT_NAMES,
  refreshPath: routePath('learner.login.refresh'),
  lessonPath: routePath('catalogue.getLesson'),
  csrf: [CSRF_HEADER, CSRF_HEADER_VALUE],
});
