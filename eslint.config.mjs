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
    plugins: {'@docusaurus': docusaurus},
    rules: {
      '@docusaurus/no-untranslated-text': 'off',
      '@docusaurus/no-html-links': 'error',
      '@docusaurus/prefer-docusaurus-heading': 'error',
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_'}],
    },
  },
  // The Rules of Hooks and the React Compiler's rules, where React code lives: the site's components
  // (src/), the plugins' browser code (client/) and every .tsx file. Run on every file, the compiler's
  // analysis took 20 of ESLint's 32 s of rule time (2026-11-29), mostly on Node code with no component.
  {
    files: ['src/**', 'plugins/*/client/**', '**/*.tsx'],
    plugins: {'react-hooks': reactHooks},
    rules: reactHooks.configs.recommended.rules,
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
              regex: '^(@site/|(\\.\\./)+)plugins/(?![\\w-]+/client/)',
              allowTypeImports: true,
              message:
                "src/ imports plugins/ only from a plugin's client/ folder (plugins/<plugin>/client/, browser-safe), or as `import type`.",
            },
          ],
        },
      ],
    },
  },
  // A plugin's client/ folder ships to the browser in the site's bundle: it imports only its own
  // modules and plugins/api-reference/client/ (types from the rest of plugins/ excepted), no Node
  // module, no package, no dynamic import(). The api-reference/client/ block after this one replaces
  // it there (that folder imports nothing outside itself). Both repeat the plugins/** ban on src/;
  // tests/unit/lint/boundary.test.ts feeds them violations.
  {
    files: ['plugins/*/client/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@site/|(\\.\\./)+)src/',
              message:
                "plugins/ never imports src/: pass what the browser part needs in (see the plugin's README).",
            },
            {
              regex: '^(node:|fs$|path$|url$|os$|module$|child_process$)',
              message: 'client/ ships to the browser: no Node modules.',
            },
            {
              regex: '^(?!\\.\\.?/|node:)',
              message:
                'client/ ships to the browser: no npm packages or aliases (a package grows the bundle of every page).',
            },
            {
              regex: '^(?!(\\.\\./)+src/)\\.\\./(?!\\.\\./api-reference/client/)',
              allowTypeImports: true,
              message:
                'client/ ships to the browser: it imports only its own modules and plugins/api-reference/client/ (types excepted).',
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
