import { registerMessages } from './message-codes.ts';

/**
 * Why a media url was refused on write (the back office's records and questions). One of the
 * upload texts (`UPLOAD_MESSAGES` holds it, its code is `upload.media_url_invalid`), in a module
 * of its own so that a function checking media urls does not bundle the upload kinds and their
 * messages (about 2 KB).
 */
export const MEDIA_URL_MESSAGES = {
  mediaUrlInvalid: 'Media must be an uploaded file (a /media/ link) or an https:// link.',
} as const;

// The codes of these messages (shared/src/message-codes.ts); answered on admin routes only.
registerMessages('upload', MEDIA_URL_MESSAGES, true);
