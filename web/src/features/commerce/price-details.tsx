import { useId, useState, type FormEvent } from 'react';
import type { CartAnswer } from '@gia/shared';
import { INDIAN_STATES, SELLING_MESSAGES } from '@gia/shared/selling-rules.ts';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { rupee } from '../../lib/format.ts';
import { useApplyCoupon, useRemoveCoupon, useSaveState } from './api/cart.ts';

/** A coupon code box, or the code applied with its discount (or why it no longer applies). */
function CouponBox({ coupon }: { coupon: CartAnswer['coupon'] }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const apply = useApplyCoupon();
  const remove = useRemoveCoupon();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) return setProblem('Please enter a coupon code.');
    try {
      toast.success((await apply.mutateAsync(code)).message);
      setCode('');
      setProblem(undefined);
    } catch (err) {
      setProblem(errorMessage(err, 'Could not apply the coupon.'));
    }
  }

  if (coupon)
    return (
      <div className="coupon-applied">
        <p>
          <span>
            Coupon <strong>{coupon.code}</strong>
          </span>
          <button
            type="button"
            className="link-btn coupon-remove"
            onClick={() => remove.mutate()}
            disabled={remove.isPending}
          >
            Remove
          </button>
        </p>
        {coupon.problem && (
          <p className="form-error" role="alert">
            {coupon.problem}
          </p>
        )}
      </div>
    );
  return (
    <form className="coupon-form" onSubmit={submit} noValidate>
      <label htmlFor={id}>Coupon code</label>
      <div className="coupon-row">
        <input
          id={id}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={32}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
        />
        <button
          type="submit"
          className="btn"
          disabled={apply.isPending}
          aria-busy={apply.isPending}
        >
          Apply
        </button>
      </div>
      {problem && (
        <p className="form-error" id={`${id}-error`} role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

/** The learner's state: it decides whether the GST is CGST + SGST or IGST on their invoice. */
function StateSelect(props: { state: string; missing: boolean; onChoose(state: string): void }) {
  const id = useId();
  const save = useSaveState();
  return (
    <div className="field">
      <label htmlFor={id}>Your state (for the GST invoice)</label>
      <select
        id={id}
        value={props.state}
        aria-invalid={props.missing ? true : undefined}
        aria-describedby={props.missing ? `${id}-error` : undefined}
        onChange={(e) => {
          props.onChoose(e.target.value);
          save
            .mutateAsync(e.target.value)
            .catch((err: unknown) => toast.error(errorMessage(err, 'Could not save your state.')));
        }}
      >
        <option value="" disabled>
          Choose your state
        </option>
        {INDIAN_STATES.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </select>
      {props.missing && (
        <p className="form-error" id={`${id}-error`} role="alert">
          {SELLING_MESSAGES.stateRequired}
        </p>
      )}
    </div>
  );
}

/**
 * The cart's 'Price Details': how many subjects, the subtotal, the coupon and its discount, the
 * total with the GST inside it (split by the learner's state, asked here), and Checkout. Every
 * amount is the server's: the client never prices.
 */
export function PriceDetails(props: {
  count: number;
  cart: CartAnswer;
  checkingOut: boolean;
  /** `state`: the one chosen here, sent with the order (the profile may not have it yet). */
  onCheckout(state?: string): void;
}) {
  const { cart } = props;
  const [askState, setAskState] = useState(false);
  const [chosen, setChosen] = useState<string>();
  const gst = cart.tax !== null;
  const state = chosen ?? cart.buyer_state ?? '';
  const checkout = () => {
    // The state is asked before the order: it is printed on the invoice.
    if (gst && !state) return setAskState(true);
    props.onCheckout(chosen);
  };
  return (
    <aside className="card price-details" aria-label="Price Details">
      <h2>Price Details</h2>
      <p>
        Subjects: <strong>{props.count}</strong>
      </p>
      {cart.discount > 0 && (
        <p>
          Subtotal: <span className="price">{rupee(cart.subtotal)}</span>
        </p>
      )}
      <CouponBox coupon={cart.coupon} />
      {cart.discount > 0 && (
        <p className="discount">
          Discount: <span className="price">−{rupee(cart.discount)}</span>
        </p>
      )}
      <p>
        Total: <strong className="price">{rupee(cart.total)}</strong>
      </p>
      {cart.tax && (
        <p className="muted small tax-lines">
          <span>Includes GST ({cart.gst_rate_percent}%)</span>
          <span>
            {cart.tax.igst > 0
              ? `IGST ${rupee(cart.tax.igst)}`
              : `CGST ${rupee(cart.tax.cgst)} + SGST ${rupee(cart.tax.sgst)}`}
          </span>
        </p>
      )}
      {gst && <StateSelect state={state} missing={askState && !state} onChoose={setChosen} />}
      <button
        type="button"
        className="btn btn-primary btn-block"
        onClick={checkout}
        disabled={props.checkingOut}
        aria-busy={props.checkingOut}
      >
        Checkout
      </button>
    </aside>
  );
}
