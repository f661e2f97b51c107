import { template } from './message-template.ts';
import { registerMessages } from './message-codes.ts';

/**
 * Texts of the learner's own data (docs/api.md §6): a module of its own, so that only the
 * functions that answer about a learner's data bundle them.
 */
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

// The codes of these messages (shared/src/message-codes.ts).
registerMessages('learner', LEARNER_MESSAGES);
