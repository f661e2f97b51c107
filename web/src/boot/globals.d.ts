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
}

declare const __GIA_BOOT__: GiaBootConfig;

/** The little of a lesson answer the boot script reads. */
interface GiaLessonHead {
  data?: { video?: { hls_url?: string | null } };
}
