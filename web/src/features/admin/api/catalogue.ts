import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminRouteNames,
  type AdminRouteNames,
  type CatalogueEntity,
} from '@gia/shared/catalogue-tree.ts';
import { allPages } from '../../../lib/all-pages.ts';
import { call } from '../../../lib/api-call.ts';

/** A record of a back-office list, read field by field by the screens' configurations. */
export type Rec = Record<string, unknown>;

/**
 * Query keys of the admin catalogue lists. A write invalidates them all: the lists show their
 * ancestors' names, so a rename changes the lists below it.
 */
export const catalogueKeys = {
  all: ['admin-catalogue'] as const,
  list: (entity: CatalogueEntity) => [...catalogueKeys.all, entity] as const,
};

/** The name of one of an entity's admin routes in the shared route table. */
const routeName = <V extends keyof AdminRouteNames>(
  entity: CatalogueEntity,
  verb: V,
): `admin.catalogue.${AdminRouteNames[V]}` => `admin.catalogue.${adminRouteNames(entity)[verb]}`;

/** How often a list with a video still being transcoded is read again (issue 15). */
const VIDEO_POLL_MS = 4000;

const listQuery = (entity: CatalogueEntity) => ({
  queryKey: catalogueKeys.list(entity),
  queryFn: () => allPages<Rec>(routeName(entity, 'list')),
  // Refreshes while a video is processing, stops once none is.
  refetchInterval: (query: { state: { data?: Rec[] } }) =>
    query.state.data?.some((r) => r.video_status === 'processing') ? VIDEO_POLL_MS : false,
});

/** Every record of an entity (the back office shows whole lists and filters them). */
export const useCatalogueList = (entity: CatalogueEntity) => useQuery(listQuery(entity));

/** The lists a form's dropdowns choose from, by entity. */
export function useCatalogueSources(entities: readonly CatalogueEntity[]) {
  const results = useQueries({ queries: entities.map(listQuery) });
  return new Map(entities.map((e, i) => [e, results[i]?.data ?? []]));
}

/** Inserts a record, or updates the one whose id the body carries (`update: true`). */
export function useSaveRecord(entity: CatalogueEntity) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, update }: { body: Rec; update: boolean }) =>
      call(routeName(entity, update ? 'update' : 'insert'), { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}

/** Deletes a record by id. */
export function useDeleteRecord(entity: CatalogueEntity) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(routeName(entity, 'remove'), { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
