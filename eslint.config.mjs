// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import docusaurus from '@docusaurus/eslint-plugin';
import globals from 'globals';

/**
 * Browser code (src/, client/): a `\p{…}` class in a regex literal is expanded by the site's Babel
 * preset into kilobytes of character ranges in the chunk (a one-line check once added 10 KB to two
 * reference chunks). Build such a regex from a string (`new RegExp('\\p{L}', 'u')`), or do without.
 */
const UNICODE_CLASS_LITERAL = {
  selector: 'Literal[regex.pattern=/\\\\[pP]\\{/]',
  message:
    'Browser code: a \\p{…} regex literal is expanded into kilobytes of ranges by the bundler; use new RegExp(string, "u") or do without.',
};

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
  // The two peer plugins (plugins/releases/index.ts): the releases plugin computes the history
  // and the marks; api-reference reads them as data, so it imports nothing from releases but types.
  {
    files: ['plugins/api-reference/**'],
    ignores: ['plugins/api-reference/client/**'],
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
            {
              regex: '^(\\.\\./)+releases(/|$)',
              allowTypeImports: true,
              message:
                'api-reference imports nothing from the releases plugin but types: read its content in allContentLoaded (plugins/releases/index.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**'],
    rules: {
      'no-restricted-syntax': ['error', UNICODE_CLASS_LITERAL],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@site/|(\\.\\./)+)plugins/(?!api-reference/client/|session-check/client/|releases/client/)',
              allowTypeImports: true,
              message:
                'src/ imports plugins/ only from a plugin\'s client/ (api-reference, releases, session-check: browser-safe), or as `import type`.',
            },
          ],
        },
      ],
    },
  },
  // client/ ships to the browser in the site's bundle: it imports only client/ modules (types from
  // the rest of plugins/ excepted). This block replaces the plugins/** one for client/, so it
  // repeats the src/ ban; tests/unit/lint/boundary.test.ts feeds it violations.
  // The session checker's browser part (plugins/session-check/client/): the same rules as
  // api-reference's client/, except that it may import api-reference's client/ modules.
  {
    files: ['plugins/session-check/client/**', 'plugins/releases/client/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@site/|(\\.\\./)+)src/',
              message:
                'plugins/ never imports src/: pass what the browser part needs in (see plugins/session-check/README.md).',
            },
            {
              regex: '^(node:|fs$|path$|url$|os$|module$|child_process$)',
              message: 'session-check/client/ ships to the browser: no Node modules.',
            },
            {
              regex: '^(?!\\.\\.?/|node:)',
              message: 'session-check/client/ ships to the browser: no npm packages or aliases.',
            },
            {
              regex: '^(?!(\\.\\./)+src/)\\.\\./(?!\\.\\./api-reference/client/)',
              allowTypeImports: true,
              message:
                'a plugin\'s client/ ships to the browser: it imports only its own modules and plugins/api-reference/client/ (types excepted).',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', UNICODE_CLASS_LITERAL],
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
              regex: '^(@site/|(\\.\\./)+)src/',
              message:
                'plugins/ never imports src/: move what both sides need to plugins/api-reference/client/.',
            },
            {
              regex: '^(node:|fs$|path$|url$|os$|module$|child_process$)',
              message: 'client/ ships to the browser: no Node modules.',
            },
            {
              regex: '^(?!\\.\\.?/|node:)',
              message:
                'client/ ships to the browser: no npm packages or aliases (a package grows the bundle of every page); write it in client/ or pass the result in from the build.',
            },
            {
              // Not src/: a type-only pattern that matched it would let `import type` of src/ through.
              regex: '^(?!(\\.\\./)+src/)\\.\\./',
              allowTypeImports: true,
              message: 'client/ ships to the browser: it imports only client/ modules (types excepted).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression',
          message:
            'client/ ships to the browser: no dynamic import(), which would load a module the boundary does not check.',
        },
        {
          selector: "CallExpression[callee.name='require']",
          message: 'client/ ships to the browser: no require().',
        },
        UNICODE_CLASS_LITERAL,
      ],
    },
  },
);
