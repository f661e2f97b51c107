import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client.ts';
import { call } from '../../lib/api-call.ts';
import { DEPENDS_ON_PURCHASES } from '../../lib/purchases-api.ts';

/** Query keys of the subject page. */
export const subjectKeys = {
  outline: (subjectId: string) => ['subject-outline', subjectId] as const,
};

/** Whether an error says the subject does not exist (nothing to retry). */
export const isNotFound = (err: unknown) => err instanceof ApiError && err.status === 404;

/**
 * A subject's outline: its contents, free previews (signed for this caller) and price. A payment
 * refreshes it (the paid topics open).
 */
export const useSubjectOutline = (subjectId: string) =>
  useQuery({
    queryKey: subjectKeys.outline(subjectId),
    meta: DEPENDS_ON_PURCHASES,
    retry: (failures, err) => !isNotFound(err) && failures < 1,
    queryFn: async () =>
      (await call('catalogue.getSubjectOutline', { params: { subjectId } })).data,
  });
