import { useState } from 'react';
import { describedBy } from '../../components/text-field.tsx';

/** A choice of a searchable select. */
export interface Choice {
  value: string;
  label: string;
}

/** Lists longer than this get a search box. */
export const SEARCH_FROM = 8;

/**
 * A native select (keyboard operable, announced as it is) with a search box bound to it once the
 * list is long: typing narrows the options to those whose label contains every typed word. The
 * chosen option always stays listed, so the select never loses its value.
 */
export function SearchableSelect({
  id,
  label,
  value,
  choices,
  placeholder = 'Select...',
  disabled = false,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  choices: Choice[];
  placeholder?: string;
  disabled?: boolean;
  /** A problem with the choice, shown by the form under it (`errorId(id)`) and announced with it. */
  error?: string;
  onChange(value: string): void;
}) {
  const [search, setSearch] = useState('');
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = choices.filter(
    (c) => c.value === value || words.every((w) => c.label.toLowerCase().includes(w)),
  );
  const searchable = choices.length > SEARCH_FROM;
  const chosen = choices.find((c) => c.value === value);
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {searchable && (
        <div className="select-search">
          <label htmlFor={`${id}-search`} className="small muted">
            Search {label}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            disabled={disabled}
            autoComplete="off"
            aria-controls={id}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      )}
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">
          {searchable && words.length ? `${shown.length} of ${choices.length} match` : placeholder}
        </option>
        {shown.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      {chosen && (
        // A phone's closed select cuts a long label short ("Linear Equations: Core ideas — Li…"),
        // context and all: the whole label, below it (admin.css shows it on narrow screens only;
        // the select itself already tells a screen reader).
        <p className="select-chosen small muted" aria-hidden="true">
          {chosen.label}
        </p>
      )}
    </>
  );
}
