import { ResetIcon } from '../../components/icons.tsx';
import type { Rec, ScreenConfig } from './catalogue-config.ts';
import type { CatalogueRows } from './use-catalogue-rows.ts';

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
        const id = `filter-${f.label}`;
        const choices =
          f.kind === 'select' ? [...new Set(records.map(f.value).filter(Boolean))].sort() : [];
        return (
          <div key={f.label} className="field">
            <label htmlFor={id}>Filter by {f.label}</label>
            {f.kind === 'select' ? (
              <select
                id={id}
                value={state.filters[f.label] ?? ''}
                onChange={(e) => state.setFilter(f.label, e.target.value)}
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
                value={state.filters[f.label] ?? ''}
                onChange={(e) => state.setFilter(f.label, e.target.value)}
              />
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
