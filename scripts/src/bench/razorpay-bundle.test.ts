import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaBundling } from '@gia/functions';
import type * as GatewayTypes from '../../../functions/src/lib/payment-gateway.ts';
import { bundleLambda } from './bundles.ts';

type GatewayModule = typeof GatewayTypes;

/**
 * The Razorpay client as the payments function carries it: lib/payment-gateway.ts bundled with
 * the payments group's Lambda build (Razorpay's CommonJS orders resource and the SDK's
 * package.json inside an ES module), then called against a stand-in Razorpay over real HTTP.
 * Timeouts, retries and refusals are the same code unbundled: lib/payment-gateway.test.ts.
 */
const dir = mkdtempSync(join(tmpdir(), 'gia-razorpay-bundle-'));
let bundled: GatewayModule;
let metafile: Metafile;

beforeAll(async () => {
  const entry = fileURLToPath(
    new URL('../../../functions/src/lib/payment-gateway.ts', import.meta.url),
  );
  const file = join(dir, 'payment-gateway.mjs');
  metafile = await bundleLambda(entry, file, lambdaBundling('payments'));
  process.env.LOG_LEVEL = 'SILENT';
  bundled = (await import(pathToFileURL(file).href)) as GatewayModule;
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Seen {
  method?: string;
  url?: string;
  auth?: string;
  agent?: string;
  body: string;
}

/** A stand-in Razorpay on a free port that records each request and answers with `answer`. */
async function standIn(answer: (req: Seen, res: ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const r = {
        method: req.method,
        url: req.url,
        auth: req.headers.authorization,
        agent: req.headers['user-agent'],
        body,
      };
      seen.push(r);
      res.setHeader('content-type', 'application/json');
      answer(r, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    seen,
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

const keys = { keyId: 'rzp_test_key', keySecret: 'secret_abc', webhookSecret: 'whsec_abc' };

describe('the bundled payments function’s Razorpay client', () => {
  it('carries Razorpay’s orders resource and no HTTP client package (axios, form-data, mime-db)', () => {
    const inputs = Object.keys(Object.values(metafile.outputs)[0]!.inputs);
    expect(inputs.some((i) => i.endsWith('razorpay/dist/resources/orders.js'))).toBe(true);
    for (const pkg of ['axios', 'form-data', 'mime-db', 'follow-redirects']) {
      expect(
        inputs.filter((i) => i.includes(`node_modules/${pkg}/`)),
        pkg,
      ).toEqual([]);
    }
  });

  it('creates an order and reads its captured payments with the key pair’s Basic auth', async () => {
    const rzp = await standIn((req, res) => {
      if (req.method === 'POST' && req.url === '/v1/orders') {
        const input = JSON.parse(req.body) as { amount: number; receipt: string };
        res.end(JSON.stringify({ id: 'order_b1', amount: input.amount, status: 'created' }));
      } else if (req.method === 'GET' && req.url === '/v1/orders/order_b1/payments') {
        res.end(
          JSON.stringify({
            entity: 'collection',
            count: 2,
            items: [
              { id: 'pay_failed', status: 'failed' },
              { id: 'pay_ok', status: 'captured' },
            ],
          }),
        );
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR' } }));
      }
    });
    try {
      const gw = bundled.razorpayGateway({ ...keys, apiBase: rzp.apiBase });
      expect(await gw.createOrder(45050, 'rcpt_1', { user_id: 'u1' })).toEqual({
        id: 'order_b1',
      });
      expect(await gw.capturedPayments('order_b1')).toEqual(['pay_ok']);
      const [create, payments] = rzp.seen;
      expect(create!.auth).toBe(
        `Basic ${Buffer.from('rzp_test_key:secret_abc').toString('base64')}`,
      );
      expect(create!.agent).toMatch(/^razorpay-node@\d+\.\d+\.\d+$/);
      expect(JSON.parse(create!.body)).toEqual({
        amount: 45050,
        currency: 'INR',
        receipt: 'rcpt_1',
        notes: { user_id: 'u1' },
      });
      expect(payments!.auth).toBe(create!.auth);
    } finally {
      rzp.close();
    }
  });
});
