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
  // The boundary between the build and the browser (plugins/api-reference/client/README.md).
  {
    files: ['plugins/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@site/|(\\.\\./)+)src/',
              message:
                'plugins/ never imports src/: move what both sides need to plugins/api-reference/client/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@site/|(\\.\\./)+)plugins/(?!api-reference/client/)',
              allowTypeImports: true,
              message:
                'src/ imports plugins/ only from plugins/api-reference/client/ (browser-safe), or as `import type`.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['plugins/api-reference/client/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(node:|fs$|path$|url$|os$|module$|child_process$)',
              message: 'client/ ships to the browser: no Node modules.',
            },
            {
              regex: '^\\.\\./',
              allowTypeImports: true,
              message: 'client/ ships to the browser: it imports only client/ modules (types excepted).',
            },
          ],
        },
      ],
    },
  },
);
