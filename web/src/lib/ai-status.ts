import { useQuery } from '@tanstack/react-query';
import { call } from './api-call.ts';

export const aiStatusKey = () => ['ai-status'] as const;

/**
 * How the AI teacher answers now (`getAiStatus`): `model` when the AI model is configured, else
 * `notes` (the notes' own words quoted). The teacher is always offered; what needs the model itself
 * (an admin's AI drafts of practice questions) is offered only when `mode` is `model`. Read once
 * per visit; a failed read leaves `data` undefined (so not `model`).
 */
export const useAiStatus = () =>
  useQuery({
    queryKey: aiStatusKey(),
    staleTime: Infinity,
    retry: 1,
    queryFn: async () => (await call('ai.status')).data.mode,
  });
