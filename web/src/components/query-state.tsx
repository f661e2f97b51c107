import type { ReactNode } from 'react';
import { useT } from '../lib/i18n.ts';
import { OfflineNotice } from './offline.tsx';

/**
 * The honest states of a list read from the API: while it loads, a skeleton of the final layout;
 * when it fails, an alert with "Try again"; offline, that it is not saved and comes by itself once
 * online; only a successful empty answer shows the empty text.
 *
 * Usage (a TanStack query's result fits `query` as it is):
 *
 *     <QueryState
 *       query={boards}
 *       what={t('catalogue.what.boards')}
 *       empty={t('catalogue.empty.boards')}
 *       skeleton="cards"
 *     >
 *       {(data) => <div className="cat-grid">…</div>}
 *     </QueryState>
 *
 * `what` and `empty` are given in the interface's language (`t(…)`): they are set into its
 * sentences ("We couldn't load {what}.").
 *
 * Render it only for a query that runs: a disabled query has no data and no error, and would show
 * its skeleton for ever (say what is missing instead, as the catalogue screens do).
 */

/** What QueryState reads of a query (a TanStack `UseQueryResult` has all of it). */
export interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  isFetching: boolean;
  /** Waiting for the network (offline): TanStack's `isPaused`. */
  isPaused?: boolean;
  refetch(): unknown;
}

/** The skeleton layouts: a card grid, table rows, or a list of rows (cart items, topics). */
export type SkeletonKind = 'cards' | 'table' | 'list';

/** The alert of a failed load: "We couldn't load <what>." and a "Try again" button. */
export function LoadError({
  what,
  why,
  retrying,
  onRetry,
}: {
  what: string;
  /** The server's reason, when it gave one the learner can act on. */
  why?: string;
  retrying?: boolean;
  onRetry(): void;
}) {
  const t = useT();
  return (
    <div className="load-error" role="alert">
      <p>{t('common.loadFailed', { what })}</p>
      {why && <p>{why}</p>}
      <button
        type="button"
        className="btn btn-primary"
        onClick={onRetry}
        disabled={retrying}
        aria-busy={retrying || undefined}
      >
        {retrying ? t('common.retrying') : t('common.retry')}
      </button>
    </div>
  );
}

/** Placeholders in the shape of the content to come (CSS only), announced as busy. */
export function Skeleton({
  kind,
  what,
  count = kind === 'cards' ? 4 : 5,
  columns = 2,
}: {
  kind: SkeletonKind;
  /** Said to screen readers: "Loading <what>…". */
  what: string;
  count?: number;
  /** `table` only: the number of columns. */
  columns?: number;
}) {
  const t = useT();
  const items = Array.from({ length: count }, (_, i) => i);
  const label = t('common.loadingWhat', { what });
  if (kind === 'table') {
    return (
      <div className="table-wrap card skeleton" aria-busy="true" role="status">
        <span className="sr-only">{label}</span>
        <table aria-hidden="true">
          <tbody>
            {items.map((i) => (
              <tr key={i}>
                {Array.from({ length: columns }, (_, c) => (
                  <td key={c}>
                    <span className="skeleton-line" />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  if (kind === 'list') {
    return (
      <div className="skeleton-list skeleton" aria-busy="true" role="status">
        <span className="sr-only">{label}</span>
        {items.map((i) => (
          <div key={i} className="skeleton-row" aria-hidden="true">
            <span className="skeleton-line" />
            <span className="skeleton-line skeleton-line-short" />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className="cat-grid skeleton" aria-busy="true" role="status">
      <span className="sr-only">{label}</span>
      {items.map((i) => (
        <div key={i} className="skeleton-card" aria-hidden="true">
          <span className="skeleton-img" />
          <span className="skeleton-line" />
          <span className="skeleton-line skeleton-line-short" />
        </div>
      ))}
    </div>
  );
}

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/** Loading, failed, empty or loaded: see the file's comment. */
export function QueryState<T>({
  query,
  what,
  empty,
  skeleton,
  skeletonCount,
  columns,
  isEmpty = isEmptyList,
  children,
}: {
  query: QueryLike<T>;
  /** The content in words, for "We couldn't load <what>." and "Loading <what>…": "the boards". */
  what: string;
  /** The empty state: the contract's text ("No boards available."), or more. */
  empty: ReactNode;
  skeleton: SkeletonKind;
  skeletonCount?: number;
  /** `table` skeleton: its number of columns. */
  columns?: number;
  /** Whether a successful answer is empty (default: an empty array). */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  // Data already shown stays shown when a later refetch fails.
  if (query.data !== undefined) {
    if (isEmpty(query.data))
      return typeof empty === 'string' ? <p className="empty">{empty}</p> : empty;
    return children(query.data);
  }
  if (query.isError) {
    return (
      <LoadError what={what} retrying={query.isFetching} onRetry={() => void query.refetch()} />
    );
  }
  // Offline, a skeleton would wait for ever: say so (the read resumes by itself).
  if (query.isPaused) return <OfflineNotice what={what} />;
  return <Skeleton kind={skeleton} what={what} count={skeletonCount} columns={columns} />;
}
