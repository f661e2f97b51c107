import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_ENV } from '../../test/tokens.ts';

/** A stand-in for Razorpay's orders API, checking Basic auth as Razorpay does. */
let server: Server;
const requests: {
  method?: string;
  url?: string;
  auth?: string;
  idempotency?: string | string[];
  body: string;
}[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      requests.push({
        method: req.method,
        url: req.url,
        auth: req.headers.authorization,
        idempotency: req.headers['x-refund-idempotency'],
        body,
      });
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && req.url === '/v1/payments/pay_ok/refund') {
        const input = JSON.parse(body) as { amount: number };
        res.end(
          JSON.stringify({
            id: 'rfnd_test1',
            entity: 'refund',
            amount: input.amount,
            status: 'processed',
          }),
        );
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/payments/pay_done/refund') {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            error: {
              code: 'BAD_REQUEST_ERROR',
              description: 'The payment has been fully refunded already',
            },
          }),
        );
        return;
      }
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
  // The first import (the Razorpay client) is slow on a busy machine: not a test.
  await import('./payment-gateway.ts');
}, 60_000);
afterAll(() => server?.close());
beforeEach(() => {
  requests.length = 0;
});

const load = async () => {
  const gateway = await import('./payment-gateway.ts');
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

  it('refunds a payment with Razorpay’s idempotency header, so a retry cannot refund twice', async () => {
    const { paymentGateway } = await load();

    const made = await paymentGateway().refund('pay_ok', 45050, 'refund_pay_ok');

    expect(made).toEqual({ id: 'rfnd_test1' });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/v1/payments/pay_ok/refund',
      idempotency: 'refund_pay_ok',
    });
    expect(JSON.parse(requests[0]!.body)).toEqual({ amount: 45050 });
  });

  it('answers 409 when Razorpay refuses a refund (the payment is refunded already)', async () => {
    const { paymentGateway } = await load();

    await expect(paymentGateway().refund('pay_done', 100, 'refund_pay_done')).rejects.toMatchObject(
      { status: 409, message: 'This payment is already refunded.' },
    );
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

describe('a Razorpay that stalls or fails', () => {
  const limits = { timeoutMs: 150, retries: 1, retryDelayMs: 10 };
  /**
   * A stand-in that answers nothing at all, a proxy's HTML page with a 400, or each status in
   * turn, and counts the attempts.
   */
  async function standIn(answer: 'nothing' | 'page' | number[]) {
    const seen: string[] = [];
    const statuses = Array.isArray(answer) ? [...answer] : [];
    const stall = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      if (answer === 'nothing') return;
      if (answer === 'page') {
        res.statusCode = 400;
        res.setHeader('content-type', 'text/html');
        res.end('<html>Bad Request</html>');
        return;
      }
      const status = statuses.shift() ?? 200;
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(status === 200 ? { id: 'order_after_retry' } : { error: {} }));
    });
    await new Promise<void>((r) => stall.listen(0, '127.0.0.1', r));
    const apiBase = `http://127.0.0.1:${(stall.address() as AddressInfo).port}`;
    return {
      seen,
      apiBase,
      close: () => {
        stall.closeAllConnections();
        stall.close();
      },
    };
  }

  it('gives up on a Razorpay that never answers with 503 after one retry, not at the socket’s default', async () => {
    const { razorpayGateway } = await load();
    const server = await standIn('nothing');
    try {
      const gw = razorpayGateway({
        keyId: 'k',
        keySecret: 's',
        webhookSecret: 'w',
        ...server,
        limits,
      });
      await expect(gw.createOrder(10000, 'r1', {})).rejects.toMatchObject({
        status: 503,
        message: 'The payment provider is not reachable right now. Please try again.',
      });
      await expect(gw.capturedPayments('order_x')).rejects.toMatchObject({ status: 503 });
      expect(server.seen).toEqual([
        'POST /v1/orders',
        'POST /v1/orders',
        'GET /v1/orders/order_x/payments',
        'GET /v1/orders/order_x/payments',
      ]);
    } finally {
      server.close();
    }
  });

  it('retries a 5xx once and takes the second answer', async () => {
    const { razorpayGateway } = await load();
    const server = await standIn([502]);
    try {
      const gw = razorpayGateway({
        keyId: 'k',
        keySecret: 's',
        webhookSecret: 'w',
        ...server,
        limits,
      });
      expect(await gw.createOrder(10000, 'r2', {})).toEqual({ id: 'order_after_retry' });
      expect(server.seen).toHaveLength(2);
    } finally {
      server.close();
    }
  });

  it('answers 503 when Razorpay refuses the connection', async () => {
    const { razorpayGateway } = await load();
    const server = await standIn('nothing');
    server.close();
    const gw = razorpayGateway({ keyId: 'k', keySecret: 's', webhookSecret: 'w', ...server });
    await expect(gw.capturedPayments('order_x')).rejects.toMatchObject({ status: 503 });
  });

  it('takes a 4xx as Razorpay’s answer even without a JSON body: a refund refused is 409, asked once', async () => {
    const { razorpayGateway } = await load();
    const server = await standIn('page');
    try {
      const gw = razorpayGateway({ keyId: 'k', keySecret: 's', webhookSecret: 'w', ...server });
      await expect(gw.refund('pay_1', 45050, 'refund_pay_1')).rejects.toMatchObject({
        status: 409,
        message: 'This payment is already refunded.',
      });
      expect(server.seen).toEqual(['POST /v1/payments/pay_1/refund']);
    } finally {
      server.close();
    }
  });

  it('keeps every call within a budget well inside the function’s 29 s by default', async () => {
    const { RAZORPAY_LIMITS: l } = await load();
    expect(l.timeoutMs).toBeGreaterThan(0);
    expect((l.retries + 1) * l.timeoutMs + l.retries * l.retryDelayMs).toBeLessThanOrEqual(15_000);
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
    const { resetEnvForTests } = await import('./env.ts');
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
