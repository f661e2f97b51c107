import { API_MESSAGES } from './api-messages.ts';
import { registerMessages } from './message-codes.ts';
/**
 * User-facing texts fixed by the contract and the specification: those any route answers
 * (api-messages.ts) and those of accounts, sign-in and the back office's admins.
 */
export const MESSAGES = {
  ...API_MESSAGES,
  signupSuccess: 'Successfully signed up',
  loginSuccess: 'Logged in Successfully',
  loginFailed: 'Invalid email or password.',
  loginRateLimited: 'Too many failed sign-in attempts. Please try again later.',
  signupRateLimited: 'Too many accounts were created from this network. Please try again later.',
  emailTaken: 'An account with this email already exists.',
  refreshed: 'Token refreshed',
  refreshFailed: 'Your session has expired. Please sign in again.',
  loggedOut: 'Logged out successfully',
  forgotPasswordSent: 'If an account exists for this e-mail, we have sent a code.',
  passwordChanged: 'Your password has been changed. Please sign in.',
  resetCodeWrong: 'That code is not right. Check the e-mail we sent and try again.',
  resetCodeExpired: 'That code has expired. Please ask for a new one.',
  resetTooManyTries: 'Too many wrong codes. Please wait a few minutes and ask for a new code.',
  signInCodeSent: 'If an account exists for this e-mail, we have sent a sign-in code.',
  signInCodeWrong: 'That code is not right, or it has expired. Please ask for a new one.',
  signInCodeTooManyTries: 'Too many wrong codes. Please ask for a new code.',
  codeRequestsTooMany: 'Too many codes were asked for. Please try again later.',
  signedOutEverywhere: 'You are signed out on every device.',
  credentialsRequired: 'Email and password are required.',
  emailInvalid: 'Please enter a valid email address.',
  codeFormat: 'Please enter the 6-digit code from the e-mail.',
  outboxLocalOnly: 'The outbox exists only on the local stack.',
  passwordRule: 'Password must be at least 8 characters long and contain a letter and a digit.',
  adminsLoaded: 'Admins loaded',
  adminCreated: 'Admin created successfully.',
  adminDeleted: 'Admin deleted successfully.',
  adminSelfDelete: 'You cannot delete your own account.',
  adminNotFound: 'Admin not found.',
  adminEmailTaken: 'An admin with this email already exists.',
  signupFailedUi: 'Failed to sign-up, Please try again later!!',
  signinFailedUi: 'Failed to sign-in, Please try again later!!',
  adminLoginFailedUi: 'Failed to login. Please try again.',
} as const;

/** The password rule of the contract: at least 8 characters with a letter and a digit. */
export const PASSWORD_RULE_MESSAGE = MESSAGES.passwordRule;

/** The longest text each sign-up field takes (the schemas' limits and the forms' `maxLength`). */
export const SIGNUP_LIMITS = { user_name: 100, email: 254, passwordMin: 8, password: 256 } as const;

/** Whether a password keeps the rule (the same test as the sign-up schema, without zod). */
export const keepsPasswordRule = (p: string) =>
  p.length >= SIGNUP_LIMITS.passwordMin &&
  p.length <= SIGNUP_LIMITS.password &&
  /[A-Za-z]/.test(p) &&
  /[0-9]/.test(p);

/**
 * The `message` of answers whose text the contract leaves open (kept as they always were), so no
 * handler holds a literal.
 */
export const ANSWER_MESSAGES = {
  aboutSubject: 'About subject',
  progress: 'Progress',
  aiReply: 'AI reply',
  aiStatus: 'AI teacher status',
  uploadReady: 'Upload ready',
  fileUploaded: 'File uploaded successfully',
  boards: 'Boards',
  classes: 'Classes',
  class: 'Class',
  subjects: 'Subjects',
  subSubjects: 'Sub-subjects',
  chapters: 'Chapters',
  topics: 'Topics',
  testimonials: 'Testimonials',
  subjectOutline: 'Subject outline',
  lesson: 'Lesson',
  myCatalogueState: 'Your catalogue state',
} as const;

// The codes of these messages (shared/src/message-codes.ts).
registerMessages('app', MESSAGES, [
  'adminsLoaded',
  'adminCreated',
  'adminDeleted',
  'adminSelfDelete',
  'adminNotFound',
  'adminEmailTaken',
  'adminLoginFailedUi',
  'outboxLocalOnly',
]);
