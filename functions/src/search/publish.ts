import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import {
  SEARCH_INDEX_VERSION,
  searchPointerKey,
  type SearchIndexFile,
  type SearchPointer,
} from '@gia/shared/search-types.ts';
import type { ClassContents } from '../db/catalogue-reads.ts';
import { env } from '../lib/env.ts';
import { logger } from '../lib/logger.ts';
import { s3 } from '../lib/s3.ts';
import { buildClassIndex } from './build.ts';

/*
 * Publishing a class's index (docs/search.md): the file under a name that is its content's hash,
 * stored gzip and cached for a year (it never changes), then the class's pointer to it, cached
 * for a minute. The file goes first: a pointer never names a file that is not there yet. Old
 * files are left for the devices that still hold their pointer (a lifecycle rule may expire them).
 */

/** The index file's cache: immutable, its name changes with its content. */
export const INDEX_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The pointer's cache: a rebuild reaches learners within a minute. */
export const POINTER_CACHE_CONTROL = 'public, max-age=60';

/** The file's bytes as stored, its key and the pointer to it. */
export function packIndex(file: SearchIndexFile): {
  key: string;
  gzip: Buffer;
  pointer: SearchPointer;
} {
  const json = Buffer.from(JSON.stringify(file));
  const gzip = gzipSync(json, { level: 9 });
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 20);
  const key = `public/search/${file.class_id}/${hash}.json`;
  return {
    key,
    gzip,
    pointer: {
      v: SEARCH_INDEX_VERSION,
      class_id: file.class_id,
      file: key,
      bytes: json.byteLength,
      gzip_bytes: gzip.byteLength,
      built_at: file.built_at,
    },
  };
}

/** Stores an index file and then its class's pointer. */
export async function storeIndex(file: SearchIndexFile): Promise<SearchPointer> {
  const { key, gzip, pointer } = packIndex(file);
  const bucket = env().MEDIA_BUCKET;
  await s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: gzip,
      ContentType: 'application/json',
      ContentEncoding: 'gzip',
      CacheControl: INDEX_CACHE_CONTROL,
    }),
  );
  await s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: searchPointerKey(file.class_id),
      Body: JSON.stringify(pointer),
      ContentType: 'application/json',
      CacheControl: POINTER_CACHE_CONTROL,
    }),
  );
  return pointer;
}

/**
 * Builds and publishes a class's index; a class with no topics still gets one (its names). A
 * class that is gone loses its pointer, so no device finds it any more (its last file stays for
 * the devices that hold it, until an operator's lifecycle rule removes it).
 */
export async function publishClassIndex(
  classId: string,
  read?: ClassContents,
): Promise<SearchPointer | undefined> {
  const file = await buildClassIndex(classId, read);
  if (!file) {
    await s3.send(
      new DeleteObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: searchPointerKey(classId) }),
    );
    logger.info('search index withdrawn', { class_id: classId });
    return undefined;
  }
  const pointer = await storeIndex(file);
  logger.info('search index published', {
    class_id: classId,
    file: pointer.file,
    places: file.places.length,
    gzip_bytes: pointer.gzip_bytes,
  });
  return pointer;
}
