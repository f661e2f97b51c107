import { useState, type FormEvent } from 'react';
import type { Coupon } from '@gia/shared/admin-answers.ts';
import { Modal, ModalActions } from '../../components/modal.tsx';
import { errorId, hintId, TextField } from '../../components/text-field.tsx';
import { toast } from '../../components/toast.tsx';
import { fieldProblems } from '../../lib/field-problems.ts';
import { useCatalogueList } from './api/catalogue.ts';
import { useSaveCoupon } from './api/selling.ts';
import {
  CODE_FIELD,
  couponOf,
  DISCOUNT_KINDS,
  FIELD_PAIRS,
  FIELDS,
  formOf,
  placeOf,
  SCOPES,
  type CouponFormState,
  type CouponTextField,
  type Errors,
  type FieldName,
  type ScopeKey,
} from './coupon-fields.ts';
import { contextLabel } from './context-label.ts';
import { SearchableSelect, type Choice } from './searchable-select.tsx';

/** The boards, classes and subjects a coupon may be limited to, named with their context. */
export function useScopeChoices(): Record<ScopeKey, Choice[]> {
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
export const nameIn = (choices: Choice[], id: string) =>
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
export function CouponForm(props: {
  coupon?: Coupon;
  choices: Record<ScopeKey, Choice[]>;
  close(): void;
}) {
  const editing = Boolean(props.coupon);
  const [f, setF] = useState(() => formOf(props.coupon));
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string>();
  const save = useSaveCoupon();
  const set = (patch: Partial<CouponFormState>, field?: FieldName) => {
    setF((old) => ({ ...old, ...patch }));
    if (field) setErrors((old) => ({ ...old, [field]: undefined }));
  };
  const textField = (d: CouponTextField) => (
    <TextField
      key={d.id}
      id={d.id}
      label={d.label}
      {...d.input}
      value={f[d.name]}
      error={errors[d.name]}
      onChange={(v) => set({ [d.name]: v }, d.name)}
      disabled={editing && Boolean(d.fixed)}
      hint={editing && d.fixed ? d.fixed.hint : d.hint}
    />
  );

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
        {textField(CODE_FIELD)}
        <fieldset className="coupon-kind">
          <legend>Discount</legend>
          {DISCOUNT_KINDS.map((k) => (
            <label key={k.value} className="coupon-inline">
              <input
                type="radio"
                name="coupon-kind"
                checked={f.kind === k.value}
                onChange={() => set({ kind: k.value }, 'kind')}
              />{' '}
              {k.label}
            </label>
          ))}
        </fieldset>
        {FIELD_PAIRS.map((pair, i) => (
          <div key={i} className="coupon-pair">
            {pair.filter((d) => !d.kind || d.kind === f.kind).map(textField)}
          </div>
        ))}
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
