import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// Integration tests (*.int.test.ts) run once per database: always on SQLite, and on PostgreSQL too
// when TEST_DATABASE_URL points at a server (CI sets it). Each test file gets its own database.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

// Files that replace modules with `vi.mock`: their replacements must not reach other files.
const mocking = readdirSync(resolve(import.meta.dirname, 'src'), {
  recursive: true,
  encoding: 'utf8',
})
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `src/${file}`)
  .filter((file) => readFileSync(resolve(import.meta.dirname, file), 'utf8').includes('vi.mock('));

/**
 * The files of one database, in two projects: most share one module graph per worker (the app is
 * imported once, not once per file, which took a third of the run), and the mocking files get
 * a fresh graph each, as vitest gives by default.
 */
function project(name: string, dialect: string, include: string[]) {
  const shared = { extends: true as const, test: { env: { TEST_DIALECT: dialect } } };
  return [
    { ...shared, test: { ...shared.test, name, include, exclude: mocking, isolate: false } },
    { ...shared, test: { ...shared.test, name: `${name} (mocking)`, include: mocking } },
  ];
}

export default defineConfig({
  resolve: {
    alias: {
      '@pbshare/shared': resolve(import.meta.dirname, '../../packages/shared/src/index.ts'),
    },
  },
  test: {
    // Tests that upload a video wait for the in-process worker to make its rendition, which on
    // a busy two-core machine (two test files at once, each with ffmpeg) takes seconds.
    testTimeout: 30_000,
    globalSetup: ['src/test/redis-required.ts'],
    // Two files at a time: with one (the default on two cores) a third of the machine sat idle
    // while tests waited on ffmpeg, the database and timers.
    maxWorkers: 2,
    projects: [
      ...project('server:sqlite', 'sqlite', ['src/**/*.test.ts']),
      ...(withPostgres ? project('server:postgres', 'postgres', ['src/**/*.int.test.ts']) : []),
    ],
  },
});
