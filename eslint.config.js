import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

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
 * The arrows go one way: shared <- functions, shared <- web; infra and scripts use both. `more`:
 * other files than all of `from` (`files`, `ignores`) and further restricted `patterns` (a later
 * block's list replaces an earlier one's, so each block restates the arrows of its package).
 */
const forbid = (from, targets, message, more = {}) => ({
  files: more.files ?? [`${from}/**/*.{ts,tsx}`],
  ...(more.ignores ? { ignores: more.ignores } : {}),
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [fullZod],
        patterns: [
          fullZodPaths,
          ...targets.map((group) => ({ group: [group, `${group}/*`], message })),
          ...(more.patterns ?? []),
        ],
      },
    ],
  },
});

const functionsUse = [['@gia/web', '@gia/infra', '@gia/scripts'], 'functions may use only shared'];

/**
 * A route group (functions/src/<group>/) imports only lib, db, shared and its own files: what
 * several groups need lives in lib. Unit tests may also reach functions/test. `allowed`: further
 * paths under functions/src that the files may import.
 */
const routeGroups = (files, allowed = []) =>
  forbid('functions', ...functionsUse, {
    files,
    ignores: ['functions/src/lib/**', 'functions/src/db/**'],
    patterns: [
      {
        regex: `^\\.\\./(?!lib/|db/|\\.\\./test/${allowed.map((a) => `|${a}`).join('')})`,
        message: 'a route group may not import another route group; shared code lives in lib',
      },
    ],
  });

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
  forbid(
    'shared',
    ['@gia/functions', '@gia/web', '@gia/infra', '@gia/scripts'],
    'shared depends on nothing of ours',
  ),
  forbid('functions', ...functionsUse),
  forbid('web', ['@gia/functions', '@gia/infra', '@gia/scripts'], 'web may use only shared'),
  routeGroups(['functions/src/*/**/*.ts']),
  // TODO(issue 13): catalogue-admin still uses the catalogue group's service; it goes once that
  // service's shared part moves to lib (the catalogue tree step).
  routeGroups(['functions/src/catalogue-admin/**/*.ts'], ['catalogue/service\\.ts$']),
  {
    // Features in web do not import each other; the app composes them.
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [fullZod],
          patterns: [
            fullZodPaths,
            {
              group: ['@gia/functions', '@gia/infra', '@gia/scripts'],
              message: 'web may use only shared',
            },
            { regex: '^\\.\\./[^.]', message: 'a feature may not import another feature' },
          ],
        },
      ],
    },
  },
);
