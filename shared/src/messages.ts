import { template } from './message-template.ts';
import { registerMessages } from './message-codes.ts';
/** User-facing texts fixed by the contract and the specification. */
export const MESSAGES = {
  internal: 'Something went wrong.',
  notFound: 'The requested resource was not found.',
  methodNotAllowed: 'This method is not allowed on this path.',
  notImplemented: 'This feature is not available yet.',
  unauthenticated: 'Please sign in to continue.',
  forbidden: 'You are not allowed to do this.',
  malformedJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request body is too large.',
  unavailable: 'The service is busy right now. Please try again in a moment.',
  /** The edge's answer to a client over its request rate (infra's web firewall). */
  tooManyRequests: 'Too many requests. Please try again later.',
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
  notReady: 'The service is not ready: storage did not answer in time.',
  outboxLocalOnly: 'The outbox exists only on the local stack.',
  csrfHeaderMissing: 'This request must be sent by the GIA School app.',
  invalidCursor: 'Invalid cursor.',
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

/** Texts of the learner's own data (docs/api.md §6). */
export const LEARNER_MESSAGES = {
  cartLoaded: 'Cart items loaded successfully.',
  cartAdded: 'Added Successfully',
  cartDuplicate: 'Already in your cart.',
  cartOwned: 'You already own this subject.',
  cartFree: 'This subject is free.',
  cartRemoved: 'Item removed successfully.',
  cartItemNotFound: 'Cart item not found.',
  subjectNotFound: 'Subject not found.',
  favouritesLoaded: 'Favourites loaded successfully.',
  favouriteAdded: 'Added to favourites.',
  favouriteExists: 'Already in your favourites.',
  favouriteNotFound: 'Favorite item not found.',
  favouriteRemoved: template(
    ['subject'],
    (subject: string) => `${subject} has been removed from favorites.`,
  ),
  purchasesLoaded: 'Purchased subjects loaded successfully.',
  paymentsLoaded: 'Payment history loaded successfully.',
  courseProgressLoaded: 'Course progress loaded successfully.',
  otherUser: 'You can only see your own data.',
  profileNotFound: 'Profile not found.',
  languageSaved: 'Your language is saved.',
  classNotFound: 'Class not found.',
} as const;

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
registerMessages('learner', LEARNER_MESSAGES);
