import { useMemo, useState } from 'react';
import { CATALOGUE_TREE } from '@gia/shared/catalogue-tree.ts';
import type { Rec, ScreenConfig } from './catalogue-config.ts';
import { pageCount, PAGE_SIZE } from './pager.tsx';

const DAY_MS = 86_400_000;

/** A record's creation time (ms), or -Infinity when it has none. */
const createdAt = (config: ScreenConfig, r: Rec) => {
  const d = config.dateField(r);
  const t = typeof d === 'string' ? new Date(d).getTime() : NaN;
  return Number.isNaN(t) ? -Infinity : t;
};

/**
 * Newest first: by creation date, then by id (ids sort in creation order, so records made the
 * same day keep the order they were made in).
 */
export function newestFirst(config: ScreenConfig, records: readonly Rec[]): Rec[] {
  const id = CATALOGUE_TREE[config.entity].id;
  return [...records].sort(
    (a, b) =>
      createdAt(config, b) - createdAt(config, a) ||
      (String(b[id] ?? '') > String(a[id] ?? '') ? 1 : -1),
  );
}

/** The table's filters (by label), its date range, its page, and the rows they leave. */
export function useCatalogueRows(
  config: ScreenConfig,
  records: Rec[] | undefined,
  /** The screen's URL search parameters: those the filters name choose them at first. */
  params?: URLSearchParams,
) {
  const [filters, setFilters] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      config.filters.flatMap((f) => {
        const v = f.param && params?.get(f.param);
        return v ? [[f.label, v]] : [];
      }),
    ),
  );
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(0);

  const rows = useMemo(() => {
    const fromTime = from ? new Date(`${from}T00:00:00`).getTime() : -Infinity;
    // The end date is inclusive: one day is added.
    const toTime = to ? new Date(`${to}T00:00:00`).getTime() + DAY_MS : Infinity;
    const kept = (records ?? []).filter((r) => {
      for (const f of config.filters) {
        const wanted = (filters[f.label] ?? '').trim().toLowerCase();
        if (!wanted) continue;
        const value = f.value(r).toLowerCase();
        if (f.kind === 'select' ? value !== wanted : !value.includes(wanted)) return false;
      }
      if (from || to) {
        const t = createdAt(config, r);
        if (t === -Infinity || t < fromTime || t >= toTime) return false;
      }
      return true;
    });
    return newestFirst(config, kept);
  }, [records, filters, from, to, config]);

  // A page beyond the last (after a delete or a narrower filter) shows the last one.
  const shownPage = Math.min(page, pageCount(rows.length) - 1);
  const idField = CATALOGUE_TREE[config.entity].id;

  return {
    rows,
    /** The rows of the page on screen. */
    pageRows: rows.slice(shownPage * PAGE_SIZE, (shownPage + 1) * PAGE_SIZE),
    page: shownPage,
    setPage,
    /** Turns to the page that holds a record (no change when the filters hide it). */
    showRecord: (id: string) => {
      const at = rows.findIndex((r) => String(r[idField]) === id);
      if (at >= 0) setPage(Math.floor(at / PAGE_SIZE));
    },
    filters,
    setFilter: (label: string, value: string) => {
      setFilters({ ...filters, [label]: value });
      setPage(0);
    },
    from,
    setFrom: (v: string) => {
      setFrom(v);
      setPage(0);
    },
    to,
    setTo: (v: string) => {
      setTo(v);
      setPage(0);
    },
    reset: () => {
      setFilters({});
      setFrom('');
      setTo('');
      setPage(0);
    },
  };
}

export type CatalogueRows = ReturnType<typeof useCatalogueRows>;
