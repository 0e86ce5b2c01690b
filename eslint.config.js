// Lint: ESLint's recommended rules and typescript-eslint's (syntax-based, fast), over every package.
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * Files matching `files` may not import (relative paths) through any of the `banned` folders: static
 * imports and re-exports (no-restricted-imports) and dynamic `import('...')` (no-restricted-syntax, which
 * no-restricted-imports does not see; the lazily loaded views are dynamic imports).
 */
const boundary = (files, banned, message) => {
  const regex = `^\\.{1,2}/(?:.*/)?(?:${banned.join('|')})(?:/|$)`
  return {
    files: [files],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex, message }] }],
      'no-restricted-syntax': [
        'error',
        { selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/]`, message },
      ],
    },
  }
}

/**
 * `import { z } from 'zod'` keeps every one of zod's locales in an esbuild bundle (the Worker's, made by
 * wrangler): 755 KB against 171 KB for `import * as z` of the same schema, measured. Type imports cost
 * nothing. A no-restricted-syntax entry, so the configs below that set that rule repeat it.
 */
const ZOD_NAMED_Z = {
  selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z']",
  message: "import * as z from 'zod': the named z keeps all of zod's locales in the Worker bundle",
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'dist/**', 'sdk/dist/**', '.wrangler/**', '.cache/**', '.data/**', '.tmp/**', 'migrations/**', 'docs/screenshots/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // TypeScript checks these better (tsc -b runs in npm test).
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      'no-control-regex': 'off',
    },
  },
  {
    rules: { 'no-restricted-syntax': ['error', ZOD_NAMED_Z] },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Widget boundaries (docs/ARCHITECTURE.md): site/ and embed/ compose widgets/ and ui/, never each
  // other; widgets/ knows neither surface; ui/ knows nothing above it. A reversed import fails lint.
  boundary('widgets/src/site/**/*.{ts,tsx}', ['embed'], 'the hosted site may import widgets/ and ui/, not embed/'),
  boundary('widgets/src/embed/**/*.{ts,tsx}', ['site'], 'the embed may import widgets/ and ui/, not site/'),
  boundary('widgets/src/widgets/**/*.{ts,tsx}', ['site', 'embed'], 'a widget is composed by site/ and embed/; it imports neither'),
  boundary('widgets/src/ui/**/*.{ts,tsx}', ['widgets', 'site', 'embed'], 'ui/ primitives import nothing above them'),
  {
    // Every change of points is announced (points.changed in the same batch): engine code writes the
    // ledger through ledgerWrite; the bare row is for seeds and test fixtures.
    files: ['worker/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'worker/src/features/points/ledger.ts', 'worker/src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/points/ledger', './ledger'], importNames: ['ledgerInsert'], message: 'write points with ledgerWrite, which puts the points.changed event in the same batch' }] },
      ],
    },
  },
  {
    // A batch runs on D1 (Workers) and libSQL (Node) alike only through db/batch.ts: its `batch()` refuses
    // `db.run(sql...)`, which libSQL batches and D1 cannot bind (a 500 on Workers only). Tests may wrap
    // `db.batch` to inject faults; the D1 binding wrapper (d1-count.ts) and the benches' raw drivers are below drizzle.
    // And the Worker bundles its two data sets as the compact tables scripts/make-data-tables.mjs writes,
    // never their packages (7.7 MB of the bundle's source; decision 0044): only their tests read those.
    files: ['worker/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'worker/src/db/batch.ts', 'worker/src/db/d1-count.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='batch']",
          message: "run batches with batch(db, [...]) from worker/src/db/batch.ts (raw SQL through rawStatement): D1 cannot bind a db.run(sql) inside db.batch",
        },
        {
          selector: 'ImportDeclaration[source.value=/^(zipcodes|disposable-email-domains)(\\/|$)/], ImportExpression[source.value=/^(zipcodes|disposable-email-domains)(\\/|$)/]',
          message: 'use the compact tables (lib/us-zip-table.ts, referrals/disposable-domain-table.ts; decision 0044): the packages would put megabytes into the Worker bundle',
        },
        ZOD_NAMED_Z,
      ],
    },
  },
  {
    // The script-tag loader runs on partner pages before the bundle: it imports no code (types only).
    files: ['widgets/src/loader.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.', allowTypeImports: true, message: 'loader.ts imports no code of the bundle (import type only)' }] },
      ],
    },
  },
)
