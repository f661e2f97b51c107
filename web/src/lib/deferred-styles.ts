/*
 * A prerendered page (issue 30, web/build/prerender.ts) has the CSS its markup uses inline and
 * loads the full stylesheet as `media="print"`, so it never holds up the first paint. The usual
 * `onload="this.media='all'"` is an inline script, which the site's CSP refuses: the app applies
 * the stylesheet itself. (With JavaScript disabled, a <noscript> link loads it.)
 */

/** The attribute beasties' `media-script` mode leaves on the link: the media to apply. */
const DEFERRED = 'data-beasties-media';

/** Applies each deferred stylesheet of `doc` once it has loaded (at once if it has). */
export function applyDeferredStyles(doc: Document = document): void {
  for (const link of doc.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED}]`)) {
    const apply = () => {
      link.media = link.getAttribute(DEFERRED) || 'all';
      link.removeAttribute(DEFERRED);
    };
    if (link.sheet) apply();
    else link.addEventListener('load', apply, { once: true });
  }
}
