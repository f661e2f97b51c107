import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { routePath } from '@gia/shared';
import { clientAddress } from '@gia/functions/lib/http.ts';
import { toEvent } from './gateway.ts';

const request = (headers: Record<string, string>, remoteAddress = '127.0.0.7') =>
  ({ headers, method: 'POST', httpVersion: '1.1', socket: { remoteAddress } }) as IncomingMessage;

describe('the local gateway as CloudFront', () => {
  it('drops CloudFront headers a viewer sent, so per-client limits key on the real address', () => {
    const event = toEvent(
      request({ 'cloudfront-viewer-address': '203.0.113.9:4000', 'user-agent': 'x' }),
      new URL(routePath('learner.login.request'), 'http://127.0.0.1'),
      Buffer.alloc(0),
    );
    expect(event.headers['cloudfront-viewer-address']).toBeUndefined();
    expect(event.headers['user-agent']).toBe('x');
    expect(clientAddress(event, event.headers)).toBe('127.0.0.7');
  });

  it('keys on the viewer address that CloudFront itself adds in AWS', () => {
    const event = toEvent(request({}), new URL('http://127.0.0.1/'), Buffer.alloc(0));
    const viewer = { 'cloudfront-viewer-address': '2001:DB8::1:51234' };
    expect(clientAddress(event, viewer)).toBe('2001:db8::1');
    expect(clientAddress(event, { 'cloudfront-viewer-address': 'garbage' })).toBe('127.0.0.7');
  });
});
