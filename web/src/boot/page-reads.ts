/*
 * The public catalogue reads a prerendered page makes on arrival (issue 30, Lighthouse): the boot
 * script (web/src/boot/boot.ts) starts them before the bundle has downloaded, and the app adopts
 * each answer instead of asking again (web/src/lib/boot.ts, `call`). On a slow phone the page's
 * data (and so its images, the largest paint) is then in by the time the app renders, instead of
 * one round trip after the app has hydrated. Only public reads (`cache: 'public'`): their answer
 * is the same for everyone, so one made before the app knows the visitor is the app's own.
 *
 * This module runs at build time only (web/src/boot/boot-settings.ts): the boot script gets the
 * table as settings and matches it with `readsFor` (./reads-for.ts), without the route table.
 */
import { routePath, type QueryValues } from '@gia/shared/route-path.ts';
import { ROUTES, type RouteName } from '@gia/shared/routes.ts';
import { PAGE_ID } from './reads-for.ts';

/** A list read asks for its first page as `allPages` does (web/src/lib/all-pages.ts). */
const FIRST_PAGE: QueryValues = { limit: 1000 };

/** The path of the public read `name`, as the app's `call` builds it. */
export function publicRead(name: RouteName, params?: Record<string, string>, query?: QueryValues) {
  const route = ROUTES.find((r) => r.name === name);
  if (route?.method !== 'GET' || route.cache !== 'public') {
    throw new Error(`${name} is not a public read: the boot script starts public reads only`);
  }
  // routePath encodes each parameter: the stand-in keeps its braces for the boot script.
  return routePath(name, params, query).replace(encodeURIComponent(PAGE_ID), PAGE_ID);
}

/** What each page reads first: the queries its first render starts, with their exact query. */
export function pageReads(): GiaPageReads[] {
  const boards = publicRead('catalogue.getBoards', {}, FIRST_PAGE);
  const classes = publicRead('catalogue.getClasses', {}, FIRST_PAGE);
  return [
    {
      path: '/',
      reads: [boards, classes, publicRead('catalogue.gettestimonial', {}, FIRST_PAGE)],
    },
    { path: '/AllCourse', reads: [publicRead('catalogue.getSubjects', {}, FIRST_PAGE)] },
    { path: '/Board-Class', reads: [classes] },
    { path: '/GetBoard', reads: [boards] },
    { path: '/Getboard', reads: [boards] },
    // The subject page's id is the subject's.
    {
      prefix: '/subjects/',
      reads: [publicRead('catalogue.getSubjectOutline', { subjectId: PAGE_ID })],
    },
  ];
}
