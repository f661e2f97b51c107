import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileInput } from '@gia/shared';
import { call, type Answer } from '../../../lib/api-call.ts';
import { useSession } from '../../../lib/session.ts';

/** Query keys of the learner's profile. */
export const profileKeys = {
  mine: () => ['profile'] as const,
};

/** The signed-in learner's profile. */
export const useProfile = () =>
  useQuery({
    queryKey: profileKeys.mine(),
    queryFn: async () => (await call('profile.get')).data[0],
  });

type ProfileChange = Answer<'profile.update' | 'profile.verifyEmail'>;

/** Keeps the session's name and e-mail in step with the stored profile. */
function syncSession(profile: ProfileChange['data']) {
  const session = useSession.getState();
  if (session.user)
    useSession.setState({
      user: { ...session.user, name: profile.user_name, email: profile.email },
    });
}

/** After a change: the header's name and e-mail, and the profile, as stored. */
function useProfileChanged() {
  const queryClient = useQueryClient();
  return (res: ProfileChange) => {
    syncSession(res.data);
    return queryClient.invalidateQueries({ queryKey: profileKeys.mine() });
  };
}

/** Saves the profile; a new e-mail waits for its code (`pending_email`). */
export function useUpdateProfile() {
  const changed = useProfileChanged();
  return useMutation({
    mutationFn: (profile: UpdateProfileInput) => call('profile.update', { body: profile }),
    onSuccess: changed,
  });
}

/** Confirms a new e-mail with the code sent to it. */
export function useVerifyEmail() {
  const changed = useProfileChanged();
  return useMutation({
    mutationFn: (code: string) => call('profile.verifyEmail', { body: { code } }),
    onSuccess: changed,
  });
}
