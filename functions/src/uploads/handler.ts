import { ANSWER_MESSAGES, PresignInput, UPLOAD_FAILED } from '@gia/shared';
import { caller, createGroupHandler, formFile, ok } from '../lib/http.ts';
import { parse } from '../lib/validation.ts';
import { presignUpload, storeUploadedFile } from './service.ts';

/** Uploads (docs/api.md §5). */
export const handler = createGroupHandler('uploads', {
  'uploads.presign': async (req) =>
    ok(
      ANSWER_MESSAGES.uploadReady,
      await presignUpload(caller(req), parse(PresignInput, req.body)),
    ),
  'uploads.file': async (req) => {
    const url = await storeUploadedFile(caller(req), await formFile(req, 'image', UPLOAD_FAILED));
    return ok(ANSWER_MESSAGES.fileUploaded, { url }, { url });
  },
});
