import type { UploadKind } from '@gia/shared';
import { call } from './api-call.ts';

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  vtt: 'text/vtt',
};

/** The content type of a file, from the browser or its extension. */
export const contentTypeOf = (file: File) =>
  file.type || TYPES[file.name.toLowerCase().split('.').pop() ?? ''] || 'application/octet-stream';

/** Posts a form with upload progress (fetch cannot report it; XMLHttpRequest can). */
function postWithProgress(
  url: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => resolve(xhr.status);
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.send(form);
  });
}

/**
 * Uploads a file straight to storage with a presigned POST (the storage's policy checks type and
 * size) and answers the url to store on the record.
 */
export async function uploadFile(
  kind: UploadKind,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const contentType = contentTypeOf(file);
  const { data } = await call('uploads.presign', {
    body: { kind, file_name: file.name, content_type: contentType, size: file.size },
  });
  const form = new FormData();
  for (const [k, v] of Object.entries(data.fields)) form.append(k, v);
  form.append('file', file);
  const status = await postWithProgress(data.upload_url, form, onProgress);
  if (status < 200 || status >= 300) throw new Error(`upload refused: ${status}`);
  onProgress?.(1);
  return data.url;
}
