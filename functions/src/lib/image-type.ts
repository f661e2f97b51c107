/**
 * The image type that a file's first bytes show, whatever its name or declared type says: the
 * signatures of the three formats uploads accept (PNG, JPEG, GIF). A library such as file-type
 * knows hundreds of formats; these three are fixed by their specifications and need 12 bytes.
 */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif';

/** How many leading bytes `imageTypeOf` needs. */
export const IMAGE_SIGNATURE_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

export function imageTypeOf(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // GIF87a / GIF89a
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  ) {
    return 'image/gif';
  }
  return undefined;
}
