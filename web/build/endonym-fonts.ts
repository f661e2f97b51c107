/*
 * The first visit's language choice names Kannada and Hindi in their own letters on every page,
 * English ones too (web/src/components/language.tsx). Where the phone has no Kannada or Devanagari
 * font of its own, those few words would fetch the whole Noto faces (about 160 KB for the two
 * scripts, regular and bold) before a learner has chosen anything. This plugin cuts each face down
 * to the letters of those words (`endonymText`, about 5 KB a face) at build time, for the
 * "GIA Endonyms" faces of src/styles/fonts.css; a page in Kannada or Hindi still gets the whole face.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import subsetFont from 'subset-font';
import { runnerImport, type Plugin } from 'vite';
import type * as Languages from '@gia/shared/languages.ts';

/** Every letter the language choice and the header's select show in a language's own name. */
export const endonymText = (languages: typeof Languages) =>
  [...Object.values(languages.LANGUAGE_NAMES), ...Object.values(languages.LANGUAGE_PROMPTS)].join(
    ' ',
  );

/** The faces cut down: the file fonts.css names (`endonyms/<name>.woff2`) and its source. */
export const ENDONYM_FACES = {
  'kannada-400': '@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-400-normal.woff2',
  'kannada-700': '@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-700-normal.woff2',
  'devanagari-400':
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2',
  'devanagari-700':
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2',
} as const;

/** `face` keeping only the glyphs (and the shaping rules) that `text` needs, as WOFF2. */
export const cutFace = (face: Buffer, text: string) =>
  subsetFont(face, text, { targetFormat: 'woff2' });

/**
 * Writes the cut faces into `dir` before the build reads fonts.css, where the alias
 * `@endonym-fonts` points: Vite then hashes them as any asset.
 */
export function endonymFonts(dir: string): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: 'gia-endonym-fonts',
    config: () => ({ resolve: { alias: { '@endonym-fonts': dir } } }),
    async buildStart() {
      // Loaded with its TypeScript (the config's own imports stop at the workspace packages).
      const { module: languages } = await runnerImport<typeof Languages>(
        require.resolve('@gia/shared/languages.ts'),
        { configFile: false, logLevel: 'silent' },
      );
      const text = endonymText(languages);
      await mkdir(dir, { recursive: true });
      await Promise.all(
        Object.entries(ENDONYM_FACES).map(async ([name, source]) => {
          const face = await readFile(require.resolve(source));
          await writeFile(join(dir, `${name}.woff2`), await cutFace(face, text));
        }),
      );
    },
  };
}
