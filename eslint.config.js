// Lint rules run by `npm test` (npm run lint). Formatting is Prettier's (.prettierrc), so the
// rules that would fight it are off (eslint-config-prettier, last).
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import simpleImportSort from 'eslint-plugin-simple-import-sort'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: ['build/**', '.react-router/**', 'app/generated/**', 'node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'public/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat['recommended-latest'],
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      // Imports and exports in one order everywhere (packages, then ~/ and relative), fixed by `eslint --fix`.
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Playwright wants the fixtures argument destructured even when a hook uses none: `({}, testInfo)`.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  prettier,
)
