import { useMemo, useState } from 'react';
import type { Rec, ScreenConfig } from './catalogue-config.ts';

const DAY_MS = 86_400_000;

/** The table's filters (by label), its date range, and the rows they leave. */
export function useCatalogueRows(config: ScreenConfig, records: Rec[] | undefined) {
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const rows = useMemo(() => {
    const all = records ?? [];
    const fromTime = from ? new Date(`${from}T00:00:00`).getTime() : -Infinity;
    // The end date is inclusive: one day is added.
    const toTime = to ? new Date(`${to}T00:00:00`).getTime() + DAY_MS : Infinity;
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
  }, [records, filters, from, to, config]);

  return {
    rows,
    filters,
    setFilter: (label: string, value: string) => setFilters({ ...filters, [label]: value }),
    from,
    setFrom,
    to,
    setTo,
    reset: () => {
      setFilters({});
      setFrom('');
      setTo('');
    },
  };
}

export type CatalogueRows = ReturnType<typeof useCatalogueRows>;
