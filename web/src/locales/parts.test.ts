import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import { CATALOGUE_PART_NAMES, partOf, SHELL_PART, type CataloguePart } from './parts.ts';

/*
 * Every screen has its messages (issue 33): each id the code of a screen uses is in a catalogue
 * part loaded before that code runs. Read from the source itself: the modules the app's entries
 * import, the lazy loaders (`withMessages([parts], () => import(…))` adds parts to what the
 * importer has; a bare `import()` adds none) and the ids each module writes.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const IDS = new Set(Object.keys(en));
/** The app's entries (the browser's and the prerender's), with what they load before running. */
const ENTRIES = ['main.tsx', 'prerender/prerender.tsx'];

/**
 * Ids made from a template (`t(`${label}Subject`)`), by module: which ids it makes, and the part
 * that holds them if another way than the module's loader assures it.
 */
const MADE_IDS: Record<string, { ids: RegExp; assuredBy?: string }> = {
  'features/commerce/my-courses-page.tsx': { ids: /^courses\.(continue|start)Subject$/ },
  // The API client awaits the server part before it hands an answer over (server-text.ts).
  'lib/server-text.ts': { ids: /^server\./, assuredBy: 'serverMessagesLoaded' },
};

interface Module {
  imports: string[];
  lazy: { target: string; parts: CataloguePart[] }[];
  ids: Set<string>;
  /** Templates passed to `t`/`i18n._`, as written. */
  madeIds: string[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    if (path === join(SRC, 'locales', 'parts.ts')) return []; // declares the ids, shows none
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The parts of `withMessages(['a', 'b'], () => import(…))` around an `import()` call. */
function wrapperParts(node: ts.Node): CataloguePart[] {
  const arrow = node.parent;
  const call = arrow?.parent;
  if (!arrow || !ts.isArrowFunction(arrow) || !call || !ts.isCallExpression(call)) return [];
  if (!ts.isIdentifier(call.expression) || call.expression.text !== 'withMessages') return [];
  const [list] = call.arguments;
  if (!list || !ts.isArrayLiteralExpression(list)) throw new Error('withMessages needs a list');
  return list.elements.map((e) => (e as ts.StringLiteral).text as CataloguePart);
}

function parse(file: string): Module {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const local = (spec: string) =>
    spec.startsWith('.') ? relative(SRC, resolve(dirname(file), spec)) : undefined;
  const module: Module = { imports: [], lazy: [], ids: new Set(), madeIds: [] };
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) ||
      (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier)
    ) {
      const spec = local((node.moduleSpecifier as ts.StringLiteral).text);
      if (spec) module.imports.push(spec);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const target = local(node.arguments[0].text);
      if (target) module.lazy.push({ target, parts: wrapperParts(node) });
    } else if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      IDS.has(node.text)
    ) {
      module.ids.add(node.text);
    } else if (
      ts.isCallExpression(node) &&
      /^(t|i18n\._)$/.test(node.expression.getText()) &&
      node.arguments[0] &&
      ts.isTemplateExpression(node.arguments[0])
    ) {
      module.madeIds.push(node.arguments[0].getText());
    } else if (ts.isPropertyAssignment(node) && node.name.getText() === 'id') {
      // `{ id: `server.${code}` }` handed to `t` later.
      if (ts.isTemplateExpression(node.initializer))
        module.madeIds.push(node.initializer.getText());
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return module;
}

const MODULES = new Map(sourceFiles(SRC).map((f) => [relative(SRC, f), parse(f)]));

/**
 * Every (module, id) the app may show while `parts` are loaded, from each entry through static
 * imports and lazy loaders; `without`: a lazy target's parts to pretend its loader lacks.
 */
function missingMessages(without: { target: string; part: CataloguePart }[] = []) {
  const missing = new Set<string>();
  let checked = 0;
  const seen = new Set<string>();
  const queue = ENTRIES.map((entry) => ({ entry, parts: new Set<CataloguePart>([SHELL_PART]) }));
  while (queue.length) {
    const { entry, parts } = queue.shift()!;
    const key = `${entry} ${[...parts].sort().join()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const closure = new Set<string>();
    const walk = (file: string) => {
      if (closure.has(file) || !MODULES.has(file)) return;
      closure.add(file);
      MODULES.get(file)!.imports.forEach(walk);
    };
    walk(entry);
    for (const file of closure) {
      const module = MODULES.get(file)!;
      const made = MADE_IDS[file];
      const ids = [...module.ids];
      if (made && !made.assuredBy) ids.push(...[...IDS].filter((id) => made.ids.test(id)));
      for (const id of ids) {
        checked += 1;
        const part = partOf(id);
        if (!part || !parts.has(part)) missing.add(`${file}: ${id} (${part}) after ${entry}`);
      }
      for (const { target, parts: added } of module.lazy) {
        const dropped = without.filter((w) => w.target === target).map((w) => w.part);
        const next = new Set([...parts, ...added.filter((p) => !dropped.includes(p))]);
        queue.push({ entry: target, parts: next });
      }
    }
  }
  return { missing: [...missing], checked };
}

describe('the catalogue parts each screen loads', () => {
  it('hold every id a screen uses, before its code runs', () => {
    const { missing, checked } = missingMessages();
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(500);
  });

  it('would be caught missing: the sign-in page without the auth part', () => {
    const { missing } = missingMessages([
      { target: 'features/auth/sign-in-page.tsx', part: 'auth' },
    ]);
    expect(missing.some((m) => m.startsWith('features/auth/sign-in-page.tsx: auth.'))).toBe(true);
  });

  it('keep the landing to the shell: the main chunk loads no other part', () => {
    const main = MODULES.get('main.tsx');
    expect(main).toBeDefined();
    const { missing } = missingMessages();
    expect(missing.filter((m) => m.endsWith('after main.tsx'))).toEqual([]);
  });

  it('know every id made from a template, and each is in a part', () => {
    const made = [...MODULES].filter(([, m]) => m.madeIds.length).map(([file]) => file);
    expect(made.sort()).toEqual(Object.keys(MADE_IDS).sort());
    for (const [file, { ids, assuredBy }] of Object.entries(MADE_IDS)) {
      const matching = [...IDS].filter((id) => ids.test(id));
      expect(matching.length, file).toBeGreaterThan(0);
      for (const id of matching) expect(partOf(id), id).toBeDefined();
      if (assuredBy) {
        const client = readFileSync(join(SRC, 'lib/api-client.ts'), 'utf8');
        expect(client).toContain(assuredBy);
      }
    }
  });

  it('name only parts that exist', () => {
    for (const module of MODULES.values()) {
      for (const { parts } of module.lazy) {
        for (const part of parts) expect(CATALOGUE_PART_NAMES).toContain(part);
      }
    }
  });
});
