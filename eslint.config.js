// Type-aware linting for every TypeScript file; plain JS config files get the untyped rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

const SERVER = `${import.meta.dirname}/apps/server/src`;
const serverEntries = readdirSync(new URL('apps/server/src', import.meta.url));
const serverModules = readdirSync(new URL('apps/server/src/modules', import.meta.url));

/**
 * The server's modules, lowest first. A module may use a module on a lower line, never one on its
 * own line or above, so no two modules can depend on each other. A new module must be placed here.
 */
const serverModuleLayers = [
  ['app-config', 'health', 'billing', 'uploads'],
  ['users'],
  ['auth', 'pbs'],
  ['public-profile', 'data-export'],
  ['moderation'],
];

/** Folders that hold plumbing (storage, mail, the database...) and know nothing of the product. */
const technicalFolders = [
  'db',
  'errors',
  'security',
  'storage',
  'mail',
  'media',
  'jobs',
  'payments',
  'metrics',
  'redis',
];

/**
 * A strict order of folders as lint zones: each folder may import folders on lower lines only.
 * Throws at load when a folder on disk is missing from the order, so a new one cannot slip past.
 */
function layeredZones(root, layers, present, describe) {
  const placed = layers.flat();
  const missing = present.filter((name) => !placed.includes(name));
  if (missing.length) {
    throw new Error(`eslint.config.js: place ${missing.join(', ')} in the ${describe} order`);
  }
  return (
    layers
      .flatMap((layer, index) =>
        layer.map((name) => ({
          target: `${root}/${name}`,
          from: layers
            .slice(index)
            .flat()
            .filter((other) => other !== name && present.includes(other))
            .map((other) => `${root}/${other}`),
          message: `The ${describe} order (eslint.config.js) puts this import on the same line or above: a lower layer cannot depend on a higher one.`,
        })),
      )
      // The top layer's only member has nothing above it to keep out.
      .filter((zone) => zone.from.length > 0)
  );
}

const serverBoundaries = [
  {
    target: technicalFolders.map((folder) => `${SERVER}/${folder}`),
    from: ['modules', 'http', 'web', 'previews', 'fast-path', 'gates']
      .filter((folder) => serverEntries.includes(folder))
      .map((folder) => `${SERVER}/${folder}`),
    message:
      'Technical folders (db, storage, mail, security, media, jobs...) cannot depend on modules, http or web code.',
  },
  ...serverModules.map((name) => ({
    target: `${SERVER}/modules/${name}`,
    from: `${SERVER}/modules`,
    except: [
      `./${name}`,
      ...serverModules.filter((other) => other !== name).map((other) => `./${other}/index.ts`),
    ],
    message: 'Import another module through its index.ts (its public face), not its internals.',
  })),
  ...layeredZones(`${SERVER}/modules`, serverModuleLayers, serverModules, 'server module'),
  ...(serverEntries.includes('fast-path')
    ? [
        {
          target: serverEntries
            .filter((entry) => entry !== 'fast-path')
            .map((entry) => `${SERVER}/${entry}`),
          from: `${SERVER}/fast-path`,
          except: ['./index.ts'],
          message: 'Use the fast path through fast-path/index.ts, its public face.',
        },
      ]
    : []),
];

const WEB = `${import.meta.dirname}/apps/web/src`;
const webFeatures = readdirSync(new URL('apps/web/src/features', import.meta.url));

/**
 * The web app's layers: app -> features -> shared parts (components, hooks, lib). A feature may
 * use another only through that feature's index.ts, its public face; everything else in a feature
 * is its own and can change without touching the rest.
 */
/** The web features, lowest first (see layeredZones): a feature uses only features below it. */
const webFeatureLayers = [
  ['app-config', 'story-viewer', 'not-found', 'install', 'offline'],
  ['auth', 'legal', 'public-profile', 'landing'],
  ['pbs'],
  ['pricing', 'share'],
  ['profile', 'settings', 'admin'],
];

const webBoundaries = [
  {
    target: [`${WEB}/components`, `${WEB}/hooks`, `${WEB}/lib`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Shared parts (components, hooks, lib) cannot depend on features or the app.',
  },
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'Features cannot depend on the app that composes them.',
  },
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [
      `./${feature}`,
      ...webFeatures.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
    ],
    message:
      "Import another feature through '@/features/<name>' (its index.ts), not its internals.",
  })),
  ...layeredZones(`${WEB}/features`, webFeatureLayers, webFeatures, 'web feature'),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Each Node release needs its own better-sqlite3 build; @pbshare/sqlite picks it.
      'no-restricted-imports': [
        'error',
        {
          paths: ['better-sqlite3', 'better-sqlite3-napi'].map((name) => ({
            name,
            message: "Import '@pbshare/sqlite', which loads the build that works on this Node.",
          })),
        },
      ],
      // Fastify plugins and hooks are async by contract even when a body has nothing to await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Playwright fixtures must destructure their (possibly empty) dependencies.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: `${import.meta.dirname}/apps/web/tsconfig.json`,
        }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': ['error', { zones: webBoundaries }],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: `${import.meta.dirname}/apps/server/tsconfig.json`,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': ['error', { zones: serverBoundaries }],
    },
  },
  {
    // Tests and their helpers may reach anything they need to set a scene up.
    files: [
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
      'apps/server/src/gates/**',
      'apps/server/src/**/test-fixtures/**',
    ],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    // Tests and their fixtures stand outside the layers: a page test renders through the router.
    files: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The one place that loads better-sqlite3. It picks the build at load time, synchronously, so
    // the package is CommonJS.
    files: ['packages/sqlite/**'],
    languageOptions: { globals: { ...globals.commonjs } },
    rules: { 'no-restricted-imports': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Command-line scripts talk to the person running them.
    files: ['scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
