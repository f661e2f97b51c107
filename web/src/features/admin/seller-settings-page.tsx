import { useState, type FormEvent } from 'react';
import { INDIAN_STATES, SELLER_DEFAULTS, type SellerSettings } from '@gia/shared/selling.ts';
import type { SellerSettingsAnswer } from '@gia/shared/admin-answers.ts';
import { describedBy, Field, TextField } from '../../components/text-field.tsx';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { fieldProblems } from '../../lib/field-problems.ts';
import { AdminHeader } from './admin-header.tsx';
import { useSaveSellerSettings, useSellerSettings } from './api/selling.ts';

const FIELDS = ['legal_name', 'gstin', 'state', 'address', 'sac', 'gst_rate_percent'] as const;
type FieldName = (typeof FIELDS)[number];

/** The form's values as the inputs hold them (text); the rate becomes a number on save. */
type FormState = Record<FieldName, string>;

const formOf = (s: SellerSettings): FormState => ({
  legal_name: s.legal_name,
  gstin: s.gstin,
  state: s.state,
  address: s.address,
  sac: s.sac,
  gst_rate_percent: String(s.gst_rate_percent),
});

/** The settings the API takes; the server checks them and names what is wrong, field by field. */
const settingsOf = (f: FormState): SellerSettings => ({
  legal_name: f.legal_name,
  gstin: f.gstin.trim().toUpperCase(),
  state: f.state,
  address: f.address,
  sac: f.sac.trim(),
  gst_rate_percent: f.gst_rate_percent.trim() === '' ? Number.NaN : Number(f.gst_rate_percent),
});

/** The form, started from the settings in force (the defaults before the first save). */
function SettingsForm({ stored }: { stored: SellerSettingsAnswer }) {
  const [f, setF] = useState(() => formOf(stored));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [general, setGeneral] = useState<string>();
  const save = useSaveSellerSettings();
  const set = (name: FieldName) => (value: string) => {
    setF((old) => ({ ...old, [name]: value }));
    setErrors((old) => ({ ...old, [name]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setGeneral(undefined);
    try {
      const res = await save.mutateAsync(settingsOf(f));
      setErrors({});
      setF(formOf(res.data));
      toast.success(res.message);
    } catch (err) {
      const problems = fieldProblems(err, FIELDS, 'The settings cannot be saved now.');
      setErrors(problems.errors);
      setGeneral(problems.general);
    }
  }

  return (
    <form className="card seller-form" onSubmit={submit} noValidate>
      <TextField
        id="seller-legal-name"
        label="Legal name"
        value={f.legal_name}
        maxLength={200}
        autoComplete="organization"
        error={errors.legal_name}
        hint="As registered for GST; printed on every invoice."
        onChange={set('legal_name')}
      />
      <TextField
        id="seller-gstin"
        label="GSTIN"
        value={f.gstin}
        maxLength={15}
        autoCapitalize="characters"
        spellCheck={false}
        className="seller-gstin"
        error={errors.gstin}
        hint="15 characters; its first two digits are your state's code."
        onChange={set('gstin')}
      />
      <Field id="seller-state" label="State" error={errors.state}>
        <select
          id="seller-state"
          value={f.state}
          aria-invalid={errors.state ? true : undefined}
          aria-describedby={describedBy('seller-state', errors.state)}
          onChange={(e) => set('state')(e.target.value)}
        >
          <option value="">Select...</option>
          {INDIAN_STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name} ({s.code})
            </option>
          ))}
        </select>
      </Field>
      <Field id="seller-address" label="Address" error={errors.address}>
        <textarea
          id="seller-address"
          rows={3}
          value={f.address}
          maxLength={500}
          autoComplete="street-address"
          aria-invalid={errors.address ? true : undefined}
          aria-describedby={describedBy('seller-address', errors.address)}
          onChange={(e) => set('address')(e.target.value)}
        />
      </Field>
      <div className="seller-tax">
        <p className="muted small seller-tax-note" id="seller-tax-note">
          The SAC (services accounting code) and the GST rate are the seller’s call: how a course is
          classified is for you and your tax adviser to decide. They start at SAC{' '}
          {SELLER_DEFAULTS.sac} (commercial training and coaching) and{' '}
          {SELLER_DEFAULTS.gst_rate_percent}%. Prices include the GST; a change applies to orders
          made after it.
        </p>
        <TextField
          id="seller-sac"
          label="SAC"
          value={f.sac}
          inputMode="numeric"
          maxLength={6}
          error={errors.sac}
          hint="6 digits."
          onChange={set('sac')}
        />
        <TextField
          id="seller-rate"
          label="GST rate (%)"
          value={f.gst_rate_percent}
          inputMode="decimal"
          error={errors.gst_rate_percent}
          hint="0 to 28."
          onChange={set('gst_rate_percent')}
        />
      </div>
      {general && (
        <p className="form-error" role="alert">
          {general}
        </p>
      )}
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}

/**
 * `/SellerSettings` (issue 18): the seller's details printed on every tax invoice (legal name,
 * GSTIN, state, address) and the SAC and GST rate the orders are priced with.
 */
export function SellerSettingsPage() {
  const settings = useSellerSettings();
  return (
    <>
      <AdminHeader />
      <main className="admin-main seller-settings">
        <h1>Seller settings</h1>
        <p className="muted">
          Your business as the tax invoices name it. The learner’s state decides CGST + SGST (in
          your state) or IGST (elsewhere).
        </p>
        {settings.isPending ? (
          <p className="muted">Loading the settings…</p>
        ) : settings.isError ? (
          <p role="alert">
            {errorMessage(settings.error, 'We couldn’t load the settings.')}{' '}
            <button type="button" className="btn btn-small" onClick={() => void settings.refetch()}>
              Try again
            </button>
          </p>
        ) : (
          <>
            {!settings.data.saved && (
              <p className="seller-unsaved" role="status">
                Not saved yet: the cart shows no GST and no invoice is issued until you save them.
              </p>
            )}
            <SettingsForm stored={settings.data} />
          </>
        )}
      </main>
    </>
  );
}
