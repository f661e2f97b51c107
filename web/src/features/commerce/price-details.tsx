import { rupee } from '../../lib/format.ts';

/** The cart's 'Price Details': how many subjects, the total, and Checkout. */
export function PriceDetails(props: {
  count: number;
  total: number;
  checkingOut: boolean;
  onCheckout(): void;
}) {
  return (
    <aside className="card price-details">
      <h2>Price Details</h2>
      <p>
        Subjects: <strong>{props.count}</strong>
      </p>
      <p>
        Total: <strong className="price">{rupee(props.total)}</strong>
      </p>
      <button
        type="button"
        className="btn btn-primary btn-block"
        onClick={props.onCheckout}
        disabled={props.checkingOut}
        aria-busy={props.checkingOut}
      >
        Checkout
      </button>
    </aside>
  );
}
