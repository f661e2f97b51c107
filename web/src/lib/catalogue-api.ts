import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { hasSession } from './session.ts';

const L = '/api/v1/classuser/data';
const U = '/api/v1/users/data';

export type Rec = Record<string, unknown> & { [k: string]: unknown };
interface List<T> {
  data: T[];
  next_cursor?: string | null;
}

/** Every page of a public list. */
async function all<T = Rec>(path: string): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null | undefined;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const page: List<T> = await api<List<T>>(
      'GET',
      `${path}${sep}limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    out.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}

export const useBoards = () =>
  useQuery({ queryKey: ['boards'], queryFn: () => all(`${L}/getBoards`) });
export const useClasses = (boardId?: string) =>
  useQuery({
    queryKey: ['classes', boardId ?? ''],
    queryFn: () =>
      all(`${L}/getClasses${boardId ? `?board_id=${encodeURIComponent(boardId)}` : ''}`),
  });
export const useSubjects = (classId?: string) =>
  useQuery({
    queryKey: ['subjects', classId ?? ''],
    queryFn: () =>
      all(`${L}/getSubjects${classId ? `?class_id=${encodeURIComponent(classId)}` : ''}`),
  });
export const useSubSubjects = (subjectId?: string) =>
  useQuery({
    queryKey: ['sub-subjects', subjectId ?? ''],
    enabled: Boolean(subjectId),
    queryFn: () => all(`${L}/getSubSubjects?subject_id=${encodeURIComponent(subjectId ?? '')}`),
  });
export const useChapters = (subSubjectId?: string) =>
  useQuery({
    queryKey: ['chapters', subSubjectId ?? ''],
    enabled: Boolean(subSubjectId),
    queryFn: () => all(`${L}/getChapters?sub_subject_id=${encodeURIComponent(subSubjectId ?? '')}`),
  });
export const useTopics = (chapterId?: string) =>
  useQuery({
    queryKey: ['topics', chapterId ?? ''],
    enabled: Boolean(chapterId),
    queryFn: () => all(`${L}/getTopics?chapter_id=${encodeURIComponent(chapterId ?? '')}`),
  });
export const useClassDetail = (classId?: string) =>
  useQuery({
    queryKey: ['class', classId ?? ''],
    enabled: Boolean(classId),
    queryFn: async () =>
      (
        await api<{ data: Rec & { subjects: (Rec & { topics: Rec[] })[] } }>(
          'GET',
          `${L}/getClasses_Byid/${encodeURIComponent(classId ?? '')}`,
        )
      ).data,
  });
export const useTestimonials = () =>
  useQuery({ queryKey: ['testimonials'], queryFn: () => all(`${L}/gettestimonial`) });

/** The signed-in learner's purchased subject ids (empty for a visitor). */
export const usePurchased = () =>
  useQuery({
    queryKey: ['purchased'],
    enabled: hasSession('learner'),
    queryFn: async () => (await api<{ data: Rec[] }>('GET', `${L}/getsubjects_purchased`)).data,
  });

export const useFavourites = () =>
  useQuery({
    queryKey: ['favourites'],
    enabled: hasSession('learner'),
    queryFn: async () => (await api<{ data: Rec[] }>('GET', `${U}/getuser_favorites`)).data,
  });

export function useFavouriteActions() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['favourites'] });
  return {
    add: useMutation({
      mutationFn: (subjectId: string) =>
        api<{ message: string }>('POST', `${U}/insertuser_favorites`, {
          body: { subject_id: subjectId },
        }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (favoriteId: string) =>
        api<{ message: string }>(
          'DELETE',
          `${U}/deleteuser_favorites/${encodeURIComponent(favoriteId)}`,
        ),
      onSuccess: done,
    }),
  };
}

export function useAddToCart() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (subjectId: string) =>
      api<{ message: string }>('POST', `${L}/insertUSER_CART`, { body: { subject_id: subjectId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['cart'] }),
  });
}

/** Price bands of the class filter. */
export const PRICE_BANDS = {
  all: { label: 'All Prices', test: () => true },
  low: { label: 'Below 100', test: (p: number) => p < 100 },
  medium: { label: '100 - 500', test: (p: number) => p >= 100 && p <= 500 },
  high: { label: 'Above 500', test: (p: number) => p > 500 },
} as const;

export const rupee = (v: unknown, missing = 'N/A') => {
  const n = typeof v === 'number' ? v : Number(v);
  return v === null || v === undefined || v === '' || Number.isNaN(n)
    ? missing
    : `₹${n.toLocaleString('en-IN')}`;
};
export const str = (v: unknown) => (typeof v === 'string' ? v : '');
