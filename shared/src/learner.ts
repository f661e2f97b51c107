import { z } from 'zod';

/** Texts of the learner's own data (CONTRACT section 6). */
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
  favouriteRemoved: (subject: string) => `${subject} has been removed from favorites.`,
  purchasesLoaded: 'Purchased subjects loaded successfully.',
  paymentsLoaded: 'Payment history loaded successfully.',
  otherUser: 'You can only see your own data.',
} as const;

export const SubjectRefInput = z.object({
  subject_id: z
    .string({ error: 'subject_id is required.' })
    .trim()
    .min(1, { error: 'subject_id is required.' }),
});

/** `user_id` is optional wherever it appears; identity comes from the token alone. */
export const UserIdQuery = z.object({ user_id: z.string().trim().min(1).optional() });
