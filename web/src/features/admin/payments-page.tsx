import { useState } from 'react';
import type { AdminPaymentRow } from '@gia/shared';
import { confirmDialog } from '../../components/confirm.tsx';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { rupee } from '../../lib/format.ts';
import { AdminHeader } from './admin-header.tsx';
import { usePayments, useRefundPayment } from './api/payments.ts';
import { dayMonthYear } from './format.ts';

/** Where a payment stands: captured, its refund asked for, or refunded (with the credit note). */
function RefundState({ row }: { row: AdminPaymentRow }) {
  const { refund } = row;
  if (!refund) return <span className="payment-state">Captured</span>;
  if (refund.status === 'pending')
    return (
      <span className="payment-state payment-pending">Refund pending Razorpay’s confirmation</span>
    );
  return (
    <span className="payment-state payment-refunded">
      Refunded {rupee(refund.amount / 100)} on {dayMonthYear(refund.processed_at)}
      {refund.credit_note_number ? ` · Credit note ${refund.credit_note_number}` : ''}
    </span>
  );
}

/** `/AdminPayments`: the captured payments, newest first, each refundable once. */
export function PaymentsPage() {
  const payments = usePayments();
  const refund = useRefundPayment();
  const rows = payments.data?.pages.flatMap((p) => p.data) ?? [];
  // The server's reason for the last refused refund, shown on that payment's card.
  const [refused, setRefused] = useState<{ paymentId: string; message: string }>();

  async function refundRow(row: AdminPaymentRow) {
    const who = row.learner_name || row.learner_email || 'the learner';
    const question =
      `Refund ${rupee(row.payment_amount)} to ${who}? ` +
      'The subjects of this payment will be taken back once Razorpay confirms the refund.';
    if (!(await confirmDialog(question))) return;
    setRefused(undefined);
    try {
      toast.success((await refund.mutateAsync(row.payment_id)).message);
    } catch (err) {
      setRefused({
        paymentId: row.payment_id,
        message: errorMessage(err, 'The refund failed. Please try again.'),
      });
    }
  }

  return (
    <>
      <AdminHeader />
      <main className="admin-main">
        <section className="card">
          <h1>Payments</h1>
          <p className="muted small">Captured payments, newest first.</p>
        </section>
        {payments.isLoading ? (
          <p>Loading...</p>
        ) : payments.isError ? (
          <p className="empty">
            {errorMessage(payments.error, 'The payments could not be loaded.')}
          </p>
        ) : !rows.length ? (
          <p className="empty">No payments yet.</p>
        ) : (
          <ul className="payment-list" aria-label="Payments">
            {rows.map((row) => (
              <li key={row.id} className="card payment-card" aria-label={row.payment_id}>
                <div className="payment-head">
                  <div>
                    <p className="payment-learner">{row.learner_name || 'N/A'}</p>
                    <p className="muted small">{row.learner_email}</p>
                  </div>
                  <p className="payment-total">{rupee(row.payment_amount)}</p>
                </div>
                <ul className="payment-subjects">
                  {row.subjects.map((s) => (
                    <li key={s.subject_id}>{s.subject_name}</li>
                  ))}
                </ul>
                <dl className="payment-facts small">
                  <dt>Paid</dt>
                  <dd>{dayMonthYear(row.paid_at)}</dd>
                  <dt>Invoice</dt>
                  <dd>{row.invoice_number ?? 'Being issued'}</dd>
                  <dt>Payment</dt>
                  <dd>{row.payment_id}</dd>
                </dl>
                <div className="payment-foot">
                  <RefundState row={row} />
                  {!row.refund && (
                    <button
                      type="button"
                      className="btn btn-small btn-danger"
                      disabled={refund.isPending && refund.variables === row.payment_id}
                      onClick={() => void refundRow(row)}
                    >
                      Refund
                    </button>
                  )}
                </div>
                {refused?.paymentId === row.payment_id && (
                  <p className="form-error" role="alert">
                    {refused.message}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
        {payments.hasNextPage && (
          <button
            type="button"
            className="btn"
            disabled={payments.isFetchingNextPage}
            onClick={() => void payments.fetchNextPage()}
          >
            Load more
          </button>
        )}
      </main>
    </>
  );
}
