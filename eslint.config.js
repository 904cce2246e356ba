// Lint: typescript-eslint's recommended rules. Formatting is Prettier's job (`npm run format`);
// the structure (import circles, imports that run up a layer) is checked by
// scripts/check-structure.mjs from esbuild's import graph. All three run in `npm run lint`.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/', 'coverage/', 'node_modules/', '.cache/', '.tmp/', 'completions/', 'reports/', '.stryker-tmp*/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Matching control characters is the point where mon escapes what reaches a terminal.
      'no-control-regex': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `import { type A } from './x'` keeps `import './x'` (verbatimModuleSyntax): x's code runs
      // for a type. It built all the check-create schemas (zod) for \`mon status\` (~6 ms).
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    files: ['bin/**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
