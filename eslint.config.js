import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The site's translation hook is made once per language (src/client/lib/use-translation.ts).
const translationHook = { name: 'react-i18next', importNames: ['useTranslation'], message: 'Use useTranslation from src/client/lib/use-translation.ts.' };

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'migrations/', 'migrations-pg/', 'storage/', 'data/', 'tests/.tmp/', 'screenshots/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    // Type-aware rules: a promise nobody awaits fails silently (a lost write, an unhandled rejection
    // that stops the server), and a promise handed to a callback that expects nothing is never checked.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Both are made once per language or not at all (lib/use-translation.ts, components/public/link.tsx);
      // react-i18next's hook and wouter's Link build their state at every render of every component.
      'no-restricted-imports': ['error', { paths: [translationHook] }],
    },
  },
  {
    files: ['src/client/components/public/**/*.tsx', 'src/client/components/layout/**/*.tsx', 'src/client/pages/public/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [translationHook, { name: 'wouter', importNames: ['Link'], message: 'Public pages use Link from src/client/components/public/link.tsx.' }],
        },
      ],
    },
  },
  {
    // Routers use the permission-named builders only, so every procedure's permission shows at a glance.
    files: ['src/server/routers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '../trpc/init.ts', importNames: ['t'], message: 'Use publicProcedure or adminProcedure from procedures.ts.' }] },
      ],
    },
  },
  {
    // One query code for SQLite and PostgreSQL (docs/decisions/023): queries are awaited. SQLite's
    // synchronous finishers do not exist on PostgreSQL; only the SQLite-only modules may use them.
    // Only a finisher ending a chain of builder calls is a query; the browser's code (an editor's
    // `chain().focus().run()`) runs none.
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    ignores: ['**/*sqlite*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[arguments.length=0] > MemberExpression.callee[property.name=/^(all|get|run)$/][object.type="CallExpression"]',
          message: 'Await the query instead (`const [row] = await …limit(1)`); .all()/.get()/.run() exist only on SQLite.',
        },
      ],
    },
  },
);
