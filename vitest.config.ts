import { defineConfig } from 'vitest/config';

/**
 * The API suites that run on PostgreSQL too (decision 020). The others stay on SQLite for now;
 * security-backup, security-erasure and newsletter-erasure are about SQLite's file (erasure-postgres
 * and newsletter-erasure-postgres are PostgreSQL's erasure). Every search suite runs on both (decision 025).
 */
const postgresSuites = [
  'tests/api/cache-keys.test.ts',
  'tests/api/cache-page-keys.test.ts',
  'tests/api/cache-unpublished-saves.test.ts',
  'tests/api/rich-body-input.test.ts',
  'tests/api/site-origin.test.ts',
  'tests/api/storage-types-http.test.ts',
  'tests/api/access-control.test.ts',
  'tests/api/auth.test.ts',
  'tests/api/trpc-single-query.test.ts',
  'tests/api/sign-in-under-way.test.ts',
  'tests/api/bylines.test.ts',
  'tests/api/one-language-items.test.ts',
  'tests/api/cache-invalidation.test.ts',
  'tests/api/cache-validators.test.ts',
  'tests/api/contacts.test.ts',
  'tests/api/content.test.ts',
  'tests/api/long-text.test.ts',
  'tests/api/content-edit-processes.test.ts',
  'tests/api/content-media-edit.test.ts',
  'tests/api/cover-alt-text.test.ts',
  'tests/api/cross-site-writes.test.ts',
  'tests/api/db-transactions.test.ts',
  'tests/api/draft-media.test.ts',
  'tests/api/env.test.ts',
  'tests/api/feeds-and-caching.test.ts',
  'tests/api/jpeg-scan-bounds.test.ts',
  'tests/api/legal.test.ts',
  'tests/api/localization.test.ts',
  'tests/api/newsletter.test.ts',
  'tests/api/newsletter-sending.test.ts',
  'tests/api/newsletter-opt-in.test.ts',
  'tests/api/newsletter-queue.test.ts',
  'tests/api/newsletter-queue-while-sending.test.ts',
  'tests/api/newsletter-links-http.test.ts',
  'tests/api/newsletter-rest.test.ts',
  'tests/api/newsletter-crash.test.ts',
  'tests/api/newsletter-erasure-postgres.test.ts',
  'tests/api/newsletter-two-nodes-postgres.test.ts',
  'tests/api/work-gate-postgres.test.ts',
  'tests/api/everyone-alike.test.ts',
  'tests/api/polish-inputs.test.ts',
  'tests/api/polish-ssr.test.ts',
  'tests/api/private-media.test.ts',
  'tests/api/file-placement-race.test.ts',
  'tests/api/response-cache.test.ts',
  'tests/api/rest-admin.test.ts',
  'tests/api/rest-auth.test.ts',
  'tests/api/rest-content.test.ts',
  'tests/api/rest-legal-gallery.test.ts',
  'tests/api/rest-public-forms.test.ts',
  'tests/api/revisions.test.ts',
  'tests/api/security-access-rest.test.ts',
  'tests/api/security-access-trpc.test.ts',
  'tests/api/security-account-changes.test.ts',
  'tests/api/security-audit.test.ts',
  'tests/api/security-audit-growth.test.ts',
  'tests/api/security-client-errors.test.ts',
  'tests/api/security-durability.test.ts',
  'tests/api/security-fuzz-rest.test.ts',
  'tests/api/security-fuzz-trpc.test.ts',
  'tests/api/security-headers.test.ts',
  'tests/api/security-hostile-uploads.test.ts',
  'tests/api/security-metadata.test.ts',
  'tests/api/security-privacy.test.ts',
  'tests/api/security-sessions.test.ts',
  'tests/api/security-setup.test.ts',
  'tests/api/security-slow-clients.test.ts',
  'tests/api/security-throttling.test.ts',
  'tests/api/security-trust-proxy.test.ts',
  'tests/api/sessions.test.ts',
  'tests/api/shared-state.test.ts',
  'tests/api/setup-audit.test.ts',
  'tests/api/site.test.ts',
  'tests/api/ssr-render.test.ts',
  'tests/api/ssr-dates.test.ts',
  'tests/api/ssr-excerpts.test.ts',
  'tests/api/ssr-social.test.ts',
  'tests/api/ssr-about.test.ts',
  'tests/api/ssr-titles.test.ts',
  'tests/api/ssr-plain-head.test.ts',
  'tests/api/static-assets.test.ts',
  'tests/api/storage-http.test.ts',
  'tests/api/stories.test.ts',
  'tests/api/throttling-http.test.ts',
  'tests/api/trpc-batch-limits.test.ts',
  'tests/api/upload-size-early.test.ts',
  'tests/api/upload-work-bounds.test.ts',
  'tests/api/uploads-http.test.ts',
  'tests/api/users.test.ts',
  'tests/api/validation.test.ts',
  'tests/api/video-cleaning.test.ts',
  'tests/api/video-uploads.test.ts',
  'tests/api/video-work-bounds.test.ts',
  'tests/api/schema-parity.test.ts',
  'tests/api/erasure-postgres.test.ts',
  'tests/api/backup-postgres.test.ts',
  'tests/api/copy-to-postgres.test.ts',
  'tests/api/two-nodes-postgres.test.ts',
  'tests/api/schedule-signal-postgres.test.ts',
  'tests/api/login-throttle-pool-postgres.test.ts',
  'tests/api/search.test.ts',
  'tests/api/search-bounds.test.ts',
  'tests/api/search-http.test.ts',
  'tests/api/search-kept.test.ts',
  'tests/api/search-page.test.ts',
  'tests/api/admin-list-search.test.ts',
  'tests/api/publication.test.ts',
  'tests/api/publication-visibility.test.ts',
  'tests/api/gallery.test.ts',
  'tests/api/search-engines-agree.test.ts',
  'tests/api/search-engines-side-by-side-postgres.test.ts',
  'tests/api/search-word-counts-postgres.test.ts',
  'tests/api/security-login-concurrency.test.ts',
  'tests/api/search-flood.test.ts',
  'tests/api/visitor-work.test.ts',
  'tests/api/roles-writers.test.ts',
  'tests/api/rest-roles.test.ts',
  'tests/api/admin-lists-unpublished.test.ts',
  'tests/api/list-deep-pages.test.ts',
  'tests/api/list-indexes.test.ts',
  'tests/api/flat-rows.test.ts',
  'tests/api/account-sessions.test.ts',
  'tests/api/two-factor-totp.test.ts',
  'tests/api/two-factor-rest.test.ts',
  'tests/api/two-factor-required.test.ts',
  'tests/api/passkeys.test.ts',
  'tests/api/readable-addresses.test.ts',
  'tests/api/picture-library.test.ts',
  'tests/api/cdn-purge.test.ts',
  'tests/api/cdn-headers.test.ts',
];
/**
 * Suites that need the PostgreSQL run's server whatever the engine: they compare both engines, or
 * are about PostgreSQL's own side (its erasure, its backups, moving an SQLite site onto it, several
 * nodes on one database). Suites about SQLite's own side (its file, its migrations) are simply not
 * in postgresSuites; no suite skips tests by engine.
 */
const bothEngineSuites = [
  'tests/api/schema-parity.test.ts',
  'tests/api/erasure-postgres.test.ts',
  'tests/api/backup-postgres.test.ts',
  'tests/api/copy-to-postgres.test.ts',
  'tests/api/two-nodes-postgres.test.ts',
  'tests/api/schedule-signal-postgres.test.ts',
  'tests/api/login-throttle-pool-postgres.test.ts',
  'tests/api/search-engines-side-by-side-postgres.test.ts',
  'tests/api/search-word-counts-postgres.test.ts',
  'tests/api/newsletter-erasure-postgres.test.ts',
  'tests/api/newsletter-two-nodes-postgres.test.ts',
  'tests/api/work-gate-postgres.test.ts',
];

/**
 * Suites that measure time or race timers (holding, flooding, timeouts, bounds on work, processes
 * killed mid-write): they run after the others, one file at a time, so no other suite shares the
 * machine's two cores with them. Everything else runs two files at once.
 */
const timedSuites = [
  'tests/api/visitor-work.test.ts',
  'tests/api/search-flood.test.ts',
  'tests/api/search-bounds.test.ts',
  'tests/api/search-kept.test.ts',
  'tests/api/security-slow-clients.test.ts',
  'tests/api/security-restore-bomb.test.ts',
  'tests/api/security-throttling.test.ts',
  'tests/api/security-login-concurrency.test.ts',
  'tests/api/security-erasure-every-delete.test.ts',
  'tests/api/security-client-errors.test.ts',
  'tests/api/security-durability.test.ts',
  'tests/api/security-backup.test.ts',
  'tests/api/video-work-bounds.test.ts',
  'tests/api/upload-work-bounds.test.ts',
  'tests/api/rich-body-input.test.ts',
  'tests/api/db-transactions.test.ts',
  'tests/api/private-media.test.ts',
  'tests/api/file-placement-race.test.ts',
  'tests/api/content-edit-processes.test.ts',
  'tests/api/site-origin.test.ts',
  'tests/api/two-nodes-postgres.test.ts',
  'tests/api/schedule-signal-postgres.test.ts',
  'tests/api/login-throttle-pool-postgres.test.ts',
  'tests/api/backup-postgres.test.ts',
  'tests/api/newsletter-crash.test.ts',
  'tests/api/newsletter-two-nodes-postgres.test.ts',
  'tests/api/cdn-purge.test.ts',
];
/**
 * The upload, media, backup and cleanup suites that run again with the files in an S3-compatible
 * bucket (TEST_STORAGE=bucket, tests/setup/global-s3.ts; docs/decisions/037). Suites named
 * `bucket-*` are about the bucket alone (its encryption, copying a folder into it) and run only there.
 */
const bucketSuites = [
  'tests/api/uploads-http.test.ts',
  'tests/api/video-uploads.test.ts',
  'tests/api/security-metadata.test.ts',
  'tests/api/draft-media.test.ts',
  'tests/api/stories.test.ts',
  'tests/api/gallery.test.ts',
  'tests/api/contacts.test.ts',
  'tests/api/legal.test.ts',
  'tests/api/content.test.ts',
  'tests/api/long-text.test.ts',
  'tests/api/picture-library.test.ts',
  'tests/api/stored-files.test.ts',
  'tests/api/bucket-*.test.ts',
];
const bucketOnly = ['tests/api/bucket-*.test.ts'];

const timed = (suites: string[]) => suites.filter((suite) => timedSuites.includes(suite));
const untimed = (suites: string[]) => suites.filter((suite) => !timedSuites.includes(suite));

/** Two files at once (this machine has two cores; Vitest's default is one fewer than that). */
const together = { sequence: { groupOrder: 0 }, maxWorkers: 2 };
/** Then, one file at a time: the unit tests (some time their work) and the timed suites. */
const alone = { sequence: { groupOrder: 1 }, maxWorkers: 1 };

const apiProject = {
  environment: 'node' as const,
  globalSetup: ['tests/setup/global-db.ts', 'tests/setup/global-server-build.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
// The same procedure and HTTP suites on PostgreSQL, on a server the run starts itself.
const postgresProject = {
  ...apiProject,
  env: { TEST_DATABASE: 'postgres' },
  globalSetup: ['tests/setup/global-db.ts', 'tests/setup/global-server-build.ts', 'tests/setup/global-postgres.ts'],
};
// The storage suites with the files in a bucket of an S3-compatible server the run starts itself, on
// PostgreSQL: the shape of a site of several nodes (the folder's runs are on SQLite).
const bucketProject = {
  ...apiProject,
  env: { TEST_STORAGE: 'bucket', TEST_DATABASE: 'postgres' },
  globalSetup: ['tests/setup/global-db.ts', 'tests/setup/global-server-build.ts', 'tests/setup/global-postgres.ts', 'tests/setup/global-s3.ts'],
};

export default defineConfig({
  test: {
    // Node 22 and later read drizzle-orm's 180 kB package.json again for each of its ~450 ES modules
    // (2.4 s per test file for the SQLite and PostgreSQL builders; 0.2 s on Node 20). Inlined, Vite
    // transforms them once per run and each test file loads them without that lookup.
    server: { deps: { inline: [/drizzle-orm/] } },
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', ...alone } },
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], exclude: [...bothEngineSuites, ...timedSuites, ...bucketOnly], ...apiProject, ...together } },
      { test: { name: 'api-bucket', include: bucketSuites, ...bucketProject, ...together } },
      { test: { name: 'api-pg', include: untimed(postgresSuites), ...postgresProject, ...together } },
      { test: { name: 'api-timed', include: timed(timedSuites), exclude: bothEngineSuites, ...apiProject, ...alone } },
      { test: { name: 'api-pg-timed', include: timed(postgresSuites), ...postgresProject, ...alone } },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/global-db.ts', 'tests/setup/global-build.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // Two app nodes on one PostgreSQL database and one storage folder, HAProxy in front (issue 22).
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['tests/setup/global-db.ts', 'tests/setup/global-postgres.ts', 'tests/setup/global-build.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
