import { useState, type FormEvent } from 'react';
import { CATALOGUE_TREE } from '@gia/shared/catalogue-tree.ts';
import { TRANSLATION_LANGUAGES, UPLOAD_FAILED, type TranslationLanguage } from '@gia/shared';
import { confirmDialog } from '../../components/confirm.tsx';
import { toast } from '../../components/toast.tsx';
import { describedBy } from '../../components/text-field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { fieldProblems } from '../../lib/field-problems.ts';
import { uploadFile } from '../../lib/upload.ts';
import { useCatalogueSources, useSaveRecord } from './api/catalogue.ts';
import type { FieldDef, Rec, ScreenConfig } from './catalogue-config.ts';
import { contextLabel } from './context-label.ts';
import { SearchableSelect } from './searchable-select.tsx';
import { FieldError, TranslatedField } from './translated-field.tsx';
import {
  translatedFieldOf,
  translationKey,
  translationKeysOf,
  translationsPayload,
  translationValuesOf,
  type TranslationValues,
} from './translations.ts';
import { fillDurationFromVideo } from './video-duration.ts';

type Values = Record<string, unknown>;

const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A new record's values: each field's default. */
const initialValues = (config: ScreenConfig): Values =>
  Object.fromEntries(
    config.fields.map((f) => [f.name, f.defaultValue ?? (f.type === 'checkbox' ? false : '')]),
  );

/**
 * An edited record's values, each from the record's field that stores it (cascading parents not
 * stored on it from its ancestors' ids); a field the record lacks (a medium never given) has its
 * default.
 */
function recordValues(config: ScreenConfig, r: Rec): Values {
  return Object.fromEntries(
    config.fields.map((f) => [f.name, r[f.storedAs ?? f.name] ?? f.defaultValue ?? '']),
  );
}

/** A value for each language a record is translated into. */
const perLanguage = <T,>(of: (language: TranslationLanguage) => T) =>
  Object.fromEntries(TRANSLATION_LANGUAGES.map((l) => [l, of(l)])) as Record<
    TranslationLanguage,
    T
  >;

/** Fields whose options or enabling depend (directly or not) on `name`. */
function dependents(fields: FieldDef[], name: string): string[] {
  const direct = fields.filter((f) => f.dependsOn?.from === name).map((f) => f.name);
  return direct.flatMap((d) => [d, ...dependents(fields, d)]);
}

interface FieldInputProps {
  field: FieldDef;
  value: unknown;
  disabled: boolean;
  progress: number | undefined;
  /** The server's problem with this field, shown under it and announced with the control. */
  error: string | undefined;
  onChange(value: unknown): void;
}

/** The input of one form field other than a dropdown of records, by its type. */
function FieldInput({ field: f, value, disabled, progress, error, onChange }: FieldInputProps) {
  const id = `f-${f.name}`;
  const text = String(value ?? '');
  const described = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error),
  };
  switch (f.type) {
    case 'options': {
      // A stored value the list does not offer (a medium given through the API) stays itself,
      // so saving the form never changes it unasked.
      const offered = f.options ?? [];
      const options =
        text && !offered.some((o) => o.value === text)
          ? [...offered, { value: text, label: text, group: offered[0]?.group }]
          : offered;
      const groups = [...new Set(options.map((o) => o.group ?? ''))];
      const opts = (group: string) =>
        options
          .filter((o) => (o.group ?? '') === group)
          .map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ));
      return (
        <select id={id} value={text} {...described} onChange={(e) => onChange(e.target.value)}>
          {groups.map((g) =>
            g ? (
              <optgroup key={g} label={g}>
                {opts(g)}
              </optgroup>
            ) : (
              opts('')
            ),
          )}
        </select>
      );
    }
    case 'checkbox':
      return (
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          {...described}
          onChange={(e) => onChange(e.target.checked)}
        />
      );
    case 'textarea':
      return (
        <textarea
          id={id}
          rows={3}
          value={text}
          {...described}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'file':
      return (
        <div className="file-field">
          <input
            id={id}
            type="file"
            accept={f.upload?.accept}
            {...described}
            onChange={(e) => onChange(e.target.files?.[0] ?? '')}
          />
          {progress !== undefined && (
            <span className="upload-progress small">
              <progress value={progress} max={1} aria-label={`${f.label} upload progress`} />{' '}
              {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Uploaded'}
            </span>
          )}
          {typeof value === 'string' && value && (
            <span className="muted small current-file">
              {f.upload?.kind === 'image' ? (
                <img src={value} alt="Current" width={48} height={48} />
              ) : (
                'A file is stored.'
              )}
            </span>
          )}
        </div>
      );
    default:
      return (
        <input
          id={id}
          type={f.type === 'number' ? 'number' : 'text'}
          min={f.type === 'number' ? 0 : undefined}
          value={text}
          disabled={disabled}
          {...described}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

/**
 * The add/edit form of a screen, with cascading dropdowns and uploads. It starts from `editing`
 * (or empty); the screen mounts a fresh one after each save or cancel.
 */
export function CatalogueForm({
  config,
  editing,
  onDone,
}: {
  config: ScreenConfig;
  editing: Rec | null;
  /** After a save (with the saved record's id) or a cancel. */
  onDone(savedId?: string): void;
}) {
  const sources = useCatalogueSources(config.sources);
  const save = useSaveRecord(config.entity);
  const [values, setValues] = useState<Values>(() =>
    editing ? recordValues(config, editing) : initialValues(config),
  );
  const [translations, setTranslations] = useState<TranslationValues>(() =>
    translationValuesOf(config.entity, editing),
  );
  // The server's problems with the last save, by form field or translation key, until edited.
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Record<string, number>>({});

  function setValue(name: string, value: unknown) {
    setValues((v) => {
      const next = { ...v, [name]: value };
      // Choosing a parent clears everything that depended on the old choice.
      for (const d of dependents(config.fields, name)) next[d] = '';
      return next;
    });
    setErrors((e) => ({ ...e, [name]: undefined }));
  }

  function setTranslation(language: TranslationLanguage, field: string, text: string) {
    setTranslations((t) => ({ ...t, [language]: { ...t[language], [field]: text } }));
    setErrors((e) => ({ ...e, [translationKey(language, field)]: undefined }));
  }

  const optionsFor = (f: FieldDef) => {
    const source = f.source;
    if (!source) return [];
    const { id, name } = CATALOGUE_TREE[source];
    const dep = f.dependsOn;
    const items = sources.get(source) ?? [];
    const shown = dep?.field ? items.filter((i) => i[dep.field] === values[dep.from]) : items;
    return shown
      .map((i) => ({ value: String(i[id]), label: name ? contextLabel(source, i) : '' }))
      .sort((a, b) => a.label.localeCompare(b.label));
  };

  const isDisabled = (f: FieldDef) => Boolean(f.dependsOn && isBlank(values[f.dependsOn.from]));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (config.fields.some((f) => f.required && isBlank(values[f.name]))) {
      toast.error(config.requiredMessage);
      return;
    }
    const verb = editing ? 'update' : 'submit';
    if (!(await confirmDialog(`Are you sure you want to ${verb} the ${config.confirmNoun}?`)))
      return;
    setBusy(true);
    try {
      const body: Values = {};
      for (const f of config.fields) {
        if (f.virtual) continue;
        let v = values[f.name];
        if (v instanceof File && f.upload) {
          try {
            v = await uploadFile(f.upload.kind, v, (p) =>
              setProgress((s) => ({ ...s, [f.name]: p })),
            );
          } catch (err) {
            // The server's own reason (a refused type or size) when it gave one.
            toast.error(errorMessage(err, UPLOAD_FAILED));
            setValue(f.name, '');
            return;
          }
        }
        if (f.type === 'number' && v === '') continue;
        body[f.name] = v;
      }
      // Sent whole on an update (the server stores exactly these, so a cleared one is gone);
      // on an insert only when there are any.
      const translated = translationsPayload(config.entity, translations);
      if (translationKeysOf(config.entity).length && (editing || Object.keys(translated).length))
        body.translations = translated;
      const idField = CATALOGUE_TREE[config.entity].id;
      if (editing) body[idField] = editing[idField];
      const res = await save.mutateAsync({ body, update: Boolean(editing) });
      toast.success(res.message);
      // The record as stored, read by its entity's id field (the back office reads records as Rec).
      const saved = (res.data as Rec | undefined)?.[idField] ?? body[idField];
      onDone(typeof saved === 'string' ? saved : undefined);
    } catch (err) {
      const action = editing ? 'updating' : 'adding';
      const fallback = `An error occurred while ${action} the ${config.errorNoun}.`;
      // Each of the server's problems under its field (a translation's under its language's
      // input); the message as a toast, as before.
      const keys = [...config.fields.map((f) => f.name), ...translationKeysOf(config.entity)];
      setErrors(fieldProblems(err, keys, fallback).errors);
      toast.error(errorMessage(err, fallback));
    } finally {
      setBusy(false);
      setProgress({});
    }
  }

  return (
    <section className="card">
      <h1>{editing ? config.titles[1] : config.titles[0]}</h1>
      <form onSubmit={submit} className="form grid-form" noValidate>
        {config.fields.map((f) => {
          const id = `f-${f.name}`;
          const control =
            f.type === 'select' ? (
              <SearchableSelect
                id={id}
                label={f.label}
                value={String(values[f.name] ?? '')}
                choices={optionsFor(f)}
                disabled={isDisabled(f)}
                error={errors[f.name]}
                onChange={(v) => setValue(f.name, v)}
              />
            ) : (
              <>
                <label htmlFor={id}>{f.label}</label>
                <FieldInput
                  field={f}
                  value={values[f.name]}
                  disabled={isDisabled(f)}
                  progress={progress[f.name]}
                  error={errors[f.name]}
                  onChange={(v) => {
                    setValue(f.name, v);
                    void fillDurationFromVideo(config.fields, f, v, setValue);
                  }}
                />
              </>
            );
          const english = (
            <>
              {control}
              <FieldError id={id} error={errors[f.name]} />
            </>
          );
          const translated = translatedFieldOf(config.entity, f);
          if (translated)
            return (
              <TranslatedField
                key={f.name}
                id={id}
                label={f.label}
                multiline={f.type === 'textarea'}
                values={perLanguage((l) => translations[l][translated])}
                errors={perLanguage((l) => errors[translationKey(l, translated)])}
                onChange={(language, text) => setTranslation(language, translated, text)}
              >
                {english}
              </TranslatedField>
            );
          return (
            <div
              key={f.name}
              className={`field ${f.type === 'checkbox' ? 'field-check' : ''} ${f.type === 'textarea' ? 'field-wide' : ''}`}
            >
              {english}
            </div>
          );
        })}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving...' : editing ? config.buttons[1] : config.buttons[0]}
          </button>
          {editing && (
            <button type="button" className="btn" onClick={() => onDone()}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
