/*
 * The boot script's types (web/src/boot/boot.ts is a script, not a module, so they are global).
 * web/src/lib/boot-contract.ts gives the app and web/vite.config.ts the same types by name.
 */

/** The boot script's settings, written into it at build time (web/vite.config.ts). */
interface GiaBootConfig {
  /** The window property the boot script leaves its requests on, for the app to adopt. */
  global: string;
  /** The lesson page, whose one request the boot script starts. */
  lessonPage: string;
  /** The Web Lock around a session refresh. */
  sessionLock: string;
  /** The localStorage key of the persisted client state (the session hint). */
  sessionHint: string;
  /** The `<html>` data attribute (dataset key) that shows the hint's role before the app runs. */
  accountHint: string;
  /** `POST` path that trades the learner's session cookie for an access token. */
  refreshPath: string;
  /** `GET` path of the lesson read (`?topic_id=` is added). */
  lessonPath: string;
  /** The CSRF header (name, value) a cookie-authenticated call carries. */
  csrf: [string, string];
  /** The prerendered lesson page's player frame (a selector), where a lesson starts early. */
  playerFrame: string;
  /** The data attribute (dataset key) of the box that holds a lesson started early. */
  bootPlayer: string;
  /**
   * The id of the `<template>` that holds the app's script on a prerendered page (its preloads
   * and stylesheet too on the lesson page, web/build/app-on-cue.ts): the boot script starts the
   * app from it.
   */
  appTemplate: string;
  /** The language pickers a choice is kept from before the app runs (a selector). */
  languagePickers: string;
  /** How long after the page was parsed the app starts at the latest where no frame is drawn (ms). */
  appAfterPaintMs: number;
  /** How long a lesson started early may hold the app back, at most (ms). */
  appWaitMs: number;
  /** A rendition playlist's name in the video's HLS folder; `{rung}` is the rung (`234p`). */
  renditionPlaylist: string;
  /** The ladder's rung names, lowest first: a video's renditions are its first ones, in order. */
  rungNames: string[];
  /** A segment's name: prefix (with `{rung}`), its 1-based index in `digits` digits, suffix. */
  segment: { prefix: string; digits: number; suffix: string };
  /** The segments' length, seconds. */
  segmentSeconds: number;
  /** The public catalogue reads each prerendered page makes on arrival (boot/page-reads.ts). */
  pageReads: GiaPageReads[];
}

/** A page's first public reads: API paths, `{id}` standing for the page's segment after `prefix`. */
interface GiaPageReads {
  /** The page's path exactly (`/AllCourse`). */
  path?: string;
  /** Or a prefix and one segment more (`/subjects/` and an id). */
  prefix?: string;
  /** The reads' paths with their query, as the app's `call` builds them. */
  reads: string[];
}

declare const __GIA_BOOT__: GiaBootConfig;

/** The little of a lesson answer the boot script reads. */
interface GiaLessonHead {
  data?: {
    topic?: { topic_id?: string; topic_name?: string };
    chapter?: {
      topics?: { topic_id?: string; progress?: { position_seconds?: number } | null }[];
    };
    video?: {
      hls_url?: string | null;
      renditions?: { height: number; bitrate_kbps: number }[] | null;
    };
  };
}
