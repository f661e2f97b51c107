import { EditIcon, ResetIcon, TrashIcon } from '../../components/icons.tsx';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { UPLOAD_FAILED } from '@gia/shared';
import { confirmDialog } from '../../components/confirm.tsx';
import { toast } from '../../components/toast.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { uploadFile } from '../../lib/upload.ts';
import { AdminHeader } from './admin-header.tsx';
import { ADMIN_BASE, fetchAll } from './admin-api.ts';
import type { FieldDef, Rec, ScreenConfig } from './catalogue-config.ts';

type Values = Record<string, unknown>;

const initialValues = (config: ScreenConfig): Values =>
  Object.fromEntries(
    config.fields.map((f) => [f.name, f.defaultValue ?? (f.type === 'checkbox' ? false : '')]),
  );

/** Fields whose options or enabling depend (directly or not) on `name`. */
function dependents(fields: FieldDef[], name: string): string[] {
  const direct = fields.filter((f) => f.dependsOn?.from === name).map((f) => f.name);
  return direct.flatMap((d) => [d, ...dependents(fields, d)]);
}

const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function VideoModal({ url, onClose }: { url: string; onClose(): void }) {
  return (
    <div className="modal-backdrop">
      <div className="modal video-modal" role="dialog" aria-modal="true" aria-label="Video">
        <video src={url} controls autoPlay width={640} height={360} />
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * One management screen of the back office: the add/edit form with cascading dropdowns and
 * uploads, the filters, and the table — driven by the screen's configuration.
 */
export function CatalogueScreen({ config }: { config: ScreenConfig }) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: [config.list], queryFn: () => fetchAll<Rec>(config.list) });
  const sourceQueries = useQueries({
    queries: config.sources.map((s) => ({ queryKey: [s], queryFn: () => fetchAll<Rec>(s) })),
  });
  const sources = Object.fromEntries(
    config.sources.map((s, i) => [s, sourceQueries[i]?.data ?? []]),
  ) as Record<string, Rec[]>;

  const [values, setValues] = useState<Values>(() => initialValues(config));
  const [editing, setEditing] = useState<Rec | null>(null);
  const [busy, setBusy] = useState(false);
  const [video, setVideo] = useState<string | null>(null);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const top = useRef<HTMLDivElement>(null);
  const [formKey, setFormKey] = useState(0);

  function setValue(name: string, value: unknown) {
    setValues((v) => {
      const next = { ...v, [name]: value };
      // Choosing a parent clears everything that depended on the old choice.
      for (const d of dependents(config.fields, name)) next[d] = '';
      return next;
    });
  }

  function startEdit(r: Rec) {
    const next: Values = {};
    for (const f of config.fields)
      next[f.name] = f.fromRecord ? f.fromRecord(r) : (r[f.name] ?? '');
    // Cascading parents that are not stored on the record come from its ancestors.
    for (const f of config.fields) if (f.virtual) next[f.name] = r[f.name] ?? '';
    setValues(next);
    setEditing(r);
    setFormKey((k) => k + 1);
    top.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  }

  function reset() {
    setValues(initialValues(config));
    setEditing(null);
    setFormKey((k) => k + 1);
  }

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
          } catch {
            toast.error(UPLOAD_FAILED);
            setValue(f.name, '');
            return;
          }
        }
        if (f.type === 'number' && v === '') continue;
        body[f.name] = v;
      }
      if (editing) body[config.idField] = editing[config.idField];
      const res = await api<{ message: string }>(
        'POST',
        `${ADMIN_BASE}/${editing ? config.update : config.insert}`,
        { body },
      );
      toast.success(res.message);
      reset();
      await queryClient.invalidateQueries();
    } catch (err) {
      const action = editing ? 'updating' : 'adding';
      toast.error(errorMessage(err, `An error occurred while ${action} the ${config.errorNoun}.`));
    } finally {
      setBusy(false);
      setProgress({});
    }
  }

  async function remove(r: Rec) {
    if (!(await confirmDialog('Are you sure you want to delete?'))) return;
    try {
      const res = await api<{ message: string }>(
        'DELETE',
        `${ADMIN_BASE}/${config.remove}/${encodeURIComponent(String(r[config.idField]))}`,
      );
      toast.success(res.message);
      await queryClient.invalidateQueries();
    } catch (err) {
      toast.error(
        errorMessage(
          err,
          `Failed to delete the ${config.errorNoun.toLowerCase()}. Please try again.`,
        ),
      );
    }
  }

  const rows = useMemo(() => {
    const all = list.data ?? [];
    const fromTime = from ? new Date(`${from}T00:00:00`).getTime() : -Infinity;
    // The end date is inclusive: one day is added.
    const toTime = to ? new Date(`${to}T00:00:00`).getTime() + 86_400_000 : Infinity;
    return all.filter((r) => {
      for (const f of config.filters) {
        const wanted = (filters[f.label] ?? '').trim().toLowerCase();
        if (wanted && !f.value(r).toLowerCase().includes(wanted)) return false;
      }
      const d = config.dateField(r);
      if (from || to) {
        const t = typeof d === 'string' ? new Date(d).getTime() : NaN;
        if (Number.isNaN(t) || t < fromTime || t >= toTime) return false;
      }
      return true;
    });
  }, [list.data, filters, from, to, config]);

  const optionsFor = (f: FieldDef) => {
    if (!f.source) return [];
    const items = sources[f.source.list] ?? [];
    const dep = f.dependsOn;
    const filtered = dep?.field ? items.filter((i) => i[dep.field] === values[dep.from]) : items;
    return filtered.map((i) => ({
      value: String(i[f.source!.value]),
      label: String(i[f.source!.label] ?? ''),
    }));
  };

  const field = (f: FieldDef) => {
    const id = `f-${f.name}`;
    const disabled = Boolean(f.dependsOn && isBlank(values[f.dependsOn.from]));
    const value = values[f.name];
    let input;
    switch (f.type) {
      case 'select':
        input = (
          <select
            id={id}
            value={String(value ?? '')}
            disabled={disabled}
            onChange={(e) => setValue(f.name, e.target.value)}
          >
            <option value="">Select...</option>
            {optionsFor(f).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        );
        break;
      case 'options': {
        const groups = [...new Set((f.options ?? []).map((o) => o.group ?? ''))];
        const opts = (group: string) =>
          (f.options ?? [])
            .filter((o) => (o.group ?? '') === group)
            .map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ));
        input = (
          <select
            id={id}
            value={String(value ?? '')}
            onChange={(e) => setValue(f.name, e.target.value)}
          >
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
        break;
      }
      case 'checkbox':
        input = (
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            onChange={(e) => setValue(f.name, e.target.checked)}
          />
        );
        break;
      case 'textarea':
        input = (
          <textarea
            id={id}
            rows={3}
            value={String(value ?? '')}
            onChange={(e) => setValue(f.name, e.target.value)}
          />
        );
        break;
      case 'file':
        input = (
          <div className="file-field">
            <input
              id={id}
              type="file"
              accept={f.upload?.accept}
              onChange={(e) => setValue(f.name, e.target.files?.[0] ?? '')}
            />
            {progress[f.name] !== undefined && (
              <progress
                value={progress[f.name]}
                max={1}
                aria-label={`${f.label} upload progress`}
              />
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
        break;
      default:
        input = (
          <input
            id={id}
            type={f.type === 'number' ? 'number' : 'text'}
            min={f.type === 'number' ? 0 : undefined}
            value={String(value ?? '')}
            disabled={disabled}
            onChange={(e) => setValue(f.name, e.target.value)}
          />
        );
    }
    return (
      <div
        key={f.name}
        className={`field ${f.type === 'checkbox' ? 'field-check' : ''} ${f.type === 'textarea' ? 'field-wide' : ''}`}
      >
        <label htmlFor={id}>{f.label}</label>
        {input}
      </div>
    );
  };

  const cell = (r: Rec, render: ReturnType<ScreenConfig['columns'][number]['render']>) => {
    if (typeof render === 'string') return render;
    const v = render.value;
    switch (render.kind) {
      case 'image':
        return typeof v === 'string' && v ? (
          <img src={v} alt="" width={100} height={100} className="thumb" loading="lazy" />
        ) : (
          'N/A'
        );
      case 'free':
        return (
          <span
            className={`dot ${v === true ? 'dot-green' : 'dot-red'}`}
            role="img"
            aria-label={v === true ? 'Free' : 'Paid'}
          />
        );
      case 'play':
        return typeof v === 'string' && v ? (
          <button type="button" className="btn btn-small" onClick={() => setVideo(v)}>
            Play
          </button>
        ) : (
          'N/A'
        );
      case 'notes':
        return typeof v === 'string' && v ? (
          <a href={v} target="_blank" rel="noreferrer">
            View Notes
          </a>
        ) : (
          'N/A'
        );
    }
  };

  return (
    <>
      <AdminHeader />
      <main className="admin-main" ref={top}>
        <section className="card">
          <h1>{editing ? config.titles[1] : config.titles[0]}</h1>
          <form key={formKey} onSubmit={submit} className="form grid-form" noValidate>
            {config.fields.map(field)}
            <div className="form-actions">
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {busy ? 'Saving...' : editing ? config.buttons[1] : config.buttons[0]}
              </button>
              {editing && (
                <button type="button" className="btn" onClick={reset}>
                  Cancel
                </button>
              )}
            </div>
          </form>
        </section>
        <section className="card">
          <h2>{config.tableTitle}</h2>
          <div className="filters">
            {config.filters.map((f) => {
              const id = `filter-${f.label}`;
              const choices =
                f.kind === 'select'
                  ? [...new Set((list.data ?? []).map(f.value).filter(Boolean))].sort()
                  : [];
              return (
                <div key={f.label} className="field">
                  <label htmlFor={id}>Filter by {f.label}</label>
                  {f.kind === 'select' ? (
                    <select
                      id={id}
                      value={filters[f.label] ?? ''}
                      onChange={(e) => setFilters({ ...filters, [f.label]: e.target.value })}
                    >
                      <option value="">All</option>
                      {choices.map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input
                      id={id}
                      value={filters[f.label] ?? ''}
                      onChange={(e) => setFilters({ ...filters, [f.label]: e.target.value })}
                    />
                  )}
                </div>
              );
            })}
            <div className="field">
              <label htmlFor="filter-from">From Date</label>
              <input
                id="filter-from"
                type="date"
                value={from}
                onChange={(e) => setFrom(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="filter-to">To Date</label>
              <input
                id="filter-to"
                type="date"
                value={to}
                onChange={(e) => setTo(e.target.value)}
              />
            </div>
            <button
              type="button"
              className="icon-btn"
              aria-label="Reset filters"
              onClick={() => {
                setFilters({});
                setFrom('');
                setTo('');
              }}
            >
              <ResetIcon />
            </button>
          </div>
          {list.isLoading ? (
            <p>Loading...</p>
          ) : !rows.length ? (
            <p className="empty">{config.empty}</p>
          ) : (
            <div className="table-wrap">
              <table>
                <thead>
                  <tr>
                    {config.columns.map((c) => (
                      <th key={c.header}>{c.header}</th>
                    ))}
                    <th>Edit</th>
                    <th>Delete</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={String(r[config.idField])}>
                      {config.columns.map((c) => (
                        <td key={c.header}>{cell(r, c.render(r))}</td>
                      ))}
                      <td>
                        <button
                          type="button"
                          className="icon-btn"
                          aria-label="Edit"
                          onClick={() => startEdit(r)}
                        >
                          <EditIcon />
                        </button>
                      </td>
                      <td>
                        <button
                          type="button"
                          className="icon-btn danger"
                          aria-label="Delete"
                          onClick={() => remove(r)}
                        >
                          <TrashIcon />
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </main>
      {video && <VideoModal url={video} onClose={() => setVideo(null)} />}
    </>
  );
}
