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
  /** The prerendered lesson page's player frame, where the boot script starts a lesson. */
  playerFrame: '.lesson-main .player',
  /** `data-boot-player`: the box over that frame, holding the video until the player takes it. */
  bootPlayer: 'bootPlayer',
  /** The `<template>` of the app's script on a prerendered page (web/build/app-on-cue.ts). */
  appTemplate: 'gia-app',
  /**
   * The first visit's language buttons and the header's language select (components/language.tsx):
   * a choice made there before the app runs is kept by the boot script.
   */
  languagePickers: '.language-choice button[lang], .language-select select',
  /** A page that shows no frame (opened behind another tab) starts the app after this long. */
  appAfterPaintMs: 250,
  /** A lesson started early holds the app back until its first segment is in, at most this long. */
  appWaitMs: 8000,
} as const;

/** The boot script's settings, written into it at build time (web/vite.config.ts). */
export type BootConfig = GiaBootConfig;

/**
 * What the boot script left for the app: the page's public reads, or the requests it started for
 * one lesson. Each is taken by the app at most once (see web/src/lib/boot.ts); a body is read by
 * the app, never kept here.
 */
export interface BootRequests {
  /**
   * The page's public catalogue reads (web/src/boot/page-reads.ts), by path with its query: each
   * an answer, or `undefined` when the request failed (the app then sends its own).
   */
  reads?: Record<string, Promise<Response | undefined>>;
  /** The topic id of the lesson link the page opened with. */
  topic?: string;
  /** The learner's refresh (`undefined` when the hint said no learner was signed in). */
  refresh?: Promise<Response>;
  /** The lesson read, once the refresh answered (`undefined` when it could not be made). */
  lesson?: Promise<Response | undefined>;
  /**
   * The lesson's video, started in the browser's own HLS player on one rendition (issue 30)
   * before the app arrived, for the player to adopt: `data-hls` is the master playlist it plays.
   */
  video?: HTMLVideoElement;
}
