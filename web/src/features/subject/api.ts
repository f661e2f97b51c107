import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client.ts';
import { call } from '../../lib/api-call.ts';

/** Query keys of the subject page. */
export const subjectKeys = {
  outline: (subjectId: string) => ['subject-outline', subjectId] as const,
};

/** Whether an error says the subject does not exist (nothing to retry). */
export const isNotFound = (err: unknown) => err instanceof ApiError && err.status === 404;

/**
 * A subject's outline: its contents, free previews and price, the same for everyone (cached at
 * the edge); the learner's own playable topics are laid over it (`useWithMyTopics`).
 */
export const useSubjectOutline = (subjectId: string) =>
  useQuery({
    queryKey: subjectKeys.outline(subjectId),
    retry: (failures, err) => !isNotFound(err) && failures < 1,
    queryFn: async () =>
      (await call('catalogue.getSubjectOutline', { params: { subjectId } })).data,
  });
