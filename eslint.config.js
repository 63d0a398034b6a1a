import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * One flat config for the whole repository: the site (src/), the server code (functions/src,
 * server/), scripts, tests and benches. `.astro` files are not linted here: `npm run typecheck`
 * type-checks them, with every .ts/.tsx file of tsconfig.json, through `astro check`. Runs with
 * --max-warnings 0: a warning is a failure.
 */
export default tseslint.config(
  {
    ignores: ['dist/**', '.astro/**', 'functions/lib/**', '**/node_modules/**', '.data/**', '.firebase/**', '.dist-builds/**', 'bench/results/**', 'test-results/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      // Unused names are bugs, except the deliberate `_name` placeholder.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    // Browser code: the site's islands, the staff app and their helpers.
    files: ['src/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Both misfire on react-hook-form, which the project requires: `{...register('x')}` passes a ref
      // callback (not a ref read), and watch() only makes the React Compiler (not used here) skip a component.
      'react-hooks/refs': 'off',
      'react-hooks/incompatible-library': 'off',
      // Islands load their data in an effect that first sets a loading flag (there is no server
      // rendering or data router to move it to); the rule would forbid that pattern outright.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    // Tests use loose fixtures (`any` bodies from the HTTP helper) on purpose.
    files: ['tests/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
