import { AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { LEARNING_MESSAGES as M, type UpdateProfileInput } from '@gia/shared';
import { getLearnerProfile, updateLearnerProfile, type LearnerProfile } from '../db/accounts.ts';
import { cognito } from '../lib/cognito-client.ts';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';
import { poolIds } from '../auth/cognito.ts';
import { attachLearnerImage } from '../uploads/attach.ts';

const view = (p: LearnerProfile) => ({
  user_id: p.user_id,
  user_name: p.user_name,
  user_mobile: p.user_mobile,
  email: p.email,
  dob: p.dob,
  course_of_study: p.course_of_study,
  profile_image: p.profile_image,
  is_verified: p.is_verified,
});

/** The learner's profile, never a password. */
export async function getProfile(userId: string) {
  const profile = await getLearnerProfile(userId);
  if (!profile) throw new NotFoundError('Profile not found.');
  return view(profile);
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Updates the profile. A new e-mail (or name) is carried to the Cognito user too, so the learner
 * signs in with it; if Cognito refuses, the profile is put back as it was.
 */
export async function updateProfile(userId: string, input: UpdateProfileInput) {
  if (input.dob > today())
    throw new ValidationError(M.profileDob, [{ field: 'dob', message: M.profileDob }]);
  const old = await getLearnerProfile(userId);
  if (!old) throw new NotFoundError('Profile not found.');
  // A newly uploaded image is checked and made public only now (finding 16).
  const profile_image = await attachLearnerImage(userId, input.profile_image);
  const changes = { ...input, profile_image, email: input.email.toLowerCase() };
  const now = new Date().toISOString();
  if (!(await updateLearnerProfile(old, changes, now)))
    throw new ConflictError(M.profileEmailTaken);
  if (old.email !== changes.email || old.user_name !== changes.user_name) {
    try {
      await cognito.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: poolIds('learner').userPoolId,
          Username: old.email,
          UserAttributes: [
            { Name: 'email', Value: changes.email },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'name', Value: changes.user_name },
          ],
        }),
      );
    } catch (err) {
      await updateLearnerProfile({ ...old, ...changes }, old, now);
      if (
        (err as Error).name === 'AliasExistsException' ||
        (err as Error).name === 'UsernameExistsException'
      ) {
        throw new ConflictError(M.profileEmailTaken);
      }
      throw err;
    }
  }
  return view({ ...old, ...changes });
}
