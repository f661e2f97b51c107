/*
 * The search indexes of classes (issue 34, docs/search.md), as the device reads them: each class's
 * pointer (`/media/public/search/<class_id>/latest.json`, cached a minute by CloudFront) names its
 * immutable index file, which is downloaded once per tab and opened with the one search code
 * (shared/src/search.ts). They are static files under `/media/public/`, like the catalogue's
 * images, not API answers: read with a plain same-origin fetch, never through the API client.
 *
 * Offline, the indexes a saved chapter kept (web/src/lib/saved-packs.ts) are opened instead. Here,
 * not in a feature: the learner's search and the back office's both read them.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { searchPointerKey, type SearchPointer } from '@gia/shared/search-types.ts';
import { openSearchIndex } from '@gia/shared/search.ts';
import { readKeptSearchFiles } from './saved-packs.ts';

/** A class's index, opened and ready to search. */
export type OpenIndex = ReturnType<typeof openSearchIndex>;
/** An index file as downloaded (JSON). */
type IndexFile = Parameters<typeof openSearchIndex>[0];

/** A class whose index is not built yet (its pointer answers 403 or 404). */
export class SearchNotReady extends Error {
  constructor(readonly classId: string) {
    super(`class ${classId} has no search index yet`);
    this.name = 'SearchNotReady';
  }
}

/** The site path of a media key (`public/…` → `/media/public/…`). */
export const mediaPath = (key: string) => `/media/${key}`;

/** Where a class's pointer is on the site. */
export const pointerUrl = (classId: string) => mediaPath(searchPointerKey(classId));

/** The indexes opened in this tab, by their file's key (immutable: never fetched twice). */
const opened = new Map<string, Promise<OpenIndex>>();

/** Forgets the opened indexes (tests). */
export const forgetOpenedIndexes = () => opened.clear();

/** Opens an index file once per tab (the same file kept by two packs is one index). */
export function openOnce(key: string, read: () => Promise<IndexFile>): Promise<OpenIndex> {
  let pending = opened.get(key);
  if (!pending) {
    pending = read().then(openSearchIndex);
    // A failed download is tried again at the next search, not remembered.
    pending.catch(() => opened.delete(key));
    opened.set(key, pending);
  }
  return pending;
}

/** A class's current pointer; {@link SearchNotReady} when the class has no index yet. */
export async function readPointer(
  classId: string,
  fetcher: typeof fetch = fetch,
): Promise<SearchPointer> {
  const res = await fetcher(pointerUrl(classId), { credentials: 'same-origin' });
  if (res.status === 403 || res.status === 404) throw new SearchNotReady(classId);
  if (!res.ok) throw new Error(`${pointerUrl(classId)} answered ${res.status}`);
  return (await res.json()) as SearchPointer;
}

/** A class's index, opened (its file downloaded unless this tab has it already). */
export async function loadClassIndex(
  classId: string,
  fetcher: typeof fetch = fetch,
): Promise<OpenIndex> {
  const pointer = await readPointer(classId, fetcher);
  return openOnce(pointer.file, async () => {
    const res = await fetcher(mediaPath(pointer.file), { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`${pointer.file} answered ${res.status}`);
    return (await res.json()) as IndexFile;
  });
}

/** The indexes the saved chapters of `userId` kept on this phone, opened. */
export async function loadKeptIndexes(userId: string | null): Promise<OpenIndex[]> {
  const kept = await readKeptSearchFiles(userId);
  return Promise.all(
    kept.map((k) => openOnce(k.pointer.file, async () => (await k.read()) as IndexFile)),
  );
}

/** Query keys of search. */
export const searchKeys = {
  index: (classId: string) => ['search-index', classId] as const,
  kept: (userId: string | null) => ['search-kept', userId ?? ''] as const,
};

/** One class's index as the search page reads it: loading, ready, not ready, or failed. */
export interface ClassIndexState {
  classId: string;
  index: OpenIndex | undefined;
  pending: boolean;
  notReady: boolean;
  failed: boolean;
  retry(): void;
}

/**
 * The indexes of `classIds`, each a query of its own (a class without an index does not stop the
 * others). The pointer is read again after a minute (its own cache time); the file, immutable,
 * comes from this tab's memory when it did not change.
 */
export function useClassIndexes(classIds: readonly string[], enabled = true): ClassIndexState[] {
  const results = useQueries({
    queries: classIds.map((classId) => ({
      queryKey: searchKeys.index(classId),
      enabled,
      staleTime: 60_000,
      retry: (count: number, err: unknown) => !(err instanceof SearchNotReady) && count < 2,
      queryFn: () => loadClassIndex(classId),
    })),
  });
  return results.map((r, i) => ({
    classId: classIds[i]!,
    index: r.data,
    pending: enabled && r.isPending && !r.isPaused,
    notReady: r.error instanceof SearchNotReady,
    failed: r.isError && !(r.error instanceof SearchNotReady),
    retry: () => void r.refetch(),
  }));
}

/** The indexes kept by the learner's saved chapters (read from Cache Storage, no network). */
export const useKeptIndexes = (userId: string | null, enabled = true) =>
  useQuery({
    queryKey: searchKeys.kept(userId),
    enabled,
    networkMode: 'always',
    staleTime: 60_000,
    queryFn: () => loadKeptIndexes(userId),
  });
