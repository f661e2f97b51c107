import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CourseProgress, PaymentHistoryRow } from '@gia/shared';
import { OrderDocuments } from '../../components/order-documents.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { dayAndTime, rupee } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { links, useLinkParam } from '../../lib/links.ts';
import { useCourseProgress, usePaymentHistory } from '../../lib/purchases-api.ts';
import { Trans } from '../../lib/trans.tsx';
import { nextStep } from './my-courses-page.tsx';

/** How long the confirmation waits for the tax invoice before saying where it will be. */
export const INVOICE_WAIT_MS = 30_000;

/** A paid order's coupon and the GST inside its total (the order's pricing is in paise). */
function PricingLines({ pricing }: { pricing: NonNullable<PaymentHistoryRow['pricing']> }) {
  const t = useT();
  const r = (paise: number) => rupee(paise / 100);
  const { tax } = pricing;
  return (
    <dl className="receipt-facts receipt-pricing">
      {pricing.coupon && (
        <>
          <dt>{t('payment.coupon', { code: pricing.coupon.code })}</dt>
          <dd className="price">−{r(pricing.discount)}</dd>
        </>
      )}
      {tax.igst > 0 ? (
        <>
          <dt>{t('payment.igst', { rate: pricing.rate_percent })}</dt>
          <dd className="price">{r(tax.igst)}</dd>
        </>
      ) : (
        tax.cgst + tax.sgst > 0 && (
          <>
            <dt>{t('payment.cgstSgst', { rate: pricing.rate_percent })}</dt>
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
  const t = useT();
  return (
    <section className="card receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title">{t('payment.receipt')}</h2>
      <dl className="receipt-facts">
        <dt>{t('payment.order')}</dt>
        <dd className="receipt-id">{row.order_id}</dd>
        <dt>{t('payment.payment')}</dt>
        <dd className="receipt-id">{row.transaction_id}</dd>
        <dt>{t('payment.date')}</dt>
        <dd>{dayAndTime(row.paid_at)}</dd>
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
                aria-label={t('payment.startLearningSubject', { subject: s.subject_name })}
              >
                {t('payment.startLearning')}
              </Link>
            </li>
          );
        })}
      </ul>
      {row.pricing && row.subjects.length > 0 && <PricingLines pricing={row.pricing} />}
      <p className="receipt-total">
        <Trans
          id="payment.totalPaid"
          values={{ amount: rupee(row.payment_amount) }}
          components={{ 0: <strong className="price" /> }}
        />
      </p>
      <OrderDocuments
        row={row}
        pendingText={t(waiting ? 'payment.invoicePending' : 'payment.invoiceLater')}
      />
    </section>
  );
}

/** `/Payment?order=…`: the order confirmation a learner lands on after paying. */
function OrderConfirmation({ orderId }: { orderId: string }) {
  const t = useT();
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
      <PageHeading title={t(boughtNothing ? 'payment.received' : 'payment.successful')} />
      <QueryState
        query={history}
        what={t('payment.what')}
        skeleton="list"
        skeletonCount={3}
        isEmpty={(rows) => !rows.some((r) => r.order_id === orderId)}
        empty={
          <section className="empty cart-empty">
            <p>{t('payment.notFound')}</p>
            <Link to={links.myCourses()} className="btn btn-primary">
              {t('payment.myCourses')}
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
                  {t('payment.nowOwn', {
                    subjects: row.subjects.map((s) => s.subject_name).join(', '),
                  })}
                </p>
              ) : (
                <p className="notice" role="status">
                  {t('payment.nothingBought')}
                </p>
              )}
              <Receipt row={row} courses={byId} waiting={waiting} />
              <Link to={links.myCourses()} className="btn">
                {t('payment.myCourses')}
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
  const t = useT();
  const navigate = useNavigate();
  const orderId = useLinkParam('order');
  if (orderId) return <OrderConfirmation orderId={orderId} />;
  return (
    <section className="empty">
      <h1>{t('payment.successful')}</h1>
      <p>{t('payment.ready')}</p>
      <button type="button" className="btn btn-primary" onClick={() => navigate('/MyCourse')}>
        {t('payment.goToMyCourses')}
      </button>
    </section>
  );
}
