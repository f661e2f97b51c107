import { useQuery } from '@tanstack/react-query';
import { call } from './api-call.ts';

export const aiStatusKey = () => ['ai-status'] as const;

/**
 * Whether the AI teacher is configured (`getAiStatus`): the app offers it (and admins its drafts
 * of practice questions) only when it is. Read once per visit; a failed read counts as not
 * available.
 */
export const useAiStatus = () =>
  useQuery({
    queryKey: aiStatusKey(),
    staleTime: Infinity,
    retry: 1,
    queryFn: async () => (await call('ai.status')).data.available,
  });
