/*
 * What the app says about lessons saved for offline (issue 32, items 3 and 4): one place, read by
 * the web app and its service worker (web/src/sw/saved-packs-routes.ts).
 */

/** A saved pack not confirmed online for {@link OFFLINE_CONFIRM_DAYS} days no longer plays. */
export const PACK_NEEDS_CONFIRMING = 'Connect to the internet to keep using this saved chapter.';

/** A lesson opened offline that is not saved on this device. */
export const NOT_SAVED_FOR_OFFLINE = 'Not saved for offline';

/** What to do about a lesson that is not saved. */
export const HOW_TO_SAVE =
  'Next time you are online, open the lesson and tap "Save lesson for offline", or "Save chapter for offline" in its list of lessons.';

/** How long a saved pack plays offline after access to it was last confirmed online. */
export const OFFLINE_CONFIRM_DAYS = 30;

/** Storage the browser refused (quota) while saving. */
export const STORAGE_FULL =
  'This phone has no room left for the download. Remove a saved chapter and try again.';

/** A save the network interrupted. */
export const SAVE_INTERRUPTED =
  'The download stopped because the network dropped. It carries on when you are back online.';
