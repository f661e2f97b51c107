import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Favourite } from '@gia/shared';
import { api } from '../../../lib/api-client.ts';
import { apiPath } from '../../../lib/api-paths.ts';
import { hasSession } from '../../../lib/session.ts';

/** Query keys of the learner's favourites. */
export const favouriteKeys = {
  all: () => ['favourites'] as const,
};

/** The signed-in learner's favourite subjects (nothing for a visitor). */
export const useFavourites = () =>
  useQuery({
    queryKey: favouriteKeys.all(),
    enabled: hasSession('learner'),
    queryFn: async () => (await api<{ data: Favourite[] }>('GET', apiPath('favourites.get'))).data,
  });

/** Adds a subject to the favourites. */
export function useAddFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subjectId: string) =>
      api<{ message: string }>('POST', apiPath('favourites.insert'), {
        body: { subject_id: subjectId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: favouriteKeys.all() }),
  });
}

/** Removes a favourite by its id. */
export function useRemoveFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favoriteId: string) =>
      api<{ message: string }>('DELETE', apiPath('favourites.delete', { favorite_id: favoriteId })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: favouriteKeys.all() }),
  });
}
