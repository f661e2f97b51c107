import type { PaidSubject, PaymentRefund } from '@gia/shared/learner-answers.ts';
import { paymentRows } from '../../db/learner.ts';
import { signedMediaUrl } from '../../lib/media.ts';
import { readingLanguage } from '../../lib/reading-language.ts';
import { subjectCards } from '../entitlement/index.ts';

/** A subject as recorded with its payment (its name and price then). */
type PaidItem = PaidSubject;

/**
 * The learner's payments, newest first: each a receipt whose subjects carry their class and board
 * names as they are now (one Query, then one BatchGet for every subject of every payment), with
 * its tax invoice (`invoice_number`, and `invoice_url` signed) once issued, and its refund (the
 * credit note's URL signed) once an admin refunded it.
 */
export async function paymentHistory(userId: string) {
  const rows = await paymentRows(userId);
  const paid = rows.flatMap((r) => (Array.isArray(r.subjects) ? (r.subjects as PaidItem[]) : []));
  const cards = await subjectCards(paid);
  // In Kannada or Hindi a subject is named as the catalogue gives it in that language (English
  // keeps the name it was paid under, as the invoice does).
  const language = readingLanguage();
  const renamed = language !== undefined && language !== 'en';
  // The invoice once its PDF is stored (a moment after the payment), signed for an hour.
  const invoices = await Promise.all(
    rows.map((r) => (r.invoice_url ? signedMediaUrl(r.invoice_url) : null)),
  );
  // A refund's credit note likewise, once stored (issue 18).
  const creditNotes = await Promise.all(
    rows.map((r) => {
      const url = (r.refund as PaymentRefund | undefined)?.credit_note_url;
      return url ? signedMediaUrl(url) : null;
    }),
  );
  return rows.map((r, n) => ({
    ...r,
    invoice_number: invoices[n] ? (r.invoice_number ?? null) : null,
    invoice_url: invoices[n],
    ...(r.refund ? { refund: refundShown(r.refund as PaymentRefund, creditNotes[n] ?? null) } : {}),
    subjects: (Array.isArray(r.subjects) ? (r.subjects as PaidItem[]) : []).map((item) => {
      const card = cards.get(item.subject_id);
      if (!card) return item;
      const named = { ...item, class_name: card.class_name, board_name: card.board_name };
      return renamed ? { ...named, subject_name: card.subject_name } : named;
    }),
  }));
}

/** A refund as the learner sees it: the credit note's number and signed URL once it is stored. */
const refundShown = (refund: PaymentRefund, signedUrl: string | null): PaymentRefund => ({
  ...refund,
  credit_note_number: signedUrl ? (refund.credit_note_number ?? null) : null,
  credit_note_url: signedUrl,
});
