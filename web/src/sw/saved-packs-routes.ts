/*
 * What the service worker answers from the packs a learner saved for offline (issue 32, items 3
 * and 4), and nothing else: every other `/media/*` file and every other `/api/*` answer goes to
 * the network exactly as before (signed URLs and delivery cookies unchanged).
 *
 * - `/media/*` that a pack holds (the saved rung's playlists and segments, captions, the notes
 *   PDF; a signed URL matched without its query): from the pack first, range requests too (pdf.js
 *   may ask for parts).
 * - `getLesson?topic_id=` of a saved topic (whatever else its query says): the network first;
 *   the saved answer only when the network fails.
 * - A pack whose access was not confirmed online for 30 days answers nothing: its media fail and
 *   its lesson answers a 403 that says to connect (the app shows the message).
 */
import { PACK_NEEDS_CONFIRMING } from '@gia/shared/downloads-messages.ts';
import { routePath } from '@gia/shared/route-path.ts';
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { confirmedRecently, lessonRequestUrl, savedAnswer } from '../lib/saved-packs.ts';

const LESSON_PATH = routePath('catalogue.getLesson');

/** The answer of a saved pack that may no longer play (as the API's error answers look). */
const needsConfirming = () =>
  new Response(JSON.stringify({ code: 'FORBIDDEN', message: PACK_NEEDS_CONFIRMING }), {
    status: 403,
    headers: { 'content-type': 'application/json' },
  });

/** Registers the two routes. */
export function routeSavedPacks() {
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin &&
      url.pathname.startsWith('/media/') &&
      request.method === 'GET',
    async ({ request }) => {
      const saved = await savedAnswer(request, { ignoreSearch: true });
      if (!saved) return fetch(request);
      if (!confirmedRecently(saved.record)) return Response.error();
      return request.headers.has('range')
        ? createPartialResponse(request, saved.response)
        : saved.response;
    },
  );
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin &&
      url.pathname === LESSON_PATH &&
      request.method === 'GET',
    async ({ request, url }) => {
      try {
        return await fetch(request);
      } catch (err) {
        // Saved under the topic alone: the app may add other parameters (a chapter id that only
        // saves the server a read), which do not change the answer.
        const topicId = url.searchParams.get('topic_id');
        const saved = topicId
          ? await savedAnswer(lessonRequestUrl(topicId), { ignoreSearch: false })
          : undefined;
        if (!saved) throw err;
        return confirmedRecently(saved.record) ? saved.response : needsConfirming();
      }
    },
  );
}
