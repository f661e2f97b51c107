import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { MEDIA_BUCKET } from './services.ts';

/** Keys under this prefix are public images; everything else is private media. */
export const PUBLIC_PREFIX = 'public/';

/**
 * `/media/<key>` on the local stack, as CloudFront serves it in AWS: public images are readable
 * by anyone; private media (videos, notes) is refused unless the request is signed.
 */
export function mediaHandler(s3Endpoint: string) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = decodeURIComponent(url.pathname.slice('/media/'.length));
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (!key.startsWith(PUBLIC_PREFIX) || key.includes('..')) {
      res.writeHead(403, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ message: 'Access denied.', code: 'FORBIDDEN' }));
      return true;
    }
    const upstream = await fetch(`${s3Endpoint}/${MEDIA_BUCKET}/${encodeURI(key)}`, {
      method: req.method,
      headers: req.headers.range ? { range: req.headers.range } : {},
    });
    if (upstream.status === 404) return false;
    const headers: Record<string, string> = { 'cache-control': 'public, max-age=86400' };
    for (const h of ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag']) {
      const v = upstream.headers.get(h);
      if (v) headers[h] = v;
    }
    res.writeHead(upstream.status, headers);
    if (!upstream.body || req.method === 'HEAD') {
      res.end();
      return true;
    }
    Readable.fromWeb(upstream.body as ReadableStream).pipe(res);
    return true;
  };
}
