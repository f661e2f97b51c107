import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_ENV } from '../../test/tokens.ts';

/** A stand-in for Razorpay's orders API, checking Basic auth as Razorpay does. */
let server: Server;
const requests: { method?: string; url?: string; auth?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      requests.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && req.url === '/v1/orders') {
        const input = JSON.parse(body) as { amount: number; currency: string; receipt: string };
        res.end(
          JSON.stringify({
            id: 'order_test123',
            entity: 'order',
            amount: input.amount,
            amount_due: input.amount,
            currency: input.currency,
            receipt: input.receipt,
            status: 'created',
          }),
        );
        return;
      }
      if (req.method === 'GET' && req.url === '/v1/orders/order_test123/payments') {
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
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'not found' } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  Object.assign(process.env, TEST_ENV, {
    RAZORPAY_KEY_ID: 'rzp_test_key',
    RAZORPAY_KEY_SECRET: 'secret_abc',
    RAZORPAY_WEBHOOK_SECRET: 'whsec_abc',
    RAZORPAY_API_BASE: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
});
afterAll(() => server?.close());
beforeEach(() => {
  requests.length = 0;
});

const load = async () => {
  const gateway = await import('./gateway.ts');
  gateway.resetGatewayForTests();
  return gateway;
};

describe('the Razorpay gateway (real keys)', () => {
  it('creates an INR order in paise through the Razorpay client, authenticated with the key pair', async () => {
    const { paymentGateway } = await load();
    const gw = paymentGateway();
    expect(gw.mode).toBe('razorpay');
    expect(gw.keyId).toBe('rzp_test_key');
    expect(await gw.createOrder(45050, 'rcpt_1', { user_id: 'u1' })).toEqual({
      id: 'order_test123',
    });
    const sent = requests[0]!;
    expect(sent.auth).toBe(`Basic ${Buffer.from('rzp_test_key:secret_abc').toString('base64')}`);
    expect(JSON.parse(sent.body)).toMatchObject({
      amount: 45050,
      currency: 'INR',
      receipt: 'rcpt_1',
    });
  });

  it('reports only captured payments of an order', async () => {
    const { paymentGateway } = await load();
    expect(await paymentGateway().capturedPayments('order_test123')).toEqual(['pay_ok']);
  });

  it('accepts Checkout’s signature and refuses it with one character changed', async () => {
    const { paymentGateway, paymentSignature } = await load();
    const good = paymentSignature('secret_abc', 'order_test123', 'pay_ok');
    const gw = paymentGateway();
    expect(gw.verifyPayment('order_test123', 'pay_ok', good)).toBe(true);
    const bad = `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`;
    expect(gw.verifyPayment('order_test123', 'pay_ok', bad)).toBe(false);
    expect(gw.verifyPayment('order_test123', 'pay_other', good)).toBe(false);
  });

  it('verifies a webhook on its raw body only', async () => {
    const { paymentGateway, webhookSignature } = await load();
    const raw = '{"event":"payment.captured","payload":{}}';
    const sig = webhookSignature('whsec_abc', raw);
    expect(paymentGateway().verifyWebhook(raw, sig)).toBe(true);
    expect(paymentGateway().verifyWebhook(raw.replace('}}', '} }'), sig)).toBe(false);
    expect(paymentGateway().verifyWebhook(raw, webhookSignature('other', raw))).toBe(false);
  });
});

describe('payments without Razorpay keys', () => {
  it('are unavailable outside the local stack, never falling back to the public test keys', async () => {
    const saved = { ...process.env };
    for (const k of [
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
      'PAYMENTS_LOCAL_GATEWAY',
    ])
      delete process.env[k];
    const { resetEnvForTests } = await import('../lib/env.ts');
    resetEnvForTests();
    const { paymentGateway, resetGatewayForTests } = await load();
    resetGatewayForTests();
    expect(() => paymentGateway()).toThrow(expect.objectContaining({ code: 'UNAVAILABLE' }));
    process.env.PAYMENTS_LOCAL_GATEWAY = '1';
    resetEnvForTests();
    expect(paymentGateway().mode).toBe('local');
    Object.assign(process.env, saved);
    resetEnvForTests();
    resetGatewayForTests();
  });
});
