import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// Integration tests (*.int.test.ts) run once per database: always on SQLite, and on PostgreSQL too
// when TEST_DATABASE_URL points at a server (CI sets it). Each test file gets its own database.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

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
    projects: [
      {
        extends: true as const,
        test: {
          name: 'server:sqlite',
          include: ['src/**/*.test.ts'],
          env: { TEST_DIALECT: 'sqlite' },
        },
      },
      ...(withPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'server:postgres',
                include: ['src/**/*.int.test.ts'],
                env: { TEST_DIALECT: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
