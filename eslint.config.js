import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import webBoundaries from './eslint-web-boundaries.js';

// Who may do what is decided in one place (issue 29, docs/architecture.md "Who may do what"): a
// plan's `permissions` and an organization's `capabilities` are read by the policy
// (common/policy.ts), the authorizer (server/http/authorize.ts) and the session hooks that load
// them (server/http/auth.ts; web/lib/session.ts on the web), and by what stores them: the seed and
// the organizations table's own repository. Everything else asks `decide`/`allows`/`authorize`.
// A column reference (`organizations.permissions` in a select or in SQL) names the column, it
// decides nothing. The web's screens ask the server's abilities (web/lib/can.tsx: useCan, <Can>).
const POLICY_READS_LINTED = ['server/**/*.ts', 'common/**/*.ts', 'web/**/*.{ts,tsx}'];
const POLICY_READERS = [
  'common/policy.ts',
  'server/http/authorize.ts',
  'server/http/auth.ts',
  'web/lib/session.ts',
  'server/seed/**',
  'server/features/organizations/repo.ts',
  '**/*.test.{ts,tsx}',
  '**/*fixtures*',
  'test/**',
  'e2e/**',
  'bench/**',
];
const POLICY_READ =
  "Read permissions and capabilities through the policy (common/policy.ts: decide, allows; server/http/authorize.ts: authorize; on the web the server's abilities, web/lib/can.tsx: useCan, <Can>), not directly (issue 29).";
const POLICY_NAMES = '/^(permissions|capabilities)$/';

export default tseslint.config(
  { ignores: ['postcss.config.cjs', 'dist/**', 'node_modules/**', 'data/**', 'server/db/migrations/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Regular expressions are checked like code: one with super-linear backtracking (or a super-linear
  // search) on text from the network blocks the event loop of the API and every worker with it.
  // The recommended set minus four purely stylistic rules; see docs/decisions.md.
  regexp.configs['flat/recommended'],
  {
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      'regexp/use-ignore-case': 'off',
      'regexp/prefer-w': 'off',
      'regexp/no-unused-capturing-group': 'off',
      'regexp/control-character-escape': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        window: 'readonly',
        document: 'readonly',
        localStorage: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Reads of permissions and capabilities outside the policy (see POLICY_READERS above).
  {
    files: POLICY_READS_LINTED,
    ignores: POLICY_READERS,
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `MemberExpression[computed=false][property.name=${POLICY_NAMES}]:not([object.name='organizations'])`, message: POLICY_READ },
        { selector: `MemberExpression[computed=true][property.value=${POLICY_NAMES}]`, message: POLICY_READ },
        { selector: `ObjectPattern > Property[key.name=${POLICY_NAMES}]`, message: POLICY_READ },
      ],
    },
  },
  // Web feature boundaries (GUIDE §3): another feature only through its api/ folder. Tests and their
  // fixtures may drive a page of another feature; web/app composes features and is not checked.
  {
    files: ['web/features/**/*.{ts,tsx}', 'web/components/**/*.{ts,tsx}', 'web/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*-fixtures.{ts,tsx}'],
    plugins: { 'web-boundaries': webBoundaries },
    rules: { 'web-boundaries/feature-imports': 'error' },
  },
  // Server feature boundaries (GUIDE §3): a file of server/features/X imports another feature only
  // through its service.ts (tests too); server/db, server/http and server/net import no feature.
  // server/app.ts, routes.ts and jobs/ compose the features and are not checked.
  // node scripts/feature-graph.mjs prints the graph, its floors and any import this refuses.
  {
    files: ['server/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.?/)[^/]+/(?!service\\.js$)',
              message:
                'Another feature is reached only through its service.ts (GUIDE §3); a helper two features need moves down to server/db, server/http, server/net or common/.',
            },
            {
              regex: '^(?:\\.\\./)+features/[^/]+/(?!service\\.js$)',
              message: 'Another feature is reached only through its service.ts (GUIDE §3).',
            },
          ],
        },
      ],
    },
  },
  // The demo seed composes features like routes.ts does, but only through their services.
  {
    files: ['server/seed/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?:\\.\\./)+features/[^/]+/(?!service\\.js$)', message: "The seed calls the owners' services (GUIDE §3), never their repositories." },
          ],
        },
      ],
    },
  },
  {
    files: ['server/db/**/*.ts', 'server/http/**/*.ts', 'server/net/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(?:^|/)features/',
              message: 'server/db, server/http and server/net import no feature (GUIDE §3): features build on them, not the other way.',
            },
          ],
        },
      ],
    },
  },
);
