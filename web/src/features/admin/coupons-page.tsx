import { useState, type FormEvent } from 'react';
import type { CatalogueEntity } from '@gia/shared/catalogue-tree.ts';
import { COUPON_MESSAGES as C, type InsertCouponInput } from '@gia/shared/selling.ts';
import type { Coupon } from '@gia/shared/admin-answers.ts';
import { confirmDialog } from '../../components/confirm.tsx';
import { Modal, ModalActions } from '../../components/modal.tsx';
import { errorId, hintId, TextField } from '../../components/text-field.tsx';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { fieldProblems, type Problem } from '../../lib/field-problems.ts';
import { rupee } from '../../lib/format.ts';
import { AdminHeader } from './admin-header.tsx';
import { useCatalogueList } from './api/catalogue.ts';
import { useCoupons, useDeleteCoupon, useSaveCoupon } from './api/selling.ts';
import { contextLabel } from './context-label.ts';
import { SearchableSelect, type Choice } from './searchable-select.tsx';

/** What a coupon may be limited to, in the catalogue's words. */
const SCOPES = [
  { entity: 'board', key: 'board_ids', label: 'Boards', one: 'a board', id: 'board_id' },
  { entity: 'class', key: 'class_ids', label: 'Classes', one: 'a class', id: 'class_id' },
  { entity: 'subject', key: 'subject_ids', label: 'Subjects', one: 'a subject', id: 'subject_id' },
] as const satisfies readonly {
  entity: CatalogueEntity;
  key: keyof InsertCouponInput;
  label: string;
  one: string;
  id: string;
}[];
type ScopeKey = (typeof SCOPES)[number]['key'];

const FIELDS = [
  'code',
  'kind',
  'percent',
  'amount',
  'min_cart',
  'valid_from',
  'valid_to',
  'max_uses',
  'per_learner',
  'scope',
] as const;
type FieldName = (typeof FIELDS)[number];
type Errors = Partial<Record<FieldName, string>>;

/** The form's state as the inputs hold it: amounts in rupees, dates in the admin's local time. */
interface FormState extends Record<ScopeKey, string[]> {
  code: string;
  kind: 'percent' | 'flat';
  percent: string;
  amount: string;
  min_cart: string;
  valid_from: string;
  valid_to: string;
  max_uses: string;
  per_learner: string;
  enabled: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a `datetime-local` input holds it (the admin's local time, to the minute). */
export function localInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as an ISO time (blank or unreadable: as typed, the server names it). */
const isoOf = (local: string) => {
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
};

/** Paise as the form shows them in rupees: 10000 → "100", 4950 → "49.50". */
const rupeesText = (paise: number | undefined) =>
  paise === undefined ? '' : paise % 100 ? (paise / 100).toFixed(2) : String(paise / 100);

const RUPEES = /^\d{1,7}(\.\d{1,2})?$/;
const RUPEES_FORMAT = 'Type an amount in rupees, such as 50 or 49.50.';
const USES_FORMAT = 'Type a whole number of 1 or more, or leave it blank for no limit.';

/** Rupees typed as paise (blank: `blank`); undefined when not an amount. */
const paiseOf = (text: string, blank?: number) => {
  const t = text.trim().replace(/^₹\s*/, '').replaceAll(',', '');
  if (t === '') return blank;
  return RUPEES.test(t) ? Math.round(Number(t) * 100) : undefined;
};

function formOf(c?: Coupon): FormState {
  const now = new Date();
  now.setSeconds(0, 0);
  const month = new Date(now.getTime() + 30 * 86_400_000);
  return {
    code: c?.code ?? '',
    kind: c?.kind ?? 'percent',
    percent: c?.percent === undefined ? '' : String(c.percent),
    amount: rupeesText(c?.amount_paise),
    min_cart: c?.min_cart_paise ? rupeesText(c.min_cart_paise) : '',
    valid_from: localInput(c?.valid_from ?? now.toISOString()),
    valid_to: localInput(c?.valid_to ?? month.toISOString()),
    max_uses: typeof c?.max_uses === 'number' ? String(c.max_uses) : '',
    per_learner: String(c?.per_learner ?? 1),
    board_ids: [...(c?.board_ids ?? [])],
    class_ids: [...(c?.class_ids ?? [])],
    subject_ids: [...(c?.subject_ids ?? [])],
    enabled: c?.enabled ?? true,
  };
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The coupon the API takes, or the amounts that are not amounts (checked here: rupees → paise). */
function couponOf(f: FormState): { coupon: InsertCouponInput } | { errors: Errors } {
  const amount = paiseOf(f.amount);
  const minCart = paiseOf(f.min_cart, 0);
  const errors: Errors = {};
  if (f.kind === 'flat' && amount === undefined) errors.amount = RUPEES_FORMAT;
  if (minCart === undefined) errors.min_cart = RUPEES_FORMAT;
  // Blank is "no limit" (null): anything else must be a count, never read as no limit.
  const maxUses = f.max_uses.trim();
  if (maxUses !== '' && !/^[1-9]\d{0,8}$/.test(maxUses)) errors.max_uses = USES_FORMAT;
  if (Object.keys(errors).length) return { errors };
  return {
    coupon: {
      code: f.code,
      kind: f.kind,
      ...(f.kind === 'percent'
        ? { percent: f.percent.trim() === '' ? undefined : numberOf(f.percent) }
        : { amount_paise: amount }),
      min_cart_paise: minCart ?? 0,
      valid_from: isoOf(f.valid_from),
      valid_to: isoOf(f.valid_to),
      max_uses: maxUses === '' ? null : Number(maxUses),
      per_learner: numberOf(f.per_learner),
      board_ids: f.board_ids,
      class_ids: f.class_ids,
      subject_ids: f.subject_ids,
      enabled: f.enabled,
    },
  };
}

/** A stored coupon as the API takes it back (its counts and times are the server's). */
const inputOf = (c: Coupon): InsertCouponInput => ({
  code: c.code,
  kind: c.kind,
  ...(c.kind === 'percent' ? { percent: c.percent } : { amount_paise: c.amount_paise }),
  min_cart_paise: c.min_cart_paise,
  valid_from: c.valid_from,
  valid_to: c.valid_to,
  max_uses: c.max_uses ?? null,
  per_learner: c.per_learner,
  board_ids: c.board_ids ?? [],
  class_ids: c.class_ids ?? [],
  subject_ids: c.subject_ids ?? [],
  enabled: c.enabled,
});

/** The form field a server problem is about (whole-coupon problems by their message). */
function placeOf(p: Problem): string {
  if (p.field === 'amount_paise') return 'amount';
  if (p.field === 'min_cart_paise') return 'min_cart';
  if (/^(board|class|subject)_ids/.test(p.field)) return 'scope';
  if (p.field !== '(body)') return p.field;
  const byMessage: Record<string, FieldName> = {
    [C.percentRange]: 'percent',
    [C.amountRange]: 'amount',
    [C.dates]: 'valid_to',
    [C.codeTaken]: 'code',
    [C.codeFormat]: 'code',
  };
  return byMessage[p.message] ?? p.field;
}

/** The boards, classes and subjects a coupon may be limited to, named with their context. */
function useScopeChoices(): Record<ScopeKey, Choice[]> {
  const lists = {
    board_ids: useCatalogueList('board'),
    class_ids: useCatalogueList('class'),
    subject_ids: useCatalogueList('subject'),
  };
  const choices = {} as Record<ScopeKey, Choice[]>;
  for (const s of SCOPES)
    choices[s.key] = (lists[s.key].data ?? [])
      .map((r) => ({ value: String(r[s.id]), label: contextLabel(s.entity, r) }))
      .sort((a, b) => a.label.localeCompare(b.label));
  return choices;
}

/** A name for an id of a scope list (an id no longer in the catalogue: "removed"). */
const nameIn = (choices: Choice[], id: string) =>
  choices.find((c) => c.value === id)?.label ?? `${id} (removed)`;

/** One scope list: the chosen entries, each removable, and a searchable select that adds one. */
function ScopeList(props: {
  scope: (typeof SCOPES)[number];
  choices: Choice[];
  ids: string[];
  onChange(ids: string[]): void;
}) {
  const { scope, ids } = props;
  const id = `coupon-${scope.key}`;
  return (
    <div className="field coupon-scope">
      <SearchableSelect
        id={id}
        label={scope.label}
        value=""
        placeholder={`Add ${scope.one}...`}
        choices={props.choices.filter((c) => !ids.includes(c.value))}
        onChange={(v) => v && props.onChange([...ids, v])}
      />
      {ids.length > 0 && (
        <ul className="coupon-chips" aria-label={`${scope.label} chosen`}>
          {ids.map((x) => {
            const name = nameIn(props.choices, x);
            return (
              <li key={x} className="coupon-chip">
                <span>{name}</span>
                <button
                  type="button"
                  className="btn btn-small"
                  aria-label={`Remove ${name}`}
                  onClick={() => props.onChange(ids.filter((y) => y !== x))}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** Adding or changing one coupon, in a dialog; each problem shows under its field. */
function CouponForm(props: {
  coupon?: Coupon;
  choices: Record<ScopeKey, Choice[]>;
  close(): void;
}) {
  const editing = Boolean(props.coupon);
  const [f, setF] = useState(() => formOf(props.coupon));
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string>();
  const save = useSaveCoupon();
  const set = (patch: Partial<FormState>, field?: FieldName) => {
    setF((old) => ({ ...old, ...patch }));
    if (field) setErrors((old) => ({ ...old, [field]: undefined }));
  };
  const text = (field: FieldName & keyof FormState) => ({
    value: String(f[field]),
    error: errors[field],
    onChange: (v: string) => set({ [field]: v }, field),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setGeneral(undefined);
    const made = couponOf(f);
    if ('errors' in made) {
      setErrors(made.errors);
      return;
    }
    try {
      const res = await save.mutateAsync({ coupon: made.coupon, update: editing });
      toast.success(res.message);
      props.close();
    } catch (err) {
      const problems = fieldProblems(err, FIELDS, 'The coupon cannot be saved now.', placeOf);
      setErrors(problems.errors);
      setGeneral(problems.general);
    }
  }

  const title = editing ? `Edit coupon ${props.coupon!.code}` : 'Add a coupon';
  const scoped = SCOPES.some((s) => f[s.key].length > 0);
  return (
    <Modal label={title} className="coupon-dialog">
      <form onSubmit={submit} noValidate>
        <h2>{title}</h2>
        <TextField
          id="coupon-code"
          label="Code"
          {...text('code')}
          maxLength={32}
          disabled={editing}
          autoCapitalize="characters"
          spellCheck={false}
          hint={editing ? 'A code never changes.' : '3 to 32 letters, digits, - or _.'}
        />
        <fieldset className="coupon-kind">
          <legend>Discount</legend>
          <label className="coupon-inline">
            <input
              type="radio"
              name="coupon-kind"
              checked={f.kind === 'percent'}
              onChange={() => set({ kind: 'percent' }, 'kind')}
            />{' '}
            A percentage
          </label>
          <label className="coupon-inline">
            <input
              type="radio"
              name="coupon-kind"
              checked={f.kind === 'flat'}
              onChange={() => set({ kind: 'flat' }, 'kind')}
            />{' '}
            An amount in ₹
          </label>
        </fieldset>
        <div className="coupon-pair">
          {f.kind === 'percent' ? (
            <TextField
              id="coupon-percent"
              label="Percent off"
              inputMode="numeric"
              {...text('percent')}
              hint="1 to 100."
            />
          ) : (
            <TextField
              id="coupon-amount"
              label="Amount off (₹)"
              inputMode="decimal"
              {...text('amount')}
              hint="At least ₹1."
            />
          )}
          <TextField
            id="coupon-min-cart"
            label="Minimum cart (₹)"
            inputMode="decimal"
            placeholder="0"
            {...text('min_cart')}
            hint="Blank: any cart."
          />
        </div>
        <div className="coupon-pair">
          <TextField
            id="coupon-from"
            label="Valid from"
            type="datetime-local"
            {...text('valid_from')}
          />
          <TextField id="coupon-to" label="Valid to" type="datetime-local" {...text('valid_to')} />
        </div>
        <div className="coupon-pair">
          <TextField
            id="coupon-max-uses"
            label="Total uses"
            inputMode="numeric"
            placeholder="No limit"
            {...text('max_uses')}
            hint="Blank: no limit."
          />
          <TextField
            id="coupon-per-learner"
            label="Uses per learner"
            inputMode="numeric"
            {...text('per_learner')}
          />
        </div>
        <fieldset
          className="coupon-scopes"
          aria-describedby={errors.scope ? errorId('coupon-scope') : hintId('coupon-scope')}
        >
          <legend>Applies to</legend>
          <p className="form-hint" id="coupon-scope-hint">
            {scoped
              ? 'Only the subjects of the boards, classes and subjects listed.'
              : 'Everything: choose boards, classes or subjects to limit it.'}
          </p>
          {SCOPES.map((s) => (
            <ScopeList
              key={s.key}
              scope={s}
              choices={props.choices[s.key]}
              ids={f[s.key]}
              onChange={(ids) => set({ [s.key]: ids }, 'scope')}
            />
          ))}
          {errors.scope && (
            <p className="form-error" id="coupon-scope-error" role="alert">
              {errors.scope}
            </p>
          )}
        </fieldset>
        <label className="coupon-inline">
          <input
            type="checkbox"
            checked={f.enabled}
            onChange={(e) => set({ enabled: e.target.checked })}
          />{' '}
          Enabled: learners can use it
        </label>
        {general && (
          <p className="form-error" role="alert">
            {general}
          </p>
        )}
        <ModalActions
          primary="Save"
          busy={save.isPending}
          secondary="Cancel"
          onSecondary={props.close}
        />
      </form>
    </Modal>
  );
}

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
    <li className="card coupon-row">
      <p className="coupon-row-head">
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
      <div className="bank-actions">
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
