import { describe, expect, it, inject } from 'vitest';
import { BASES, MESSAGES, routePath } from '@gia/shared';
import { isLoopback, listeningAddresses } from './processes.ts';

const stack = inject('stack');
const portOf = (url: string) => Number(new URL(url).port);

describe('the local gateway', () => {
  it('answers 404, never 500, to paths with a malformed % escape', async () => {
    for (const path of [
      `${BASES.learner}/data/deleteUSER_CART/%E0%A4%A`,
      '/api/%',
      '/media/%',
      '/media/public/images/%E0%A4%A.png',
      '/%',
      '/assets/%zz.js',
    ]) {
      for (const method of ['GET', 'DELETE', 'POST']) {
        const res = await fetch(`${stack.url}${path}`, { method });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await res.json(), `${method} ${path}`).toEqual({
          message: MESSAGES.notFound,
          code: 'NOT_FOUND',
          message_code: 'app.not_found',
        });
      }
    }
    // and the stack still answers
    expect((await fetch(`${stack.url}${routePath('health')}`)).status).toBe(200);
  });

  it('listens on loopback only, as do DynamoDB Local, cognito-local and s3rver', () => {
    const ports = {
      gateway: portOf(stack.url),
      dynamodb: portOf(stack.endpoints.dynamodb),
      cognito: portOf(stack.endpoints.cognito),
      s3: portOf(stack.endpoints.s3),
    };
    for (const [name, port] of Object.entries(ports)) {
      const addresses = listeningAddresses(port);
      expect(addresses.length, `${name} listens on ${port}`).toBeGreaterThan(0);
      for (const address of addresses)
        expect(isLoopback(address), `${name}: ${address}`).toBe(true);
    }
  });
});
