import { useId, useState, type FormEvent } from 'react';
import type { CartAnswer } from '@gia/shared';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { rupee } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { Trans } from '../../lib/trans.tsx';
import { useApplyCoupon, useRemoveCoupon, useSaveState } from './api/cart.ts';
import { serverText } from '../../lib/server-text.ts';
import { useStates } from '../../lib/state-names.ts';

/** A coupon code box, or the code applied with its discount (or why it no longer applies). */
function CouponBox({ coupon }: { coupon: CartAnswer['coupon'] }) {
  const t = useT();
  const id = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const apply = useApplyCoupon();
  const remove = useRemoveCoupon();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) return setProblem(t('cart.couponMissing'));
    try {
      toast.success(serverText(await apply.mutateAsync(code)));
      setCode('');
      setProblem(undefined);
    } catch (err) {
      setProblem(errorMessage(err, t('cart.couponFailed')));
    }
  }

  if (coupon)
    return (
      <div className="coupon-applied">
        <p>
          <span>
            <Trans
              id="cart.couponApplied"
              values={{ code: coupon.code }}
              components={{ 0: <strong /> }}
            />
          </span>
          <button
            type="button"
            className="link-btn coupon-remove"
            onClick={() => remove.mutate()}
            disabled={remove.isPending}
          >
            {t('cart.couponRemove')}
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
      <label htmlFor={id}>{t('cart.couponCode')}</label>
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
          {t('cart.couponApply')}
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
  const t = useT();
  const states = useStates();
  const id = useId();
  const save = useSaveState();
  return (
    <div className="field">
      <label htmlFor={id}>{t('cart.state')}</label>
      <select
        id={id}
        value={props.state}
        aria-invalid={props.missing ? true : undefined}
        aria-describedby={props.missing ? `${id}-error` : undefined}
        onChange={(e) => {
          props.onChoose(e.target.value);
          save
            .mutateAsync(e.target.value)
            .catch((err: unknown) => toast.error(errorMessage(err, t('cart.stateSaveFailed'))));
        }}
      >
        <option value="" disabled>
          {t('cart.chooseState')}
        </option>
        {states.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </select>
      {props.missing && (
        <p className="form-error" id={`${id}-error`} role="alert">
          {t('cart.stateRequired')}
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
  const t = useT();
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
    <aside className="card price-details" aria-label={t('cart.priceDetails')}>
      <h2>{t('cart.priceDetails')}</h2>
      <p>
        <Trans id="cart.subjects" values={{ count: props.count }} components={{ 0: <strong /> }} />
      </p>
      {cart.discount > 0 && (
        <p>
          <Trans
            id="cart.subtotal"
            values={{ amount: rupee(cart.subtotal) }}
            components={{ 0: <span className="price" /> }}
          />
        </p>
      )}
      <CouponBox coupon={cart.coupon} />
      {cart.discount > 0 && (
        <p className="discount">
          <Trans
            id="cart.discount"
            values={{ amount: rupee(cart.discount) }}
            components={{ 0: <span className="price" /> }}
          />
        </p>
      )}
      <p>
        <Trans
          id="cart.total"
          values={{ amount: rupee(cart.total) }}
          components={{ 0: <strong className="price" /> }}
        />
      </p>
      {cart.tax && (
        <p className="muted small tax-lines">
          <span>{t('cart.includesGst', { rate: cart.gst_rate_percent })}</span>
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
        {t('cart.checkout')}
      </button>
    </aside>
  );
}
