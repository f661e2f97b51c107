import * as z from 'zod/mini';
import { MEDIA_URL_MESSAGES } from './media-url-messages.ts';
import { flattenMessages, registerMessages } from './message-codes.ts';

const MiB = 1024 * 1024;

/** What each kind of upload accepts, enforced by the storage policy itself. */
export const UPLOAD_KINDS = {
  image: {
    extensions: ['jpg', 'jpeg', 'png', 'gif'],
    contentTypes: ['image/jpeg', 'image/png', 'image/gif'],
    maxBytes: 5 * MiB,
    prefix: 'public/images/',
    label: 'jpg, jpeg, png or gif image of at most 5 MB',
  },
  notes: {
    extensions: ['pdf', 'doc', 'docx', 'txt', 'ppt', 'pptx', 'jpg', 'jpeg', 'png', 'gif'],
    contentTypes: [
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'text/plain',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'image/jpeg',
      'image/png',
      'image/gif',
    ],
    maxBytes: 50 * MiB,
    prefix: 'private/notes/',
    label: 'pdf, doc, docx, txt, ppt, pptx, jpg, jpeg, png or gif file of at most 50 MB',
  },
  video: {
    extensions: ['mp4', 'webm', 'mov'],
    contentTypes: ['video/mp4', 'video/webm', 'video/quicktime'],
    maxBytes: 2 * 1024 * MiB,
    prefix: 'private/videos/',
    label: 'mp4, webm or mov video of at most 2 GB',
  },
  // A topic's captions (issue 15), checked by insertTopicCaptions with a WebVTT parser.
  captions: {
    extensions: ['vtt'],
    contentTypes: ['text/vtt'],
    maxBytes: 2 * MiB,
    prefix: 'private/captions/',
    label: 'WebVTT (.vtt) file of at most 2 MB',
  },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

/** Why a file of one kind was refused: its type, or its size (the kind's label names both). */
export const UPLOAD_KIND_MESSAGES = Object.fromEntries(
  Object.entries(UPLOAD_KINDS).map(([kind, { label }]) => [
    kind,
    {
      wrongType: `Please choose a ${label}.`,
      tooLarge: `The file is too large: please choose a ${label}.`,
    },
  ]),
) as Record<UploadKind, { wrongType: string; tooLarge: string }>;

/** Presigned uploads expire after this many seconds (at most 15 minutes). */
export const UPLOAD_EXPIRY_SECONDS = 900;

/** `POST /upload/file` takes at most this many bytes. */
export const MAX_DIRECT_UPLOAD_BYTES = 5 * MiB;

/** Texts of the upload checks. */
export const UPLOAD_MESSAGES = {
  notAnImage: 'The file is not a valid image. Please choose a jpg, png or gif image.',
  quota: 'You have uploaded many files today. Please try again tomorrow.',
  pendingMissing: 'The uploaded image has expired. Please choose it again.',
  failed: 'File upload failed. Please try again.',
  fileEmpty: 'The file is empty.',
  kindInvalid: 'kind must be image, notes, video or captions.',
  sizeInvalid: 'size must be a number of bytes.',
  learnerImagesOnly: 'Learners may upload images only.',
  ...MEDIA_URL_MESSAGES,
} as const;

export const PresignInput = z.object({
  kind: z.enum(['image', 'notes', 'video', 'captions'], {
    error: UPLOAD_MESSAGES.kindInvalid,
  }),
  file_name: z
    .string({ error: 'file_name is required.' })
    .check(z.trim(), z.minLength(1, { error: 'file_name is required.' }), z.maxLength(200)),
  content_type: z
    .string({ error: 'content_type is required.' })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, { error: 'content_type is required.' }),
      z.maxLength(200),
    ),
  size: z.coerce
    .number({ error: UPLOAD_MESSAGES.sizeInvalid })
    .check(
      z.int({ error: UPLOAD_MESSAGES.sizeInvalid }),
      z.minimum(1, { error: UPLOAD_MESSAGES.fileEmpty }),
    ),
});
export type PresignInput = z.infer<typeof PresignInput>;

export const UPLOAD_FAILED = UPLOAD_MESSAGES.failed;

/**
 * Learners' presigned images wait here, unreadable, until they are attached to their profile:
 * then their first bytes are checked and they move to `public/images/`. Storage expires what is
 * left here (a lifecycle rule on this prefix, one day).
 */
export const LEARNER_PENDING_PREFIX = 'private/tmp/';

/** Uploads one learner may start in a day (UTC), presigned or direct. */
export const LEARNER_DAILY_UPLOADS = 20;

// The codes of these messages (shared/src/message-codes.ts).
registerMessages('upload', UPLOAD_MESSAGES, ['mediaUrlInvalid']);
// Learners upload images only (their profile photo); the other kinds are the back office's.
registerMessages('upload', flattenMessages({ image: UPLOAD_KIND_MESSAGES.image }));
registerMessages(
  'upload',
  flattenMessages({
    notes: UPLOAD_KIND_MESSAGES.notes,
    video: UPLOAD_KIND_MESSAGES.video,
    captions: UPLOAD_KIND_MESSAGES.captions,
  }),
  true,
);
