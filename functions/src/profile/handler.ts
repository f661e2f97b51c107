import {
  LanguageChoiceInput,
  LEARNER_MESSAGES,
  PROFILE_MESSAGES as M,
  UpdateProfileInput,
  VerifyEmailInput,
} from '@gia/shared';
import { BuyerStateInput, SELLING_MESSAGES } from '@gia/shared/gst-states.ts';
import { learnerId } from '../lib/identity.ts';
import { confirmEmail, getProfile, saveLanguage, saveState, updateProfile } from './service.ts';
import { bearerToken } from '../lib/auth.ts';
import { createGroupHandler, ok } from '../lib/http.ts';
import { parse } from '../lib/validation.ts';

/** The learner's own access token (the route's access rule guarantees a verified one). */
const ownToken = (headers: Record<string, string | undefined>) => bearerToken(headers) ?? '';

/**
 * The learner's profile (docs/api.md §6); `password` and `is_verified` are ignored. A new
 * e-mail waits for the code sent to it (`verifyEmail`).
 */
export const handler = createGroupHandler('profile', {
  'profile.get': async (req) => ok(M.profileLoaded, [await getProfile(learnerId(req))]),
  'profile.update': async (req) =>
    ok(
      M.profileUpdated,
      await updateProfile(
        learnerId(req),
        parse(UpdateProfileInput, req.body),
        ownToken(req.headers),
      ),
    ),
  'profile.verifyEmail': async (req) =>
    ok(
      M.emailConfirmed,
      await confirmEmail(
        learnerId(req),
        parse(VerifyEmailInput, req.body).code,
        ownToken(req.headers),
      ),
    ),
  'profile.updateState': async (req) =>
    ok(
      SELLING_MESSAGES.stateSaved,
      await saveState(learnerId(req), parse(BuyerStateInput, req.body).state),
    ),
  'profile.updateLanguage': async (req) =>
    ok(
      LEARNER_MESSAGES.languageSaved,
      await saveLanguage(learnerId(req), parse(LanguageChoiceInput, req.body).language),
    ),
});
