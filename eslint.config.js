import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Full zod bundles every validator (~440 KB minified) into each function; zod/mini only what is used. */
const fullZod = {
  name: 'zod',
  message: "Import { z } from 'zod/mini' (full zod is ~440 KB per bundle).",
};

/** The arrows go one way: shared <- functions, shared <- web; infra and scripts use both. */
const forbid = (from, targets, message) => ({
  files: [`${from}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [fullZod],
        patterns: targets.map((group) => ({ group: [group, `${group}/*`], message })),
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/cdk.out/**', '.data/**', '.test-data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { paths: [fullZod] }],
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
  forbid('functions', ['@gia/web', '@gia/infra', '@gia/scripts'], 'functions may use only shared'),
  forbid('web', ['@gia/functions', '@gia/infra', '@gia/scripts'], 'web may use only shared'),
  {
    // Features in web do not import each other; the app composes them.
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [fullZod],
          patterns: [
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
