import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-call.ts';
import { useHasSession } from '../../../lib/session.ts';

/** Query keys of the learner's favourites. */
export const favouriteKeys = {
  all: () => ['favourites'] as const,
};

/** The signed-in learner's favourite subjects (nothing for a visitor). */
export const useFavourites = () =>
  useQuery({
    queryKey: favouriteKeys.all(),
    enabled: useHasSession('learner'),
    queryFn: async () => (await call('favourites.get')).data,
  });

/** Adds a subject to the favourites. */
export function useAddFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subjectId: string) =>
      call('favourites.insert', { body: { subject_id: subjectId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: favouriteKeys.all() }),
  });
}

/** Removes a favourite by its id. */
export function useRemoveFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favoriteId: string) =>
      call('favourites.delete', { params: { favorite_id: favoriteId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: favouriteKeys.all() }),
  });
}
