import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-json';

/**
 * The interface's message catalogues (issue 33): one JSON file per language in src/locales, keyed
 * by explicit ids (`area.what`), ICU MessageFormat values. English is the source; Kannada and Hindi
 * are written by hand. @lingui/vite-plugin compiles a catalogue when it is imported with `?lingui`
 * (web/src/lib/i18n.ts): English goes in the main chunk, the others are a chunk each, loaded only
 * by a learner who reads them. No extraction step: the ids are written in the code.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'kn', 'hi'],
  catalogs: [{ path: '<rootDir>/src/locales/{locale}', include: [] }],
  format: formatter({ style: 'minimal' }),
});
