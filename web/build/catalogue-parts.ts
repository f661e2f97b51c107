/*
 * The message catalogues cut into parts at build time (issue 33: "keep the landing page's
 * budget"). Each language keeps one catalogue (src/locales/<language>.json, web/lingui.config.ts);
 * `<catalogue>?catalogue-part=<part>` is that catalogue's messages of one part
 * (src/locales/parts.ts), compiled by Lingui as @lingui/vite-plugin compiles a whole one, and
 * `virtual:catalogue-parts` gives the app the source language's shell (compiled into the chunk
 * that imports it) and a loader of every other part in every language (a chunk each).
 */
import { relative } from 'node:path';
import { getConfig, type LinguiConfigNormalized } from '@lingui/conf';
import {
  createCompilationErrorMessage,
  createCompiledCatalog,
  getCatalogForFile,
  getCatalogs,
} from '@lingui/cli/api';
import { lingui } from '@lingui/vite-plugin';
import type { Plugin, PluginOption } from 'vite';
import { CATALOGUE_PART_NAMES, partOf, SHELL_PART } from '../src/locales/parts.ts';

const VIRTUAL = 'virtual:catalogue-parts';
const RESOLVED = `\0${VIRTUAL}`;
const PART_QUERY = /\?catalogue-part=([a-z]+)$/;

/** A catalogue file's module id for one part. */
const partId = (file: string, part: string) => `${file}?catalogue-part=${part}`;

/** lingui.config's source language (the catalogues' ids are written in it). */
function sourceLocale(config: LinguiConfigNormalized): string {
  if (!config.sourceLocale) throw new Error('lingui.config has no sourceLocale');
  return config.sourceLocale;
}

/** The code of `virtual:catalogue-parts` (its types: src/lingui.d.ts). */
export async function partsModule(config: LinguiConfigNormalized): Promise<string> {
  const [catalog] = await getCatalogs(config);
  if (!catalog) throw new Error('lingui.config has no catalogue');
  const source = sourceLocale(config);
  const file = (locale: string) => JSON.stringify(partId(catalog.getFilename(locale), '@'));
  const loaders = config.locales.flatMap((locale) =>
    CATALOGUE_PART_NAMES.filter((part) => !(locale === source && part === SHELL_PART)).map(
      (part) =>
        `  ${JSON.stringify(`${locale}/${part}`)}: () => import(${file(locale).replace('@', part)}),`,
    ),
  );
  return [
    `import { messages as sourceShell } from ${file(source).replace('@', SHELL_PART)};`,
    `export const SOURCE_LOCALE = ${JSON.stringify(source)};`,
    `export { sourceShell };`,
    `const loaders = {`,
    ...loaders,
    `};`,
    `export function loadPart(locale, part) {`,
    `  const load = loaders[locale + '/' + part];`,
    `  if (!load) return Promise.reject(new Error('no catalogue part ' + locale + '/' + part));`,
    `  return load().then((m) => m.messages);`,
    `}`,
  ].join('\n');
}

/** The messages of `part` in the catalogue `file`, compiled (an ES module exporting `messages`). */
export async function compiledPart(
  config: LinguiConfigNormalized,
  file: string,
  part: string,
): Promise<{ code: string; dependencies: string[] }> {
  const found = getCatalogForFile(relative(config.rootDir ?? '', file), await getCatalogs(config));
  if (!found) throw new Error(`${file} is not a catalogue of lingui.config`);
  const { locale, catalog } = found;
  const { messages } = await catalog.getTranslations(locale, {
    fallbackLocales: config.fallbackLocales || {},
    sourceLocale: sourceLocale(config),
  });
  const mine = Object.fromEntries(Object.entries(messages).filter(([id]) => partOf(id) === part));
  const { source, errors } = createCompiledCatalog(locale, mine, {
    namespace: 'es',
    ...(config.pseudoLocale ? { pseudoLocale: config.pseudoLocale } : {}),
  });
  // A message that does not compile would show its source to a learner: the build stops.
  if (errors.length) throw new Error(createCompilationErrorMessage(locale, errors));
  return { code: source, dependencies: [catalog.getFilename(locale)] };
}

/** The plugin of `virtual:catalogue-parts` and `?catalogue-part=` catalogues. */
function catalogueParts(config: LinguiConfigNormalized): Plugin {
  return {
    name: 'gia-catalogue-parts',
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : undefined;
    },
    async load(id) {
      return id === RESOLVED ? partsModule(config) : undefined;
    },
    async transform(_src, id) {
      const part = PART_QUERY.exec(id)?.[1];
      if (!part) return undefined;
      if (!(CATALOGUE_PART_NAMES as string[]).includes(part)) {
        throw new Error(`${id}: no catalogue part "${part}" (src/locales/parts.ts)`);
      }
      const { code, dependencies } = await compiledPart(config, id.split('?')[0]!, part);
      for (const dependency of dependencies) this.addWatchFile(dependency);
      // Vite 8 (Rolldown) types a module by its extension: this .json is JavaScript now.
      return { code, map: null, moduleType: 'js' };
    },
  };
}

/**
 * The message catalogues for a Vite build or test run of the web app (`cwd`: web/, where
 * lingui.config.ts is): Lingui's own plugin (whole catalogues, `?lingui`) and the parts.
 */
export function catalogues(cwd: string): PluginOption[] {
  return [lingui({ cwd }), catalogueParts(getConfig({ cwd }))];
}
