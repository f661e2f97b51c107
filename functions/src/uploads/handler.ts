import { PresignInput, UPLOAD_FAILED } from '@gia/shared';
import { ValidationError } from '../lib/errors.ts';
import { caller, createGroupHandler, ok, type ApiRequest } from '../lib/http.ts';
import { parse } from '../lib/validation.ts';
import { presignUpload, storeUploadedFile } from './service.ts';

/** The `image` file of a multipart body. */
async function multipartFile(req: ApiRequest) {
  const contentType = req.headers['content-type'] ?? '';
  if (!req.rawBody || !contentType.startsWith('multipart/form-data')) {
    throw new ValidationError(UPLOAD_FAILED, [
      { field: 'image', message: 'Send the file as multipart form field "image".' },
    ]);
  }
  const form = await new Request('http://upload/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: req.rawBody,
  })
    .formData()
    .catch(() => undefined);
  const file = form?.get('image');
  if (!(file instanceof File)) {
    throw new ValidationError(UPLOAD_FAILED, [
      { field: 'image', message: 'No file in field "image".' },
    ]);
  }
  return { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** Uploads (CONTRACT section 5). */
export const handler = createGroupHandler('uploads', {
  'uploads.presign': async (req) =>
    ok('Upload ready', await presignUpload(caller(req), parse(PresignInput, req.body))),
  'uploads.file': async (req) => {
    const url = await storeUploadedFile(caller(req), await multipartFile(req));
    return ok('File uploaded successfully', { url }, { url });
  },
});
