import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** The feature folders of src/: each may use shared code, none another feature. */
const FEATURES = ['subscribers', 'integrations', 'notifications', 'preferences', 'activity', 'sendAgain', 'diagnosis', 'code', 'workflows', 'preview', 'app', 'failures', 'testExplorer', 'environments', 'topics', 'contexts', 'inbox'];

/** Shared machinery of src/: any feature may use it, and it uses none. */
const SHARED = ['panels', 'ui', 'views', 'format', 'scan', 'connections'];
/** Shared too, and run outside VS Code as well. */
const STANDALONE = ['api', 'bridge', 'sandbox', 'rendered', 'checks', 'testing', 'cli', 'compare', 'audience'];
const NO_FEATURE = { group: FEATURES.map((feature) => `../${feature}/*`), message: 'Shared code must not depend on a feature.' };

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'packages/*/dist/', 'out/', 'media/dist/', '.vscode-test/', 'test-results/', 'examples/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    // api/, bridge/, sandbox/, rendered/, checks/ and testing/ are reused outside VS Code: they must never import it, nor a feature.
    files: STANDALONE.map((folder) => `src/${folder}/**/*.ts`),
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'api/, bridge/, sandbox/, rendered/, checks/, testing/, cli/ and compare/ run outside VS Code.' }], patterns: [NO_FEATURE] }] },
  },
  {
    // Webview bundles run in the browser: no vscode, no zod, and no module that brings either (types only).
    files: ['webview/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: 'Webviews talk to the host over the protocol; they cannot import vscode.' },
            { name: 'zod', message: 'Webviews stay free of zod: the host validates.' },
            { name: 'zod/mini', message: 'Webviews stay free of zod: the host validates.' },
          ],
          patterns: [
            {
              regex: '/src/(api(/(index|client|schemas))?|ui/.*|panels/(?!protocol$).*|\\w+/\\w+(Schemas|Panel|Panels|Commands|Provider))$',
              allowTypeImports: true,
              message: 'That module imports vscode or zod; a webview may import its types only.',
            },
          ],
        },
      ],
    },
  },
  // Features do not reach into each other: what two need goes to a shared folder (format/, scan/,
  // ui/, panels/, …), and the composition root (extension.ts) wires one to another with callbacks.
  ...FEATURES.map((feature) => ({
    files: [`src/${feature}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: FEATURES.filter((other) => other !== feature)
            .map((other) => ({ group: [`../${other}`, `../${other}/*`], message: `${feature}/ must not reach into ${other}/.` })),
        },
      ],
    },
  })),
  {
    // agent/ is a second face of the features (for the editor's agent), like extension.ts: it may
    // use them, and none of them may use it.
    files: [...FEATURES, ...SHARED, ...STANDALONE].map((folder) => `src/${folder}/**/*.ts`),
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['../agent', '../agent/*'], message: 'Only the composition root uses agent/.' }] }],
    },
  },
  {
    // Shared machinery serves the features and never depends on one.
    files: SHARED.map((folder) => `src/${folder}/**/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [NO_FEATURE] },
      ],
    },
  },
  {
    // bridge/ is shared machinery that runs outside VS Code: both rules at once (a later block replaces a rule's options).
    files: ['src/bridge/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'api/, bridge/ and sandbox/ run outside VS Code.' }],
          patterns: [{ group: FEATURES.map((feature) => `../${feature}/*`), message: 'Shared code must not depend on a feature.' }],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
);
