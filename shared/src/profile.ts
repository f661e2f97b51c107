import * as z from 'zod/mini';
import { preprocess, text } from './zod.ts';
import { PROFILE_MESSAGES } from './profile-messages.ts';
import { MESSAGES } from './messages.ts';
import { isStateCode, SELLING_MESSAGES } from './gst-states.ts';
import { languageInvalid, UI_LANGUAGES } from './languages.ts';

// The learner's profile inputs, apart from learning.ts so the functions that validate reviews,
// Q&A and progress do not bundle the profile's schemas and the GST states they check.

/** Profile fields with the names the "{field} is required!" messages use. */
export const PROFILE_FIELDS = {
  user_mobile: 'Mobile',
  user_name: 'Name',
  email: 'Email',
  dob: 'Date of birth',
  course_of_study: 'Course of study',
  profile_image: 'Profile image',
} as const;

/** The longest text each profile field takes (the form's `maxLength`s). */
export const PROFILE_LIMITS = {
  user_mobile: 10,
  user_name: 100,
  email: 254,
  course_of_study: 200,
  profile_image: 2000,
} as const;

/** The profile fields a learner must fill in: every one but the photo (issue 14). */
export const REQUIRED_PROFILE_FIELDS = [
  'user_mobile',
  'user_name',
  'email',
  'dob',
  'course_of_study',
] as const satisfies readonly (keyof typeof PROFILE_FIELDS)[];

const required = (field: keyof typeof PROFILE_FIELDS, max = 500) =>
  text(PROFILE_MESSAGES.profileFieldRequired(PROFILE_FIELDS[field]), max);

/** The product's language (issue 33): `en`, `kn`, `hi`. */
const language = z.enum(UI_LANGUAGES, { error: languageInvalid('language') });

/** `updateUserLanguage`: the learner's language alone. */
export const LanguageChoiceInput = z.object({ language });
export type LanguageChoiceInput = z.infer<typeof LanguageChoiceInput>;

export const UpdateProfileInput = z.object({
  user_mobile: z.pipe(
    required('user_mobile', 20),
    z.string().check(z.regex(/^\d{10}$/, { error: PROFILE_MESSAGES.profileMobile })),
  ),
  user_name: required('user_name', PROFILE_LIMITS.user_name),
  email: z.pipe(required('email', PROFILE_LIMITS.email), z.email({ error: MESSAGES.emailInvalid })),
  /** YYYY-MM-DD; a time part or trailing Z is dropped. */
  dob: z.pipe(
    z.pipe(
      required('dob', 40),
      z.transform((v) => v.replace(/Z$/, '').slice(0, 10)),
    ),
    z.iso.date({ error: PROFILE_MESSAGES.profileDobInvalid, abort: true }).check(
      // Beside the other fields' problems, so a form hears of all of them at once.
      z.refine((d) => d <= new Date().toISOString().slice(0, 10), {
        error: PROFILE_MESSAGES.profileDob,
      }),
    ),
  ),
  course_of_study: required('course_of_study', PROFILE_LIMITS.course_of_study),
  /** The learner's state (GST state code, `INDIAN_STATES`): it decides the GST on their invoices. Missing: unchanged. */
  state: z.optional(
    z
      .string({ error: SELLING_MESSAGES.stateUnknown })
      .check(z.refine(isStateCode, { error: SELLING_MESSAGES.stateUnknown })),
  ),
  /** The product's language (issue 33: `en`, `kn`, `hi`). Missing: unchanged. */
  language: z.optional(language),
  /** Optional: a profile is saved without a photo (missing or blank means none). */
  profile_image: z._default(
    preprocess(
      (v) => (v === null ? '' : typeof v === 'string' ? v.trim() : v),
      z.string().check(z.maxLength(PROFILE_LIMITS.profile_image)),
    ),
    '',
  ),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

/** The code Cognito e-mailed to a new address, confirming an e-mail change. */
export const VerifyEmailInput = z.object({
  code: z.pipe(
    text(PROFILE_MESSAGES.emailCodeRequired, 20),
    z.string().check(z.regex(/^\d{6}$/, { error: PROFILE_MESSAGES.emailCodeRequired })),
  ),
});
export type VerifyEmailInput = z.infer<typeof VerifyEmailInput>;
