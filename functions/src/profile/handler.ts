import { LEARNING_MESSAGES as M, UpdateProfileInput } from '@gia/shared';
import { learnerId } from '../learner/identity.ts';
import { getProfile, updateProfile } from '../learner/profile.ts';
import { createGroupHandler, ok } from '../lib/http.ts';
import { parse } from '../lib/validation.ts';

/** The learner's profile (CONTRACT section 6); `password` and `is_verified` are ignored. */
export const handler = createGroupHandler('profile', {
  'profile.get': async (req) => ok(M.profileLoaded, [await getProfile(learnerId(req))]),
  'profile.update': async (req) =>
    ok(M.profileUpdated, await updateProfile(learnerId(req), parse(UpdateProfileInput, req.body))),
});
