/*
 * The boot script's settings, from the shared route table and the app's names. web/vite.config.ts
 * loads this module at build time (through Vite's module runner: the config's own loader leaves
 * the workspace's TypeScript packages to Node, which cannot load them) and writes the settings
 * into the script.
 */
import { routePath } from '@gia/shared/route-path.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@gia/shared/session.ts';
import {
  HLS_LADDER,
  HLS_SEGMENT_SECONDS,
  renditionPlaylistOf,
  segmentFileOf,
} from '@gia/shared/video.ts';
import { BOOT_NAMES, type BootConfig } from '../lib/boot-contract.ts';
import { pageReads } from './page-reads.ts';

const RUNG = '{rung}';

/** A segment's name split around its index: `master_{rung}_` · 5 digits · `.ts`. */
function segmentName(): BootConfig['segment'] {
  const one = segmentFileOf({ name: RUNG }, 1);
  const parts = /^(.*?)(0*1)(\.\w+)$/.exec(one);
  if (!parts) throw new Error(`a segment name without its index: ${one}`);
  return { prefix: parts[1]!, digits: parts[2]!.length, suffix: parts[3]! };
}

export const bootSettings = (): BootConfig => ({
  ...BOOT_NAMES,
  refreshPath: routePath('learner.login.refresh'),
  lessonPath: routePath('catalogue.getLesson'),
  csrf: [CSRF_HEADER, CSRF_HEADER_VALUE],
  renditionPlaylist: renditionPlaylistOf({ name: RUNG }),
  rungNames: HLS_LADDER.map((r) => r.name),
  segment: segmentName(),
  segmentSeconds: HLS_SEGMENT_SECONDS,
  pageReads: pageReads(),
});
