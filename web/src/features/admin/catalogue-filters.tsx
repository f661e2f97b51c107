import { ResetIcon } from '../../components/icons.tsx';
import type { FilterDef, Rec, ScreenConfig } from './catalogue-config.ts';
import { SearchableSelect, type Choice } from './searchable-select.tsx';
import type { CatalogueRows } from './use-catalogue-rows.ts';

/** A choice filter's options: each value once, offered by its label, in label order. */
function choicesOf(f: FilterDef, records: Rec[]): Choice[] {
  const byValue = new Map<string, string>();
  for (const r of records) {
    const value = f.value(r);
    if (value && !byValue.has(value)) byValue.set(value, f.choiceLabel?.(r) ?? value);
  }
  return [...byValue]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The table's filters: the screen's text and choice filters, a date range and a reset. */
export function CatalogueFilters({
  config,
  records,
  state,
}: {
  config: ScreenConfig;
  records: Rec[];
  state: CatalogueRows;
}) {
  return (
    <div className="filters">
      {config.filters.map((f) => {
        // An id without spaces: aria-controls and aria-describedby read a space as a second id.
        const id = `filter-${f.label.replace(/\W+/g, '-')}`;
        const label = `Filter by ${f.label}`;
        const value = state.filters[f.label] ?? '';
        return (
          <div key={f.label} className="field">
            {f.kind === 'select' ? (
              <SearchableSelect
                id={id}
                label={label}
                value={value}
                choices={choicesOf(f, records)}
                placeholder="All"
                onChange={(v) => state.setFilter(f.label, v)}
              />
            ) : (
              <>
                <label htmlFor={id}>{label}</label>
                <input
                  id={id}
                  value={value}
                  onChange={(e) => state.setFilter(f.label, e.target.value)}
                />
              </>
            )}
          </div>
        );
      })}
      {(
        [
          ['from', 'From Date', state.from, state.setFrom],
          ['to', 'To Date', state.to, state.setTo],
        ] as const
      ).map(([key, label, value, set]) => (
        <div key={key} className="field">
          <label htmlFor={`filter-${key}`}>{label}</label>
          <input
            id={`filter-${key}`}
            type="date"
            value={value}
            onChange={(e) => set(e.target.value)}
          />
        </div>
      ))}
      <button type="button" className="icon-btn" aria-label="Reset filters" onClick={state.reset}>
        <ResetIcon />
      </button>
    </div>
  );
}
