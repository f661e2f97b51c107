import { useState } from 'react';
import type { Coupon } from '@gia/shared/admin-answers.ts';
import { confirmDialog } from '../../components/confirm.tsx';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { rupee } from '../../lib/format.ts';
import { AdminHeader } from './admin-header.tsx';
import { useCoupons, useDeleteCoupon, useSaveCoupon } from './api/selling.ts';
import { inputOf, SCOPES, type ScopeKey } from './coupon-fields.ts';
import { CouponForm, nameIn, useScopeChoices } from './coupon-form.tsx';
import type { Choice } from './searchable-select.tsx';

/** A moment as the list shows it: "26 Nov 2026, 10:00 am". */
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** Whether learners can use a coupon now, in a word. */
function stateOf(c: Coupon, now: number): { word: string; live: boolean } {
  if (!c.enabled) return { word: 'Disabled', live: false };
  if (now < Date.parse(c.valid_from)) return { word: 'Not yet valid', live: false };
  if (now > Date.parse(c.valid_to)) return { word: 'Expired', live: false };
  if (typeof c.max_uses === 'number' && c.uses >= c.max_uses)
    return { word: 'Used up', live: false };
  return { word: 'Enabled', live: true };
}

/** What a coupon takes off and when. */
const discountText = (c: Coupon) =>
  `${c.kind === 'percent' ? `${c.percent}%` : rupee((c.amount_paise ?? 0) / 100)} off` +
  (c.min_cart_paise ? ` carts of ${rupee(c.min_cart_paise / 100)} or more` : '');

/** One coupon of the list with its state and actions. */
function CouponRow(props: { coupon: Coupon; choices: Record<ScopeKey, Choice[]>; edit(): void }) {
  const c = props.coupon;
  const save = useSaveCoupon();
  const remove = useDeleteCoupon();
  const state = stateOf(c, Date.now());
  const held = (c.taken ?? c.uses) - c.uses;
  const run = async (what: Promise<{ message: string }>) => {
    try {
      toast.success((await what).message);
    } catch (err) {
      toast.error(errorMessage(err, 'The coupon cannot be changed now.'));
    }
  };
  const scope = SCOPES.filter((s) => (c[s.key] ?? []).length > 0).map(
    (s) =>
      `${s.label}: ${(c[s.key] ?? []).map((id) => nameIn(props.choices[s.key], id)).join(', ')}`,
  );
  return (
    <li className="card coupon-card">
      <p className="coupon-card-head">
        <strong className="coupon-code">{c.code}</strong>
        <span className={`coupon-state ${state.live ? 'is-live' : 'is-off'}`}>{state.word}</span>
      </p>
      <p className="coupon-facts">{discountText(c)}</p>
      <p className="coupon-facts muted small">
        Uses: {c.uses}
        {typeof c.max_uses === 'number' ? ` of ${c.max_uses}` : ' (no limit)'}
        {held > 0 && ` · ${held} held by open orders`} · {c.per_learner} per learner
      </p>
      <p className="coupon-facts muted small">
        {when(c.valid_from)} to {when(c.valid_to)}
      </p>
      <p className="coupon-facts muted small">
        {scope.length ? scope.join(' · ') : 'Applies to everything'}
      </p>
      <div className="admin-actions">
        <button
          type="button"
          className="btn btn-small"
          onClick={props.edit}
          aria-label={`Edit ${c.code}`}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={save.isPending}
          aria-label={`${c.enabled ? 'Disable' : 'Enable'} ${c.code}`}
          onClick={() =>
            void run(
              save.mutateAsync({ coupon: { ...inputOf(c), enabled: !c.enabled }, update: true }),
            )
          }
        >
          {c.enabled ? 'Disable' : 'Enable'}
        </button>
        <button
          type="button"
          className="btn btn-small"
          aria-label={`Delete ${c.code}`}
          onClick={async () => {
            if (
              await confirmDialog(
                `Delete the coupon ${c.code}? Learners can no longer use it; paid orders keep their discount.`,
              )
            )
              await run(remove.mutateAsync(c.code));
          }}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

/**
 * `/AdminCoupons` (issue 18): the coupons with their state (enabled, uses, validity), added and
 * changed in a dialog, enabled or disabled, deleted after a confirmation.
 */
export function CouponsPage() {
  const coupons = useCoupons();
  const choices = useScopeChoices();
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const list = coupons.data ?? [];
  return (
    <>
      <AdminHeader />
      <main className="admin-main coupons">
        <div className="dashboard-head">
          <h1>Coupons</h1>
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            Add a coupon
          </button>
        </div>
        {coupons.isPending ? (
          <p className="muted">Loading the coupons…</p>
        ) : coupons.isError ? (
          <p role="alert">
            {errorMessage(coupons.error, 'We couldn’t load the coupons.')}{' '}
            <button type="button" className="btn btn-small" onClick={() => void coupons.refetch()}>
              Try again
            </button>
          </p>
        ) : list.length === 0 ? (
          <p className="muted">No coupons yet. Add one for a school, a festival or a launch.</p>
        ) : (
          <ul className="coupon-list" aria-label="Coupons">
            {list.map((c) => (
              <CouponRow key={c.code} coupon={c} choices={choices} edit={() => setEditing(c)} />
            ))}
          </ul>
        )}
      </main>
      {editing && (
        <CouponForm
          coupon={editing === 'new' ? undefined : editing}
          choices={choices}
          close={() => setEditing(null)}
        />
      )}
    </>
  );
}
