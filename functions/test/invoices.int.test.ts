import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it, inject } from 'vitest';
import { api, newLearner, routePath, tableClient } from './api.ts';
import { shopCatalogue, signedInAdmin } from './fixtures.ts';

/*
 * Issue 18: every paid order gets a tax invoice, made by the invoice function from the table's
 * stream (the local stack's poller stands in for the event source mapping), numbered
 * consecutively per financial year and downloadable from the payment history.
 */

const call = api();
const admin = signedInAdmin(call);
const stack = inject('stack');

/** A learner in a state buys a shop's physics (₹300) and biology (₹150.50) at the local gateway. */
async function buyShop(
  me: { token: string },
  shop: Awaited<ReturnType<typeof shopCatalogue>>,
  state: string,
) {
  for (const subject_id of [shop.physics.subject_id, shop.biology.subject_id])
    await call('POST', routePath('cart.insert'), { token: me.token, body: { subject_id } });
  const order = (
    await call('POST', routePath('payments.process'), { token: me.token, body: { state } })
  ).body.data;
  const paid = (
    await call('POST', routePath('local.razorpay.pay'), { body: { order_id: order.order_id } })
  ).body;
  await call('POST', routePath('payments.record'), { token: me.token, body: paid });
  return order;
}

/** A new learner in a state buys physics and biology of a new shop; answers them and the order. */
async function buyAs(state: string, name: string) {
  const shop = await shopCatalogue(admin.post);
  const me = await newLearner(call, name);
  return { me, order: await buyShop(me, shop, state) };
}

/** The learner's newest payment once its invoice is issued (the stream is asynchronous). */
async function invoicedRow(token: string) {
  for (let i = 0; i < 100; i++) {
    const [row] = (await call('GET', routePath('purchases.getpayment_history'), { token })).body
      .data;
    if (row?.invoice_url) return row;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no invoice within 20 s');
}

async function pdfText(url: string) {
  const res = await fetch(new URL(url, stack.url));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await res.arrayBuffer());
  const raw = new TextDecoder('latin1').decode(bytes);
  expect(raw.slice(0, 5)).toBe('%PDF-');
  // pdf.js takes the bytes' buffer: decode them first.
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), raw };
}

describe('tax invoices', () => {
  it('are issued for a Karnataka buyer with CGST + SGST, in rupees and words, with Noto fonts', async () => {
    const { me } = await buyAs('29', 'Kavya Rao');
    const row = await invoicedRow(me.token);

    expect(row.invoice_number).toMatch(/^GIA\/\d{2}-\d{2}\/\d{6}$/);
    expect(row.invoice_number).toHaveLength(16);
    const { text, raw } = await pdfText(row.invoice_url);
    for (const part of [
      'Tax Invoice',
      row.invoice_number,
      'GIA School Private Limited',
      'GSTIN: 29AABCG1234H1Z5',
      'Kavya Rao',
      'Place of supply: Karnataka (29)',
      '999293',
      '₹300.00',
      '₹150.50',
      'Taxable value ₹381.78',
      'CGST @ 9% ₹34.36',
      'SGST @ 9% ₹34.36',
      'Total ₹450.50',
      'Four Hundred Fifty Rupees And Fifty Paise Only',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('IGST');
    expect(raw).toContain('NotoSans');
  });

  it('put the whole GST as IGST for a Delhi buyer', async () => {
    const { me } = await buyAs('07', 'Arjun Mehta');
    const { text } = await pdfText((await invoicedRow(me.token)).invoice_url);
    expect(text).toContain('Place of supply: Delhi (07)');
    expect(text).toContain('IGST @ 18% ₹68.72');
    expect(text).not.toContain('CGST');
  });

  it('set a learner’s name in Devanagari and Kannada in their own Noto fonts', async () => {
    Object.assign(process.env, stack.env);
    const { renderInvoice } = await import('../src/invoices/pdf.ts');
    const pdf = await renderInvoice({
      kind: 'invoice',
      number: 'GIA/26-27/000009',
      issued_at: '2026-11-24T10:00:00Z',
      seller: {
        legal_name: 'GIA School Private Limited',
        gstin: '29AABCG1234H1Z5',
        state: '29',
        address: 'Bengaluru',
        sac: '999293',
        gst_rate_percent: 18,
      },
      buyer: { name: 'प्रिया शर्मा / ಕೃಷ್ಣ', email: 'p@example.in', state: '29' },
      order_id: 'order_1',
      payment_id: 'pay_1',
      items: [{ name: 'ಕನ್ನಡ ವ್ಯಾಕರಣ (Kannada grammar)', price_paise: 10_000 }],
      pricing: {
        subtotal: 10_000,
        discount: 0,
        taxable: 8475,
        tax: { cgst: 762, sgst: 763, igst: 0 },
        total: 10_000,
        rate_percent: 18,
        coupon: null,
      },
    });
    const raw = new TextDecoder('latin1').decode(pdf);
    expect(raw).toContain('NotoSansDevanagari');
    expect(raw).toContain('NotoSansKannada');
  });
});

describe('an invoice in the learner’s language (issue 33)', () => {
  it('names a subject in the language the learner chose, beside its own name, where it has one', async () => {
    const shop = await shopCatalogue(admin.post);
    await admin.post('updateSubjects', {
      subject_id: shop.physics.subject_id,
      subject_name: shop.physics.subject_name,
      class_id: shop.physics.class_id,
      price: 300,
      translations: { kn: { subject_name: 'ಭೌತಶಾಸ್ತ್ರ' } },
    });
    const me = await newLearner(call, 'Kannada Buyer');
    await call('PUT', routePath('profile.update'), {
      token: me.token,
      body: {
        user_mobile: '9876543210',
        user_name: 'Kannada Buyer',
        email: me.email,
        dob: '2010-05-04',
        course_of_study: 'Class 8',
        language: 'kn',
      },
    });
    await buyShop(me, shop, '29');
    const { text, raw } = await pdfText((await invoicedRow(me.token)).invoice_url);
    // Physics in Kannada, set in its own face, with its catalogue name; biology has no Kannada name.
    expect(text).toContain(`(${shop.physics.subject_name})`);
    expect(raw).toContain('NotoSansKannada');
    expect(text).toContain(shop.biology.subject_name);
    expect(text).not.toContain(`(${shop.biology.subject_name})`);
  });
});

describe('invoice numbers', () => {
  it('are consecutive and distinct for 200 payments numbered at once by 4 function instances', async () => {
    Object.assign(process.env, stack.env);
    const { numberPayment, numberer } = await import('../src/db/invoices.ts');
    // Each instance numbers its payments in turn; the 4 race each other for the counter.
    const instances = Array.from({ length: 4 }, () => numberer());
    const db = tableClient();
    const series = `T${Date.now().toString(36).toUpperCase()}`;
    const rows = Array.from({ length: 200 }, (_, i) => ({
      id: `row-${series}-${i}`,
      user_id: series,
    }));
    await Promise.all(
      rows.map((r) =>
        db.send(
          new PutCommand({
            TableName: stack.tableName,
            Item: { pk: `USER#${r.user_id}`, sk: `PAYMENT#${r.id}`, ...r },
          }),
        ),
      ),
    );

    const numbers = await Promise.all(
      rows.map((r, i) => instances[i % 4]!(r, series, '26-27', (n) => `${series}/26-27/${n}`)),
    );
    // A second run for a row (a retried stream record) keeps its number.
    expect(await numberPayment(rows[7]!, series, '26-27', (n) => `x${n}`)).toBe(numbers[7]);

    const serials = numbers.map((n) => Number(n.split('/').pop())).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  }, 120_000);
});
