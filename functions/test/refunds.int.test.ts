import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it, inject } from 'vitest';
import { api, buySubjects, newLearner, routePath, tableClient } from './api.ts';
import { shopCatalogue, signed, signedInAdmin } from './fixtures.ts';

/*
 * Issue 18, refunds: an admin refunds a captured payment from the back office; the local test
 * gateway refunds it (idempotently, by the payment's key) and delivers Razorpay's signed
 * `refund.processed` webhook, which takes the subjects back; the invoice function issues a credit
 * note that references the invoice.
 */

const call = api();
const admin = signedInAdmin(call);
const stack = inject('stack');

const refund = (payment_id: unknown, token = admin.token) =>
  call('POST', routePath('admin.payments.refund'), { token, body: { payment_id } });

/** A Karnataka learner buys physics (₹300) and biology (₹150.50) and reports the payment. */
async function bought(name = 'Refund Buyer') {
  const shop = await shopCatalogue(admin.post);
  const me = await newLearner(call, name);
  const { order, paid } = await buySubjects(
    call,
    me.token,
    [shop.physics.subject_id, shop.biology.subject_id],
    { state: '29' },
  );
  return { me, order, paymentId: paid.razorpay_payment_id as string };
}

const history = async (token: string) =>
  (await call('GET', routePath('purchases.getpayment_history'), { token })).body.data;
const owned = async (token: string) =>
  (await call('GET', routePath('purchases.getsubjects_purchased'), { token })).body.data;

/** The learner's newest payment row once `ready` holds (the stream and webhooks are asynchronous). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON row, read field by field
async function rowWhen(token: string, ready: (row: Record<string, any>) => boolean) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const [row] = await history(token);
    if (row && ready(row)) return row;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the payment row never got there within 2 minutes');
}

async function pdfText(url: string) {
  const res = await fetch(new URL(url, stack.url));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await res.arrayBuffer());
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Razorpay's signed `refund.processed` for a payment, as its webhook posts it. */
function deliverRefund(
  entity: { id: string; payment_id: string; amount: number },
  eventId: string,
) {
  const body = JSON.stringify({
    entity: 'event',
    event: 'refund.processed',
    payload: { refund: { entity: { ...entity, entity: 'refund', status: 'processed' } } },
  });
  return fetch(`${stack.url}${routePath('payments.webhook')}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signed('local_webhook_secret', body),
      'x-razorpay-event-id': eventId,
    },
    body,
  });
}

// Each test buys through the whole stack and waits for its stream: generous on a busy machine.
describe('refunding a payment', { timeout: 180_000 }, () => {
  it('takes the subjects back once Razorpay confirms, and issues a credit note against the invoice', async () => {
    const { me, paymentId } = await bought('Kavya Refund');
    const invoiced = await rowWhen(me.token, (r) => Boolean(r.invoice_url));
    expect(await owned(me.token)).toHaveLength(2);
    const listed = (
      await call('GET', routePath('admin.payments.get', {}, { limit: 100 }), {
        token: admin.token,
      })
    ).body.data.find((p: { payment_id: string }) => p.payment_id === paymentId);
    expect(listed).toMatchObject({
      learner_name: 'Kavya Refund',
      learner_email: me.email,
      payment_amount: 450.5,
      invoice_number: invoiced.invoice_number,
      refund: null,
    });
    expect(listed.subjects).toHaveLength(2);

    const asked = await refund(paymentId);

    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ status: 'pending', amount: 45_050 });
    expect(asked.body.data.refund_id).toMatch(/^rfnd_/);
    const row = await rowWhen(me.token, (r) => Boolean(r.refund?.credit_note_url));
    expect(row.refund).toMatchObject({
      refund_id: asked.body.data.refund_id,
      amount: 45_050,
      status: 'processed',
      requested_at: asked.body.data.requested_at,
    });
    expect(row.refund.processed_at >= row.refund.requested_at).toBe(true);
    expect(row.refund.credit_note_number).toMatch(/^GCN\/\d{2}-\d{2}\/\d{6}$/);
    // The payment stays in the history, with its invoice; the subjects are no longer the learner's.
    expect(row.invoice_number).toBe(invoiced.invoice_number);
    expect(await owned(me.token)).toEqual([]);
    const text = await pdfText(row.refund.credit_note_url);
    for (const part of [
      'Credit Note',
      row.refund.credit_note_number,
      `Against invoice ${invoiced.invoice_number}`,
      'Kavya Refund',
      'CGST @ 9% ₹34.36',
      'Total credited ₹450.50',
    ])
      expect(text).toContain(part);
    const after = (
      await call('GET', routePath('admin.payments.get', {}, { limit: 100 }), {
        token: admin.token,
      })
    ).body.data.find((p: { payment_id: string }) => p.payment_id === paymentId);
    expect(after.refund).toMatchObject({ status: 'processed' });
  });

  it('is for admins only: a learner’s token gets 403 and nothing is refunded', async () => {
    const { me, paymentId } = await bought();

    const res = await refund(paymentId, me.token);

    expect(res.status).toBe(403);
    const [row] = await history(me.token);
    expect(row.refund).toBeUndefined();
    expect(await owned(me.token)).toHaveLength(2);
  });

  it('refunds once for parallel and repeated requests', async () => {
    const { me, paymentId } = await bought();

    const answers = await Promise.all([refund(paymentId), refund(paymentId), refund(paymentId)]);
    const again = await refund(paymentId);

    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'This payment is already refunded.' },
    });
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body.message).toBe('This payment is already refunded.');
    const made = answers.find((a) => a.status === 200)!.body.data;
    // The gateway holds one refund, made with the payment's idempotency key.
    const gatewayRefund = (
      await tableClient().send(
        new GetCommand({
          TableName: stack.tableName,
          Key: { pk: `RZPLOCALREFUND#${paymentId}`, sk: 'RZPLOCALREFUND' },
        }),
      )
    ).Item;
    expect(gatewayRefund).toMatchObject({
      id: made.refund_id,
      idempotency_key: `refund_${paymentId}`,
      amount: 45_050,
    });
    const row = await rowWhen(me.token, (r) => r.refund?.status === 'processed');
    expect(row.refund.refund_id).toBe(made.refund_id);
  });

  it('takes up a request that died before the gateway answered, long ago', async () => {
    const { me, paymentId } = await bought();
    const [row] = await history(me.token);
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await tableClient().send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: { pk: `USER#${me.userId}`, sk: `PAYMENT#${row.id}` },
        UpdateExpression: 'SET refund = :r',
        ExpressionAttributeValues: {
          ':r': { refund_id: '', amount: 45_050, status: 'pending', requested_at: tenMinutesAgo },
        },
      }),
    );

    const res = await refund(paymentId);

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'pending', requested_at: tenMinutesAgo });
    const done = await rowWhen(me.token, (r) => r.refund?.status === 'processed');
    expect(done.refund.refund_id).toBe(res.body.data.refund_id);
    expect(await owned(me.token)).toEqual([]);
  });

  it('changes nothing when the webhook is delivered again', async () => {
    const { me, paymentId } = await bought();
    await refund(paymentId);
    const done = await rowWhen(me.token, (r) => Boolean(r.refund?.credit_note_url));

    const again = await Promise.all([
      deliverRefund(
        { id: done.refund.refund_id, payment_id: paymentId, amount: 45_050 },
        `evt_${done.refund.refund_id}`,
      ),
      deliverRefund(
        { id: done.refund.refund_id, payment_id: paymentId, amount: 45_050 },
        `evt_other_${Date.now()}`,
      ),
    ]);

    expect(again.map((r) => r.status)).toEqual([200, 200]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [row] = await history(me.token);
    expect(row.refund).toMatchObject({
      status: 'processed',
      processed_at: done.refund.processed_at,
      credit_note_number: done.refund.credit_note_number,
    });
    expect(await history(me.token)).toHaveLength(1);
  });

  it('handles a refund made in Razorpay’s dashboard, with no request here', async () => {
    const { me, paymentId } = await bought();
    const refundId = `rfnd_dash${Date.now().toString(36)}`;

    const res = await deliverRefund(
      { id: refundId, payment_id: paymentId, amount: 45_050 },
      `evt_${refundId}`,
    );

    expect(res.status).toBe(200);
    const row = await rowWhen(me.token, (r) => Boolean(r.refund?.credit_note_url));
    expect(row.refund).toMatchObject({ refund_id: refundId, status: 'processed' });
    expect(await owned(me.token)).toEqual([]);
    // Asking for it afterwards is refused plainly.
    expect(await refund(paymentId)).toMatchObject({
      status: 409,
      body: { message: 'This payment is already refunded.' },
    });
  });

  it('leaves a partial refund alone: the subjects stay', async () => {
    const { me, paymentId } = await bought();

    const res = await deliverRefund(
      { id: `rfnd_part${Date.now().toString(36)}`, payment_id: paymentId, amount: 100 },
      `evt_part_${Date.now()}`,
    );

    expect(res.status).toBe(200);
    expect((await history(me.token))[0].refund).toBeUndefined();
    expect(await owned(me.token)).toHaveLength(2);
  });

  it('answers 404 for an unknown payment and 400 without one', async () => {
    expect(await refund('pay_unknown12345')).toMatchObject({
      status: 404,
      body: { message: 'Payment not found.' },
    });
    expect(await refund(undefined)).toMatchObject({
      status: 400,
      body: { message: 'payment_id is required.' },
    });
  });
});
