import type { PaymentHistoryRow } from '@gia/shared';
import { day, rupee } from '../lib/format.ts';
import { t, useT } from '../lib/i18n.ts';
import { invoicePending } from '../lib/purchases-api.ts';
import { Trans } from '../lib/trans.tsx';

/*
 * A paid order's documents (issue 18): its tax invoice once issued, and its refund with the
 * credit note. The receipt (commerce) and Your orders (profile) both show them.
 */

/** A document number as a file name: `GIA/26-27/000001` → `GIA-26-27-000001.pdf`. */
const fileName = (number: string) => `${number.replaceAll('/', '-')}.pdf`;

/** What the refund line says: "Refunded ₹400 on 26 Nov 2026", or that it is in progress. */
export function refundText(refund: NonNullable<PaymentHistoryRow['refund']>): string {
  if (refund.status !== 'processed') return t('orders.refundInProgress');
  const date = day(refund.processed_at ?? refund.requested_at);
  const amount = rupee(refund.amount / 100);
  return date ? t('orders.refundedOn', { amount, date }) : t('orders.refunded', { amount });
}

/** A link that downloads one PDF, named by its document number. */
function DocumentLink(props: { what: string; number: string | null | undefined; url: string }) {
  const label = props.number ? `${props.what} ${props.number}` : props.what;
  return (
    <a
      className="btn btn-small order-document"
      href={props.url}
      download={props.number ? fileName(props.number) : true}
    >
      {label}
    </a>
  );
}

/**
 * The invoice link (or, while it is made, `pendingText`), then the refund and its credit note.
 * Nothing for a payment that has none of them.
 */
export function OrderDocuments({
  row,
  pendingText,
}: {
  row: PaymentHistoryRow;
  pendingText?: string;
}) {
  const t = useT();
  const { refund } = row;
  const pending = invoicePending(row);
  const refused = row.refund_reason === 'coupon_used_up';
  if (!row.invoice_url && !pending && !refund && !refused) return null;
  return (
    <div className="order-documents">
      {refused && !refund && (
        <p className="order-refund is-pending" role="status">
          <Trans
            id="orders.refundDue"
            values={{ amount: rupee(row.refund_amount ?? row.payment_amount) }}
            components={{ 0: <strong /> }}
          />
        </p>
      )}
      {row.invoice_url ? (
        <DocumentLink
          what={t('orders.downloadInvoice')}
          number={row.invoice_number}
          url={row.invoice_url}
        />
      ) : (
        pending && (
          <p className="muted small" role="status">
            {pendingText ?? t('orders.invoicePending')}
          </p>
        )
      )}
      {refund && (
        <p className={`order-refund is-${refund.status}`}>
          <strong>{refundText(refund)}</strong>
        </p>
      )}
      {refund?.credit_note_url && (
        <DocumentLink
          what={t('orders.downloadCreditNote')}
          number={refund.credit_note_number}
          url={refund.credit_note_url}
        />
      )}
    </div>
  );
}
