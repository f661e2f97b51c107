import { Link } from 'react-router-dom';
import { OrderDocuments } from '../../components/order-documents.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { rupee } from '../../lib/format.ts';
import { links } from '../../lib/links.ts';
import { usePaymentHistory } from '../../lib/purchases-api.ts';

/** A payment's date, as people in India write it. */
const day = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString('en-IN', { dateStyle: 'medium' });
};

/**
 * "Your orders": the learner's payments, newest first, each leading to its receipt, with its tax
 * invoice and, when refunded, the refund and its credit note.
 */
export function YourOrders() {
  const history = usePaymentHistory();
  return (
    <section className="card your-orders" aria-labelledby="orders-title">
      <h2 id="orders-title">Your orders</h2>
      <QueryState
        query={history}
        what="your orders"
        skeleton="list"
        skeletonCount={2}
        empty={
          <p className="muted">
            No orders yet. <Link to={links.boards()}>Find a subject to learn</Link>
          </p>
        }
      >
        {(rows) => (
          <ul className="orders">
            {rows.map((r) => (
              <li key={r.id} className="order-row">
                <div className="order-info">
                  <p>
                    <strong>{r.subjects.map((s) => s.subject_name).join(', ') || 'Payment'}</strong>
                  </p>
                  <p className="muted small">
                    {day(r.paid_at)} · {r.order_id}
                  </p>
                </div>
                <span className="price">{rupee(r.payment_amount)}</span>
                <Link
                  to={links.payment(r.order_id)}
                  className="btn btn-small"
                  aria-label={`Receipt of ${r.order_id}`}
                >
                  Receipt
                </Link>
                <OrderDocuments row={r} pendingText="Tax invoice being prepared." />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
