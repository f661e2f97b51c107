import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CourseProgress, PaymentHistoryRow } from '@gia/shared';
import { OrderDocuments } from '../../components/order-documents.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { rupee } from '../../lib/format.ts';
import { links, useLinkParam } from '../../lib/links.ts';
import { useCourseProgress, usePaymentHistory } from '../../lib/purchases-api.ts';
import { nextStep } from './my-courses-page.tsx';

/** How long the confirmation waits for the tax invoice before saying where it will be. */
export const INVOICE_WAIT_MS = 30_000;

/** When a payment was made, as people in India write it. */
const paidOn = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
};

/** A paid order's coupon and the GST inside its total (the order's pricing is in paise). */
function PricingLines({ pricing }: { pricing: NonNullable<PaymentHistoryRow['pricing']> }) {
  const r = (paise: number) => rupee(paise / 100);
  const { tax } = pricing;
  return (
    <dl className="receipt-facts receipt-pricing">
      {pricing.coupon && (
        <>
          <dt>Coupon {pricing.coupon.code}</dt>
          <dd className="price">−{r(pricing.discount)}</dd>
        </>
      )}
      {tax.igst > 0 ? (
        <>
          <dt>IGST ({pricing.rate_percent}%, included)</dt>
          <dd className="price">{r(tax.igst)}</dd>
        </>
      ) : (
        tax.cgst + tax.sgst > 0 && (
          <>
            <dt>CGST + SGST ({pricing.rate_percent}%, included)</dt>
            <dd className="price">
              {r(tax.cgst)} + {r(tax.sgst)}
            </dd>
          </>
        )
      )}
    </dl>
  );
}

/** The receipt of one payment: order, payment, date, each subject with its price, the total. */
function Receipt({
  row,
  courses,
  waiting,
}: {
  row: PaymentHistoryRow;
  courses: Map<string, CourseProgress>;
  /** Still reading the payment again for its invoice (false: it is taking longer). */
  waiting: boolean;
}) {
  return (
    <section className="card receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title">Receipt</h2>
      <dl className="receipt-facts">
        <dt>Order</dt>
        <dd className="receipt-id">{row.order_id}</dd>
        <dt>Payment</dt>
        <dd className="receipt-id">{row.transaction_id}</dd>
        <dt>Date</dt>
        <dd>{paidOn(row.paid_at)}</dd>
      </dl>
      <ul className="receipt-items">
        {row.subjects.map((s) => {
          const course = courses.get(s.subject_id);
          return (
            <li key={s.subject_id} className="receipt-item">
              <div className="receipt-item-info">
                <h3>{s.subject_name}</h3>
                {(s.class_name || s.board_name) && (
                  <p className="muted small">
                    {[s.class_name, s.board_name].filter(Boolean).join(' · ')}
                  </p>
                )}
              </div>
              <span className="price">{rupee(s.subject_price)}</span>
              <Link
                to={course ? nextStep(course).to : links.subSubjects(s.subject_id)}
                className="btn btn-primary btn-small"
                aria-label={`Start learning ${s.subject_name}`}
              >
                Start learning
              </Link>
            </li>
          );
        })}
      </ul>
      {row.pricing && row.subjects.length > 0 && <PricingLines pricing={row.pricing} />}
      <p className="receipt-total">
        Total paid <strong className="price">{rupee(row.payment_amount)}</strong>
      </p>
      <OrderDocuments
        row={row}
        pendingText={
          waiting
            ? 'Your tax invoice is being prepared.'
            : 'Your tax invoice is being prepared. It will be in Your orders on your profile in a few minutes.'
        }
      />
    </section>
  );
}

/** `/Payment?order=…`: the order confirmation a learner lands on after paying. */
function OrderConfirmation({ orderId }: { orderId: string }) {
  // The invoice is made a moment after the payment: read the payment again until it is there,
  // for up to INVOICE_WAIT_MS.
  const [waiting, setWaiting] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setWaiting(false), INVOICE_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const history = usePaymentHistory(waiting ? orderId : null);
  const courses = useCourseProgress();
  const byId = new Map((courses.data ?? []).map((c) => [c.subject_id, c]));
  // A payment that granted nothing (its coupon was used up, or every subject was owned already)
  // is received and refunded, not a purchase.
  const boughtNothing = history.data?.find((r) => r.order_id === orderId)?.subjects.length === 0;
  return (
    <>
      <PageHeading title={boughtNothing ? 'Payment received' : 'Payment successful'} />
      <QueryState
        query={history}
        what="your receipt"
        skeleton="list"
        skeletonCount={3}
        isEmpty={(rows) => !rows.some((r) => r.order_id === orderId)}
        empty={
          <section className="empty cart-empty">
            <p>We could not find this order among your payments.</p>
            <Link to={links.myCourses()} className="btn btn-primary">
              My Courses
            </Link>
          </section>
        }
      >
        {(rows) => {
          const row = rows.find((r) => r.order_id === orderId)!;
          return (
            <div className="confirmation">
              {row.subjects.length ? (
                <p className="notice" role="status">
                  You now own {row.subjects.map((s) => s.subject_name).join(', ')}. Start learning
                  whenever you like: your subjects are also in My Courses.
                </p>
              ) : (
                <p className="notice" role="status">
                  Nothing was bought with this payment. It will be refunded in full.
                </p>
              )}
              <Receipt row={row} courses={byId} waiting={waiting} />
              <Link to={links.myCourses()} className="btn">
                My Courses
              </Link>
            </div>
          );
        }}
      </QueryState>
    </>
  );
}

/**
 * `/Payment`: with `?order=…`, the confirmation and receipt of that order; without it, the
 * specification's legacy screen.
 */
export function PaymentPage() {
  const navigate = useNavigate();
  const orderId = useLinkParam('order');
  if (orderId) return <OrderConfirmation orderId={orderId} />;
  return (
    <section className="empty">
      <h1>Payment successful</h1>
      <p>Your subjects are ready in My Courses.</p>
      <button type="button" className="btn btn-primary" onClick={() => navigate('/MyCourse')}>
        Go to My Courses
      </button>
    </section>
  );
}
