/** Rows shown on one page of a back-office table. */
export const PAGE_SIZE = 20;

/** The number of pages `total` rows take (at least one). */
export const pageCount = (total: number, size = PAGE_SIZE) => Math.max(1, Math.ceil(total / size));

/** "21–40 of 73": the rows a page shows, counted from 1. */
export function pageRange(page: number, total: number, size = PAGE_SIZE): string {
  if (total === 0) return '0 of 0';
  const first = page * size + 1;
  return `${first}–${Math.min(total, first + size - 1)} of ${total}`;
}

/** Previous / Next through the pages of a table, with the rows on screen ("21–40 of 73"). */
export function Pager({
  page,
  total,
  label,
  onPage,
}: {
  /** Counted from 0. */
  page: number;
  total: number;
  /** What the pages are of ("Boards List"), for the navigation's name. */
  label: string;
  onPage(page: number): void;
}) {
  const last = pageCount(total) - 1;
  return (
    <nav className="pager" aria-label={`Pages of ${label}`}>
      <button
        type="button"
        className="btn btn-small"
        disabled={page <= 0}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span role="status">{pageRange(page, total)}</span>
      <button
        type="button"
        className="btn btn-small"
        disabled={page >= last}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
