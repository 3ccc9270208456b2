import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverOnlyPackages = [
  'node:*',
  'pg',
  'pino',
  'drizzle-orm',
  'drizzle-orm/*',
  '@electric-sql/*',
  '@hono/node-server',
  '@hono/node-server/*',
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'drizzle',
      'test-results',
      'playwright-report',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  // Import boundaries (architecture.md section 2): shared imports neither side.
  {
    files: ['src/shared/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/client/**'],
              message: 'src/shared runs on both sides: it imports neither.',
            },
            {
              group: [...serverOnlyPackages, 'react', 'react-*', 'hono', 'hono/*'],
              message: 'src/shared holds zod and plain TypeScript only.',
            },
          ],
        },
      ],
    },
  },
  // The client never imports server code, except the AppType type for the API client.
  {
    files: ['src/client/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              message: 'The client may import only types from the server.',
              allowTypeImports: true,
            },
            {
              group: serverOnlyPackages,
              message: 'Server-only package: it must not reach the browser bundle.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**'], message: 'The server does not import client code.' },
          ],
        },
      ],
    },
  },
);
