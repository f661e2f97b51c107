import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '@gia/functions/lib/s3.ts';
import { env } from '@gia/functions/lib/env.ts';
import { mediaUrl } from '@gia/functions/lib/media.ts';
import { avatar, boardLogo, classArt, slug, subjectArt } from './artwork.ts';

/** Where the demo's pictures go: public images, like the ones admins upload. */
const PREFIX = 'public/images/demo';

async function put(name: string, svg: string): Promise<string> {
  const key = `${PREFIX}/${name}.svg`;
  await s3.send(
    new PutObjectCommand({
      Bucket: env().MEDIA_BUCKET,
      Key: key,
      Body: svg,
      ContentType: 'image/svg+xml',
      CacheControl: 'public, max-age=86400',
    }),
  );
  return mediaUrl(key);
}

/**
 * The demo catalogue's pictures (artwork.ts), stored in the media bucket: each call draws one and
 * answers its URL for the record's `image_url`.
 */
export const demoArtwork = {
  board: (board: string) => put(`board-${slug(board)}`, boardLogo(board)),
  class: (cls: string, board: string) => put(`class-${slug(board, cls)}`, classArt(cls, board)),
  /**
   * A subject, sub-subject or chapter: `names` are its own, then its parents' (the motif comes
   * from the first that names one), `caption` the line under its name, `key` what makes it unique.
   */
  subject: (key: string[], caption: string, ...names: [string, ...string[]]) =>
    put(`subject-${slug(...key)}`, subjectArt(names[0], caption, ...names.slice(1))),
  person: (name: string) => put(`person-${slug(name)}`, avatar(name)),
};
