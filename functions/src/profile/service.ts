import {
  AdminUpdateUserAttributesCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  LEARNER_MESSAGES,
  PROFILE_MESSAGES as M,
  MESSAGES,
  type UpdateProfileInput,
} from '@gia/shared';
import {
  emailOwner,
  getLearnerProfile,
  moveLearnerEmail,
  setLearnerChoice,
  updateLearnerProfile,
  type LearnerProfile,
} from '../db/accounts.ts';
import { cognito } from '../lib/cognito-client.ts';
import {
  ConflictError,
  NotFoundError,
  RateLimitedError,
  UnauthenticatedError,
  ValidationError,
} from '../lib/errors.ts';
import { poolIds } from '../lib/cognito.ts';
import { attachLearnerImage } from '../lib/attach.ts';
import { mailClientMetadata, mailLanguage } from '../lib/mail-language.ts';

const view = (p: LearnerProfile) => ({
  user_id: p.user_id,
  user_name: p.user_name,
  user_mobile: p.user_mobile,
  email: p.email,
  dob: p.dob,
  course_of_study: p.course_of_study,
  profile_image: p.profile_image,
  state: p.state ?? null,
  /** The product's language the learner chose (issue 33), else null (the device's choice). */
  language: p.language ?? null,
  is_verified: p.is_verified,
  /** A new e-mail awaiting the code sent to it, else null. */
  pending_email: p.pending_email ?? null,
});

/** The learner's profile, never a password. */
export async function getProfile(userId: string) {
  const profile = await getLearnerProfile(userId);
  if (!profile) throw new NotFoundError(LEARNER_MESSAGES.profileNotFound);
  return view(profile);
}

/** Sets the learner's state alone (the cart asks for it: it splits the GST). */
export async function saveState(userId: string, state: string) {
  return saveChoice(userId, 'state', state);
}

/** The learner's language for the product (issue 33), alone: a new account has no mobile yet. */
export async function saveLanguage(userId: string, language: string) {
  return saveChoice(userId, 'language', language);
}

async function saveChoice(userId: string, field: 'state' | 'language', value: string) {
  const profile = await getLearnerProfile(userId);
  if (!profile) throw new NotFoundError(LEARNER_MESSAGES.profileNotFound);
  await setLearnerChoice(userId, field, value, new Date().toISOString());
  return view({ ...profile, [field]: value });
}

const today = () => new Date().toISOString().slice(0, 10);

const INVALID_EMAIL = MESSAGES.emailInvalid;

/** Cognito's answers to an attribute change, as the learner should see them. */
function attributeError(err: unknown): Error {
  switch ((err as Error).name) {
    case 'AliasExistsException':
    case 'UsernameExistsException':
      return new ConflictError(M.profileEmailTaken);
    case 'InvalidParameterException':
      return new ValidationError(INVALID_EMAIL, [{ field: 'email', message: INVALID_EMAIL }]);
    case 'NotAuthorizedException':
      // The token was revoked in Cognito (e.g. a global sign-out) after it was verified here.
      return new UnauthenticatedError();
    default:
      return err as Error;
  }
}

/**
 * Updates the profile. A new e-mail is not taken on the learner's word: it only becomes pending,
 * and Cognito e-mails a code to it (the pool keeps the original address until the new one is
 * verified, so sign-in keeps working with the old one). {@link confirmEmail} completes the
 * change. Saving the current address again cancels a pending change; saving a new one again
 * sends a new code.
 *
 * `accessToken` is the learner's own: Cognito changes a user's attributes on their token.
 */
export async function updateProfile(
  userId: string,
  input: UpdateProfileInput,
  accessToken: string,
) {
  if (input.dob > today())
    throw new ValidationError(M.profileDob, [{ field: 'dob', message: M.profileDob }]);
  const old = await getLearnerProfile(userId);
  if (!old) throw new NotFoundError(LEARNER_MESSAGES.profileNotFound);
  const { email: requested, ...rest } = input;
  // A newly uploaded image is checked and made public only now (finding 16).
  const fields = { ...rest, profile_image: await attachLearnerImage(userId, input.profile_image) };
  const email = requested.toLowerCase();
  const emailChanged = email !== old.email.toLowerCase();
  if (emailChanged) {
    const owner = await emailOwner(email);
    if (owner && owner !== userId) throw new ConflictError(M.profileEmailTaken);
  }
  const attributes = [
    ...(fields.user_name !== old.user_name ? [{ Name: 'name', Value: fields.user_name }] : []),
    // Without `email_verified`: the address is not proven yet.
    ...(emailChanged ? [{ Name: 'email', Value: email }] : []),
  ];
  if (attributes.length) {
    try {
      await cognito.send(
        new UpdateUserAttributesCommand({
          AccessToken: accessToken,
          UserAttributes: attributes,
          // The code for a new e-mail is written in the learner's language (issue 33): the one
          // this save keeps, else the one saved before, else English.
          ClientMetadata: mailClientMetadata(mailLanguage(fields.language ?? old.language)),
        }),
      );
    } catch (err) {
      throw attributeError(err);
    }
  }
  const pending = emailChanged ? email : undefined;
  await updateLearnerProfile(userId, fields, pending, new Date().toISOString());
  return view({
    ...old,
    ...fields,
    state: fields.state ?? old.state,
    language: fields.language ?? old.language,
    pending_email: pending,
  });
}

/** Cognito's answers to a wrong, stale or over-tried code, as the learner should see them. */
function codeError(err: unknown): Error {
  const detail = (message: string) => new ValidationError(message, [{ field: 'code', message }]);
  switch ((err as Error).name) {
    case 'CodeMismatchException':
      return detail(M.emailCodeWrong);
    case 'ExpiredCodeException':
      return detail(M.emailCodeExpired);
    case 'LimitExceededException':
    case 'TooManyFailedAttemptsException':
      return new RateLimitedError(M.emailCodeTooMany);
    default:
      return attributeError(err);
  }
}

/**
 * Confirms a pending e-mail change with the code Cognito sent to the new address: Cognito
 * verifies it and only then does the profile take the address and the e-mail guard move. If
 * another learner took the address in the meantime, Cognito is put back to the old address.
 */
export async function confirmEmail(userId: string, code: string, accessToken: string) {
  const profile = await getLearnerProfile(userId);
  if (!profile) throw new NotFoundError(LEARNER_MESSAGES.profileNotFound);
  const pending = profile.pending_email;
  if (!pending) throw new ConflictError(M.emailNothingPending);
  try {
    await cognito.send(
      new VerifyUserAttributeCommand({
        AccessToken: accessToken,
        AttributeName: 'email',
        Code: code,
      }),
    );
  } catch (err) {
    throw codeError(err);
  }
  const refused = await moveLearnerEmail(profile, pending, new Date().toISOString());
  if (refused) {
    await cognito.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: poolIds('learner').userPoolId,
        Username: userId,
        UserAttributes: [
          { Name: 'email', Value: profile.email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    throw new ConflictError(refused === 'taken' ? M.profileEmailTaken : M.emailNothingPending);
  }
  return view({ ...profile, email: pending, is_verified: true, pending_email: undefined });
}
