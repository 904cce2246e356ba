// Lint: typescript-eslint's recommended rules, and import-x for the structure: no import
// circles (dynamic imports included) and no import that runs up a layer (docs/ARCHITECTURE.md).
// Formatting is Prettier's job (`npm run format`), so no stylistic rules here.
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of src/, bottom first (docs/ARCHITECTURE.md). A module may import from its own
 * layer and the ones below it, never from one above.
 */
const LAYERS = [
  ['./src/errors.ts', './src/env.ts', './src/text'],
  ['./src/io.ts', './src/lock.ts'],
  ['./src/config', './src/output'],
  ['./src/api'],
  ['./src/sandbox'],
  ['./src/core'],
  ['./src/commands'],
  ['./src/program.ts'],
  ['./src/main.ts'],
  ['./src/cli.ts'],
];
const layerZones = LAYERS.slice(0, -1).map((layer, index) => ({
  target: layer,
  from: LAYERS.slice(index + 1).flat(),
  message: 'This import runs up a layer (docs/ARCHITECTURE.md): move the thing down, or pass it in.',
}));

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'node_modules/', '.cache/', '.tmp/', 'completions/', 'reports/', '.stryker-tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.mjs', '.cjs'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: false }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
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
    },
  },
  {
    files: ['bin/**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
