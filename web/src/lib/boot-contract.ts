/*
 * What the boot script (web/src/boot/boot.ts, run by index.html before the bundle) and the app
 * agree on. No imports: web/vite.config.ts reads it to configure the boot script.
 */

/** The names both sides use. */
export const BOOT_NAMES = {
  /** The window property the boot script leaves its requests on, for the app to adopt. */
  global: '__giaBoot',
  /** The lesson page, whose one request the boot script starts. */
  lessonPage: '/GetTopic',
  /** The Web Lock around a session refresh (and the tabs' BroadcastChannel). */
  sessionLock: 'gia-session',
  /** The localStorage key of the persisted client state (the session hint). */
  sessionHint: 'root',
  /**
   * `<html data-account>`: the hint's role (`learner`, `admin`) while it says someone is signed
   * in; set by the boot script before the page paints, kept by the app (showSessionStatus).
   */
  accountHint: 'account',
} as const;

/** The boot script's settings, written into it at build time (web/vite.config.ts). */
export type BootConfig = GiaBootConfig;

/**
 * What the boot script left for the app: the requests it started for one lesson. Each is taken
 * by the app at most once (see web/src/lib/boot.ts); a body is read by the app, never kept here.
 */
export interface BootRequests {
  /** The topic id of the link the page opened with. */
  topic: string;
  /** The learner's refresh (`undefined` when the hint said no learner was signed in). */
  refresh?: Promise<Response>;
  /** The lesson read, once the refresh answered (`undefined` when it could not be made). */
  lesson: Promise<Response | undefined>;
}
