import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** Full zod bundles every validator (~440 KB minified) into each function; zod/mini only what is used. */
const fullZod = {
  name: 'zod',
  message: "import * as z from 'zod/mini' (full zod is ~440 KB per bundle).",
};
/** Full zod under another path ('zod/v4', 'zod/v4/classic', 'zod/v3'); zod/mini is the one allowed. */
const fullZodPaths = {
  group: ['zod/*', '!zod/mini'],
  message: "import * as z from 'zod/mini' (full zod is ~440 KB per bundle).",
};
/**
 * `import { z } from 'zod/mini'` makes esbuild keep the whole `z` object, every locale included
 * (258 KB per bundle); a namespace import lets it keep only what is called.
 */
const namedZodImport = {
  selector: "ImportDeclaration[source.value='zod/mini'] > ImportSpecifier",
  message:
    "import * as z from 'zod/mini': a named import bundles all of zod/mini's locales (258 KB).",
};

/**
 * A route group (functions/src/<group>/) imports only ../lib, ../db, @gia/shared and its own
 * files: what several groups need lives in lib (unit tests may also reach ../../test). A syntax
 * rule, so that it adds to the package arrows below instead of replacing them. (`\x2F` is `/`,
 * which a selector's regex cannot spell.)
 */
const otherRouteGroup = {
  selector: `:matches(ImportDeclaration, ImportExpression, ExportNamedDeclaration, ExportAllDeclaration)[source.value=/^\\.\\.\\x2F(?!lib\\x2F|db\\x2F|domain\\x2F[a-z-]+\\x2Findex\\.ts$|\\.\\.\\x2Ftest\\x2F)/]`,
  message:
    'a route group may not import another route group; shared domain code lives in domain/<capability> (through its index.ts), infrastructure in lib',
};

/** Any import of a path, by ESLint selector (`\x2F` is `/`). */
const importOf = (pathRegex) =>
  `:matches(ImportDeclaration, ImportExpression, ExportNamedDeclaration, ExportAllDeclaration)[source.value=/${pathRegex}/]`;

/**
 * The layers of functions/src point one way (code review 2, P1): route groups on top; domain/
 * (what several groups share: pricing, entitlement, catalogue, grounding, practice, questions)
 * under them; db/ (the only code that knows the table) under that; lib/ (infrastructure: http,
 * errors, env, logging, clients, presigning, retries) at the bottom. A domain capability is
 * reached only through its index.ts, and reaches another one the same way.
 */
const libAboveDb = {
  selector: importOf('^\\.\\.\\x2F(db|domain)\\x2F'),
  message: 'lib is infrastructure: it may not import db or domain',
};
const dbAboveDomain = {
  selector: importOf('^\\.\\.\\x2Fdomain\\x2F'),
  message: 'db may not import domain (domain is built on db, not the other way)',
};
const domainThroughIndex = {
  selector: importOf('^\\.\\.\\x2F(?!\\.\\.\\x2F)[a-z-]+\\x2F(?!index\\.ts$)'),
  message: 'a domain capability reaches another only through its index.ts',
};

/** The arrows go one way: shared <- functions, shared <- web; infra and scripts use both. */
const forbid = (from, targets, message) => ({
  files: [`${from}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [fullZod],
        patterns: [
          fullZodPaths,
          ...targets.map((group) => ({ group: [group, `${group}/*`], message })),
        ],
      },
    ],
  },
});

/** What web may not import: only shared is below it. */
const WEB_FORBIDS = ['@gia/functions', '@gia/infra', '@gia/scripts'];

/** The web app's features: one folder each under web/src/features. */
const FEATURES = readdirSync(new URL('./web/src/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * Features in web do not import each other; the app composes them. A file of feature `f` may not
 * reach another feature by any path: `features/x` spelled anywhere in the import (`../../features/x`,
 * `@/features/x`), or a relative path that climbs out of `f` into a sibling folder (`../x` from
 * the feature's root, `../../x` from one folder down, …). No-restricted-imports sees only the
 * written path, so the depth of the importing file decides which climb leaves the feature.
 */
function featureBoundaries() {
  const message = 'a feature may not import another feature (the app composes them)';
  // Web's own arrows (zod, no functions/infra/scripts), with the feature's boundary added.
  const [level, web] = forbid('web', WEB_FORBIDS, 'web may use only shared').rules[
    'no-restricted-imports'
  ];
  return FEATURES.flatMap((feature) =>
    [0, 1, 2, 3].map((depth) => ({
      files: [`web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          level,
          {
            ...web,
            patterns: [
              ...web.patterns,
              { regex: `(^|/)features/(?!${feature}(/|$))`, message },
              { regex: `^(\\.\\./){${depth + 1}}(?!${feature}/|\\.)`, message },
            ],
          },
        ],
      },
    })),
  );
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/cdk.out/**', '.data/**', '.test-data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { paths: [fullZod], patterns: [fullZodPaths] }],
      'no-restricted-syntax': ['error', namedZodImport],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  // CommonJS preloads of the local stack's Node children (`node --require`).
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    files: ['functions/src/*/**/*.ts'],
    ignores: ['functions/src/lib/**', 'functions/src/db/**', 'functions/src/domain/**'],
    rules: { 'no-restricted-syntax': ['error', namedZodImport, otherRouteGroup] },
  },
  {
    files: ['functions/src/lib/**/*.ts'],
    // The two adapters that keep state in the table: the token check reads whether a session
    // was revoked and an admin still exists; the local test gateway stores its orders.
    ignores: ['functions/src/lib/auth.ts', 'functions/src/lib/payment-gateway.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', namedZodImport, libAboveDb] },
  },
  {
    files: ['functions/src/db/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', namedZodImport, dbAboveDomain] },
  },
  {
    files: ['functions/src/domain/*/*.ts'],
    rules: { 'no-restricted-syntax': ['error', namedZodImport, domainThroughIndex] },
  },
  forbid(
    'shared',
    ['@gia/functions', '@gia/web', '@gia/infra', '@gia/scripts'],
    'shared depends on nothing of ours',
  ),
  forbid('functions', ['@gia/web', '@gia/infra', '@gia/scripts'], 'functions may use only shared'),
  forbid('web', WEB_FORBIDS, 'web may use only shared'),
  ...featureBoundaries(),
);
