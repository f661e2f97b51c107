import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { Order } from '../db/orders.ts';
import {
  markCreditNoteIssued,
  markInvoiceIssued,
  numberPayment,
  orderRecord,
  paymentRecord,
  type PaymentRecord,
} from '../db/invoices.ts';
import { env } from '../lib/env.ts';
import { logger } from '../lib/logger.ts';
import { mediaUrl } from '../lib/media.ts';
import { s3 } from '../lib/s3.ts';
import { INVOICE_PREFIX } from './files.ts';
import { documentNumber, financialYear, SERIES } from './numbering.ts';
import { renderInvoice } from './pdf.ts';

const invoiceKey = (userId: string, number: string) =>
  `${INVOICE_PREFIX}${userId}/${number.replaceAll('/', '-')}.pdf`;

/** Why a payment gets no invoice: it granted nothing, or it was priced before issue 18. */
export type NoInvoice = 'not-captured' | 'no-pricing' | 'no-seller' | 'missing';

/**
 * Issues the tax invoice of a captured payment: its number (the next of the financial year of
 * the payment, kept if it has one), its PDF stored under `private/invoices/<user>/`, and its
 * place on the payment row (`invoice_number`, `invoice_url`). Running it again for the same
 * payment renders the same invoice again and changes nothing else.
 */
export async function issueInvoice(
  userId: string,
  rowId: string,
): Promise<{ number: string; key: string } | NoInvoice> {
  const row = await paymentRecord(userId, rowId);
  if (!row) return 'missing';
  if (row.payment_status !== 'captured') return 'not-captured';
  const order = await orderRecord(row.order_id);
  if (!order?.pricing) return 'no-pricing';
  if (!order.seller) return 'no-seller';
  const year = financialYear(row.paid_at);
  const number = await numberPayment(row, SERIES.invoice, year, (n) =>
    documentNumber(SERIES.invoice, year, n),
  );
  const key = invoiceKey(userId, number);
  if (row.invoice_url === mediaUrl(key)) return { number, key };
  const pdf = await renderInvoice({
    kind: 'invoice',
    number,
    issued_at: row.paid_at,
    seller: order.seller,
    pricing: order.pricing,
    ...saleOf(row, order),
  });
  await storePdf(key, number, pdf);
  await markInvoiceIssued(row, mediaUrl(key), new Date().toISOString());
  logger.info('invoice issued', { invoice_number: number, payment_row: row.id });
  return { number, key };
}

/** A document's PDF, stored privately under its key and named by its number when downloaded. */
async function storePdf(key: string, number: string, pdf: Uint8Array) {
  await s3.send(
    new PutObjectCommand({
      Bucket: env().MEDIA_BUCKET,
      Key: key,
      Body: pdf,
      ContentType: 'application/pdf',
      ContentDisposition: `inline; filename="${number.replaceAll('/', '-')}.pdf"`,
    }),
  );
}

/** What an invoice and its credit note both print of the sale besides seller and pricing. */
const saleOf = (row: PaymentRecord, order: Order) => ({
  buyer: order.buyer ?? { name: '', email: '', state: null },
  order_id: order.order_id,
  payment_id: row.transaction_id,
  items: paidItems(row, order.items),
});

/** Why a refunded payment gets no credit note (yet). */
export type NoCreditNote = NoInvoice | 'not-refunded';

/**
 * Issues the credit note of a refunded payment (issue 18): its invoice first (issued now if the
 * stream has not got to it yet: the note references its number), then the credit note's number
 * (the next `GCN/` of the refund's financial year, kept if it has one), its PDF beside the
 * invoice, and its place on the row's refund (`credit_note_number`, `credit_note_url`). Running
 * it again changes nothing.
 */
export async function issueCreditNote(
  userId: string,
  rowId: string,
): Promise<{ number: string; key: string } | NoCreditNote> {
  const row = await paymentRecord(userId, rowId);
  if (!row) return 'missing';
  const refund = row.refund;
  if (refund?.status !== 'processed') return 'not-refunded';
  const invoice = await issueInvoice(userId, rowId);
  if (typeof invoice === 'string') return invoice;
  const order = await orderRecord(row.order_id);
  if (!order?.pricing || !order.seller) return 'no-pricing';
  const issuedAt = refund.processed_at ?? new Date().toISOString();
  const year = financialYear(issuedAt);
  const number = await numberPayment(
    row,
    SERIES.creditNote,
    year,
    (n) => documentNumber(SERIES.creditNote, year, n),
    'credit-note',
  );
  const key = invoiceKey(userId, number);
  if (refund.credit_note_url === mediaUrl(key)) return { number, key };
  const pdf = await renderInvoice({
    kind: 'credit-note',
    number,
    issued_at: issuedAt,
    invoice_number: invoice.number,
    seller: order.seller,
    pricing: order.pricing,
    ...saleOf(row, order),
  });
  await storePdf(key, number, pdf);
  await markCreditNoteIssued(row, mediaUrl(key));
  logger.info('credit note issued', { credit_note_number: number, invoice_number: invoice.number });
  return { number, key };
}

/** The order's items as the invoice lists them (paise, tax-inclusive). */
const paidItems = (
  _row: PaymentRecord,
  items: { subject_name: string; local_name?: string; subject_price: number }[],
) =>
  items.map((i) => ({
    // In the buyer's language where the subject had a name in it, with the catalogue's own.
    name: i.local_name ? `${i.local_name} (${i.subject_name})` : i.subject_name,
    price_paise: Math.round(i.subject_price * 100),
  }));
