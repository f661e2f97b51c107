import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-json';

/**
 * The interface's message catalogues (issue 33): one JSON file per language in src/locales, keyed
 * by explicit ids (`area.what`), ICU MessageFormat values. English is the source; Kannada and Hindi
 * are written by hand. The build cuts each into parts by screen (src/locales/parts.ts) and compiles
 * each part with Lingui (build/catalogue-parts.ts): the English shell goes in the main chunk, every
 * other part is a chunk of its own, loaded with the screen that needs it (src/lib/i18n.ts). No
 * extraction step: the ids are written in the code.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'kn', 'hi'],
  catalogs: [{ path: '<rootDir>/src/locales/{locale}', include: [] }],
  format: formatter({ style: 'minimal' }),
});
