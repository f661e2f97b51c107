import { useQuery } from '@tanstack/react-query';
import type { AboutSubjectAnswer } from '@gia/shared';
import { call } from '../../../lib/api-call.ts';
import { DEPENDS_ON_PURCHASES } from '../../../lib/purchases-api.ts';

/** Query keys of the owned classes and the subjects' introductions. */
export const subjectIntroKeys = {
  purchasedClasses: () => ['purchased-classes'] as const,
  about: (subjectId?: string) => ['about', subjectId ?? ''] as const,
};

/** The subjects the learner owns, with their classes and prices. */
export const usePurchasedClasses = () =>
  useQuery({
    queryKey: subjectIntroKeys.purchasedClasses(),
    meta: DEPENDS_ON_PURCHASES,
    queryFn: async () => (await call('purchases.getUserClassPurchased')).data,
  });

/** A subject's introduction records (their videos signed only for the subject's owners). */
export const fetchAboutSubject = async (subjectId: string) =>
  (await call('purchases.getAboutSubjects', { query: { subject_id: subjectId } })).data;

/** The first introduction video of a subject, if any. */
export const introVideo = (about: AboutSubjectAnswer[]) =>
  about.find((a) => a.video_url)?.video_url ?? '';

export const useAboutSubject = (subjectId?: string) =>
  useQuery({
    queryKey: subjectIntroKeys.about(subjectId),
    enabled: Boolean(subjectId),
    meta: DEPENDS_ON_PURCHASES,
    queryFn: () => fetchAboutSubject(subjectId ?? ''),
  });
