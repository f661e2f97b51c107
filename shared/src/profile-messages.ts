import { template } from './message-template.ts';
import { registerMessages } from './message-codes.ts';

/**
 * The texts of a learner's profile and of confirming a new e-mail address (docs/api.md §6). Part
 * of `LEARNING_MESSAGES` (codes `learning.*`), in a module of their own so that the profile's
 * function does not bundle the texts of reviews, questions and the AI teacher.
 */
export const PROFILE_MESSAGES = {
  profileLoaded: 'Profile loaded successfully.',
  profileUpdated: 'Profile Updated Successfully',
  /** A profile field left blank (docs/api.md §6: "{field} is required!"). */
  profileFieldRequired: template(['field'], (field: string) => `${field} is required!`),
  profileMobile: 'Mobile number must be exactly 10 digits.',
  profileDob: 'Date of birth cannot be later than today.',
  profileDobInvalid: 'Please enter a valid date of birth.',
  profileEmailTaken: 'This email is already used by another account.',
  emailCodeSent:
    'We sent a 6-digit code to your new email address. Enter it to confirm the change.',
  emailCodeRequired: 'Please enter the 6-digit code from the email.',
  emailCodeWrong: 'This code is not correct.',
  emailCodeExpired: 'This code has expired. Save your new email again to get a new code.',
  emailCodeTooMany: 'Too many attempts. Please try again later.',
  emailNothingPending: 'There is no email change to confirm.',
  emailConfirmed: 'Your new email address is confirmed.',
} as const;

// The codes of these messages (shared/src/message-codes.ts).
registerMessages('learning', PROFILE_MESSAGES);
