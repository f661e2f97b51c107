import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LINK_PARAMS } from '../../lib/links.ts';
import { pageFromParam } from './notes-view.ts';

/**
 * The notes page the URL names (`?page=3`, the first when absent or not a page number), and a
 * way to move to another that replaces the URL rather than adding to the history: a reload or a
 * shared link opens the page the learner was reading, and Back leaves the notes in one step.
 */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get(LINK_PARAMS.page));
  const setPage = useCallback(
    (next: number) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set(LINK_PARAMS.page, String(next));
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [page, setPage];
}
