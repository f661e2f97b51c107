/*
 * Which public reads the boot script starts on a page (web/src/boot/page-reads.ts): a rule of the
 * script's own, kept apart so that the script carries no route table.
 */

/** In a read of the table, the page's own last segment (`/subjects/01J…`), encoded. */
export const PAGE_ID = '{id}';

/** The reads of `table` for the page at `pathname` (as `location.pathname`), or none. */
export function readsFor(table: readonly GiaPageReads[], pathname: string): string[] {
  for (const page of table) {
    if (page.path === pathname) return page.reads;
    if (page.prefix && pathname.startsWith(page.prefix)) {
      // One segment after the prefix, as the router's `/subjects/:subjectId` (a trailing slash too).
      const segment = pathname.slice(page.prefix.length).replace(/\/$/, '');
      if (!segment || segment.includes('/')) continue;
      let id: string;
      try {
        // The router hands the page its id decoded, and the app's call encodes it again.
        id = encodeURIComponent(decodeURIComponent(segment));
      } catch {
        return [];
      }
      return page.reads.map((read) => read.split(PAGE_ID).join(id));
    }
  }
  return [];
}
