/*
 * The public pages that are prerendered at build time (issue 30, item 1): one HTML file per kind of
 * page, rendered by web/build/prerender.ts with the app's own components, served by the local
 * gateway (scripts/src/gateway.ts) and by CloudFront's viewer-request function
 * (infra/src/constructs/web-hosting.ts) for the paths below. Every other client route gets the
 * empty `index.html`, as before.
 */

/** One kind of prerendered page. */
export interface PageShell {
  /** The file under the built site, e.g. `shells/boards.html`. */
  file: string;
  /** Paths answered with the file exactly as written (paths are case-sensitive, as the router's). */
  paths?: readonly string[];
  /** `/classes/`: a path of this prefix and one more segment (`/classes/01J…`). */
  prefix?: string;
  /**
   * Only with this query parameter: without it the page shows something else (`/GetClasses`
   * without a board says to choose one first), which its prerendered layout would not match.
   */
  param?: string;
  /** The URL the page is rendered at (an id where the page needs one to show its layout). */
  renderAt: string;
  /**
   * Every prerendered page holds the app's script in a `<template>` until the boot script starts
   * it once the page has painted (web/src/boot/boot.ts). With `appOnCue` its preloads and
   * stylesheet wait too: the lesson page, whose first segment must not share a slow link with
   * the bundle.
   */
  appOnCue?: boolean;
}

/** The prerendered pages: the landing page, the catalogue's public pages and the lesson page. */
export const PAGE_SHELLS = {
  landing: { file: 'shells/landing.html', paths: ['/'], renderAt: '/' },
  boards: { file: 'shells/boards.html', paths: ['/GetBoard', '/Getboard'], renderAt: '/GetBoard' },
  // The id only selects the page's layout: the shell shows no data, so no id appears in it.
  classes: {
    file: 'shells/classes.html',
    paths: ['/GetClasses'],
    param: 'board',
    renderAt: '/GetClasses?board=0',
  },
  courses: { file: 'shells/courses.html', paths: ['/AllCourse'], renderAt: '/AllCourse' },
  boardClass: {
    file: 'shells/board-class.html',
    paths: ['/Board-Class'],
    renderAt: '/Board-Class',
  },
  class: { file: 'shells/class.html', prefix: '/classes/', renderAt: '/classes/0' },
  subject: { file: 'shells/subject.html', prefix: '/subjects/', renderAt: '/subjects/0' },
  lesson: {
    file: 'shells/lesson.html',
    paths: ['/GetTopic'],
    renderAt: '/GetTopic?topic=0',
    appOnCue: true,
  },
} as const satisfies Record<string, PageShell>;

export type PageShellKind = keyof typeof PAGE_SHELLS;

/** The fallback of every other client route: the app's empty page. */
export const SPA_INDEX = 'index.html';

/**
 * The file that answers a client route `pathname` (no file extension, already decoded) with the
 * query `search` (`?board=…`, or `''`): its prerendered page, else `index.html`. A prefix takes one
 * segment after it, as the router's `/classes/:classId` (a trailing slash too).
 */
export function pageFileFor(pathname: string, search = ''): string {
  const query = new URLSearchParams(search);
  for (const shell of Object.values(PAGE_SHELLS) as PageShell[]) {
    if (shell.param && !query.get(shell.param)) continue;
    if (shell.paths?.includes(pathname)) return shell.file;
    if (shell.prefix && pathname.startsWith(shell.prefix)) {
      const rest = pathname.slice(shell.prefix.length).replace(/\/$/, '');
      if (rest && !rest.includes('/')) return shell.file;
    }
  }
  return SPA_INDEX;
}
