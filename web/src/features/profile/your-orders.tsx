import { Link } from 'react-router-dom';
import { OrderDocuments } from '../../components/order-documents.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { day, rupee } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { links } from '../../lib/links.ts';
import { usePaymentHistory } from '../../lib/purchases-api.ts';
import { Trans } from '../../lib/trans.tsx';

/**
 * "Your orders": the learner's payments, newest first, each leading to its receipt, with its tax
 * invoice and, when refunded, the refund and its credit note.
 */
export function YourOrders() {
  const t = useT();
  const history = usePaymentHistory();
  return (
    <section className="card your-orders" aria-labelledby="orders-title">
      <h2 id="orders-title">{t('profile.orders')}</h2>
      <QueryState
        query={history}
        what={t('profile.ordersWhat')}
        skeleton="list"
        skeletonCount={2}
        empty={
          <p className="muted">
            <Trans id="profile.noOrders" components={{ 0: <Link to={links.boards()} /> }} />
          </p>
        }
      >
        {(rows) => (
          <ul className="orders">
            {rows.map((r) => (
              <li key={r.id} className="order-row">
                <div className="order-info">
                  <p>
                    <strong>
                      {r.subjects.map((s) => s.subject_name).join(', ') || t('profile.payment')}
                    </strong>
                  </p>
                  <p className="muted small">
                    {day(r.paid_at) || r.paid_at} · {r.order_id}
                  </p>
                </div>
                <span className="price">{rupee(r.payment_amount)}</span>
                <Link
                  to={links.payment(r.order_id)}
                  className="btn btn-small"
                  aria-label={t('profile.receiptOf', { order: r.order_id })}
                >
                  {t('profile.receipt')}
                </Link>
                <OrderDocuments row={r} pendingText={t('profile.invoicePending')} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
