// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import docusaurus from '@docusaurus/eslint-plugin';
import globals from 'globals';

export default tseslint.config(
  {ignores: ['build/', '.docusaurus/', 'node_modules/', 'test-results/', 'playwright-report/', '.tmp/']},
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {globals: {...globals.node, ...globals.browser}},
    plugins: {'react-hooks': reactHooks, '@docusaurus': docusaurus},
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@docusaurus/no-untranslated-text': 'off',
      '@docusaurus/no-html-links': 'error',
      '@docusaurus/prefer-docusaurus-heading': 'error',
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_'}],
    },
  },
);
