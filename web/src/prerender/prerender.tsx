/*
 * The server side of the prerendered pages (issue 30): web/build/prerender.ts builds this module
 * for Node with the app's own Vite settings (so images and names are the client's) and renders
 * each page of shared/src/page-shells.ts with it. What a page shows at build time is what the
 * app's first render shows on any device before it knows the visitor: no session (the stores'
 * initial state), no data (every query loading, so its skeleton), and the page's code loaded.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppFrame, newQueryClient } from '../app/app.tsx';
import { AppRoutes } from '../app/router.tsx';

/** The HTML inside `#root` of the page at `url` (a path with its query), once every part loaded. */
export async function renderPage(url: string): Promise<string> {
  // A part that throws would be left to the client: at build time it is an error to fix.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppFrame client={newQueryClient()}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppFrame>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Never outline a large part to be moved in by an inline script: the CSP allows none.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (errors.length) throw new AggregateError(errors, `prerendering ${url} failed`);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

export { PAGE_SHELLS } from '@gia/shared/page-shells.ts';
