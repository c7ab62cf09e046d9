import { defineConfig } from 'vitest/config';

/** The API suites that run on PostgreSQL too (decision 020). */
const postgresSuites = ['tests/api/db-transactions.test.ts', 'tests/api/schema-parity.test.ts', 'tests/api/erasure-postgres.test.ts'];
/** Suites that compare both engines, so they need the PostgreSQL run's server. */
const bothEngineSuites = ['tests/api/schema-parity.test.ts', 'tests/api/erasure-postgres.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: bothEngineSuites,
          environment: 'node',
          globalSetup: ['tests/setup/global-db.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The same procedure and HTTP suites on PostgreSQL, on a server the run starts itself.
        test: {
          name: 'api-pg',
          include: postgresSuites,
          environment: 'node',
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['tests/setup/global-db.ts', 'tests/setup/global-postgres.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/global-db.ts', 'tests/setup/global-build.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
