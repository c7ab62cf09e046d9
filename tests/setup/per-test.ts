import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startServer, type TestServer } from './http.ts';
import { createTestDeps, type TestDeps } from './test-db.ts';

/** A site under test: its database and files, and the real app serving them on a loopback port. */
export interface TestSite {
  deps: TestDeps;
  server: TestServer;
}

async function startTestSite(env: Record<string, string>, prepare?: (deps: TestDeps) => Promise<void>): Promise<TestSite> {
  const deps = createTestDeps(env);
  await prepare?.(deps);
  return { deps, server: await startServer(deps) };
}

async function stopTestSite(site: TestSite): Promise<void> {
  await site.server.close();
  await site.deps.cleanup();
}

/** A fresh database and server for every test of the file, closed and removed after each. */
export function siteForEachTest(env: Record<string, string> = {}): TestSite {
  const site = {} as TestSite;
  beforeEach(async () => {
    Object.assign(site, await startTestSite(env));
  });
  afterEach(() => stopTestSite(site));
  return site;
}

/** One database and server shared by the tests of the file, filled by `prepare` before the server starts. */
export function siteForAllTests(env: Record<string, string> = {}, prepare?: (deps: TestDeps) => Promise<void>): TestSite {
  const site = {} as TestSite;
  beforeAll(async () => {
    Object.assign(site, await startTestSite(env, prepare));
  });
  afterAll(() => stopTestSite(site));
  return site;
}

/**
 * Sites a test starts itself, when it needs one and with the settings it needs; every database and
 * server started during a test is closed and removed after it.
 */
export function sitesStartedInTests() {
  let started: { deps: TestDeps; server?: TestServer }[] = [];
  afterEach(async () => {
    const ending = started;
    started = [];
    for (const { deps, server } of ending) {
      await server?.close();
      await deps.cleanup();
    }
  });
  /** A fresh database and storage, without a server. */
  function deps(env: Record<string, string> = {}): TestDeps {
    const made = createTestDeps(env);
    started.push({ deps: made });
    return made;
  }
  /** The real app serving a database this test made; the server goes down with the database after the test. */
  async function serve(served: TestDeps, options: { clientDir?: string } = {}): Promise<TestServer> {
    const server = await startServer(served, options);
    const entry = started.find((one) => one.deps === served);
    if (entry) entry.server = server;
    else started.push({ deps: served, server });
    return server;
  }
  /** A fresh database served on a loopback port. */
  async function site(env: Record<string, string> = {}): Promise<TestSite> {
    const made = deps(env);
    return { deps: made, server: await serve(made) };
  }
  return { deps, serve, site };
}
