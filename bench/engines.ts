// PostgreSQL beside SQLite: the same site, the same rows, measured in one run (part of `npm run bench`;
// alone: node --experimental-strip-types bench/engines.ts, which rewrites only its section).
import autocannon from 'autocannon';
import { postgresContentVersion } from '../src/server/cache/content-version-postgres.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { withBothEngines } from './both-engines.ts';
import { SERVER, serverArgs, startProcess, untilIdle, type Running } from './processes.ts';
import { writeSection } from './sections.ts';
import { UNCACHED, WORK_UNLIMITED } from './uncached.ts';

export const ENGINES_HEADING = '## PostgreSQL beside SQLite';

const ITEMS = 10_000;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 100;

/** What a node's per-request read of the shared content version costs (content-version-postgres.ts `refresh`). */
interface VersionReadCost {
  /** One request alone: one primary-key lookup, a round trip to the database. */
  aloneMicros: number;
  /** The share of each of 100 requests arriving together, which share reads in flight. */
  togetherMicros: number;
}

async function versionReadCost(url: string): Promise<VersionReadCost> {
  const db = openDatabase(url);
  try {
    const versions = postgresContentVersion(db);
    await versions.refresh!();
    const alone = 2_000;
    let started = performance.now();
    for (let i = 0; i < alone; i++) await versions.refresh!();
    const aloneMicros = ((performance.now() - started) * 1000) / alone;
    const rounds = 200;
    started = performance.now();
    for (let round = 0; round < rounds; round++) await Promise.all(Array.from({ length: 100 }, () => versions.refresh!()));
    const togetherMicros = ((performance.now() - started) * 1000) / (rounds * 100);
    return { aloneMicros: Math.round(aloneMicros), togetherMicros: Math.round(togetherMicros * 10) / 10 };
  } finally {
    await db.close();
  }
}

interface EngineRow {
  name: string;
  sqlite: { rps: number; p50: number; p99: number; errors: number };
  postgres: { rps: number; p50: number; p99: number; errors: number } | null;
}

const trpc = (procedure: string, input: object) => `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

/** What is measured on each engine: cached reads, and the same reads when every request does the work. */
const probes: { name: string; path: string; uncached?: boolean; manyVisitors?: boolean }[] = [
  { name: 'tRPC news.list page 1, cached', path: trpc('news.list', { page: 1, pageSize: 12 }) },
  { name: 'tRPC news.list page 1, every request from the database', path: trpc('news.list', { page: 1, pageSize: 12 }), uncached: true },
  { name: 'tRPC news.list page 400, every request from the database', path: trpc('news.list', { page: 400, pageSize: 12 }), uncached: true },
  { name: 'Home page GET /, cached', path: '/' },
  { name: 'Home page GET /, every request rendered', path: '/', uncached: true },
  { name: 'News detail GET /news/5000, every request rendered', path: '/news/5000', uncached: true },
  // A visitor runs one search at a time (decision 019): here each request is another visitor's.
  {
    name: 'Search "women rights", every request searched, each by another visitor',
    path: trpc('search.query', { q: 'women rights' }),
    uncached: true,
    manyVisitors: true,
  },
];

let visitorCount = 0;
/** Another visitor's address for each request (the server believes X-Forwarded-For from loopback). */
export const asAnotherVisitor = (request: { headers?: Record<string, string> }) => {
  visitorCount++;
  return {
    ...request,
    headers: { ...request.headers, 'x-forwarded-for': `10.${(visitorCount >> 16) & 255}.${(visitorCount >> 8) & 255}.${visitorCount & 255}` },
  };
};

async function measure(url: string, uncached: boolean, manyVisitors = false) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    pipelining: 1,
    ...(uncached ? { headers: UNCACHED } : {}),
    ...(manyVisitors ? { requests: [{ setupRequest: asAnotherVisitor }] } : {}),
  } as autocannon.Options);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function measureSite(site: Running) {
  const rows: EngineRow['sqlite'][] = [];
  for (const probe of probes) {
    await untilIdle(site.url);
    const row = await measure(site.url + probe.path, probe.uncached ?? false, probe.manyVisitors);
    console.log(`  ${probe.name.padEnd(58)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}`);
    rows.push(row);
  }
  return rows;
}

/** Both engines with the same ITEMS news items: SQLite filled directly, PostgreSQL by the site's own copy command's code. */
export async function engineRows(): Promise<{ rows: EngineRow[]; versionRead: VersionReadCost }> {
  return withBothEngines(
    ITEMS,
    async ({ sqliteFile, postgresUrl, storage, searchable }) => {
      const measured: Record<'sqlite' | 'postgres', EngineRow['sqlite'][]> = { sqlite: [], postgres: [] };
      for (const [engine, url] of [
        ['sqlite', sqliteFile],
        ['postgres', postgresUrl],
      ] as const) {
        console.log(`${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${ITEMS.toLocaleString('en')} news items`);
        const site = await startProcess(SERVER, { DATABASE_URL: url, STORAGE_DIR: storage, TRUST_PROXY: 'loopback', ...WORK_UNLIMITED }, serverArgs);
        try {
          measured[engine] = await measureSite(site);
        } finally {
          await site.stop();
        }
      }
      const versionRead = await versionReadCost(postgresUrl);
      console.log(`  version read per request: ${versionRead.aloneMicros} µs alone, ${versionRead.togetherMicros} µs each of 100 together`);
      const rows = probes.map((probe, index) => ({
        name: probe.name,
        sqlite: measured.sqlite[index]!,
        postgres: probe.name.startsWith('Search') && !searchable ? null : measured.postgres[index]!,
      }));
      return { rows, versionRead };
    },
    { searchIndex: true },
  );
}

export function enginesSection({ rows, versionRead }: { rows: EngineRow[]; versionRead: VersionReadCost }): string {
  const cell = (value: EngineRow['sqlite'] | null) => (value ? `${value.rps} | ${value.p50} | ${value.p99} | ${value.errors}` : 'not available | | |');
  return `${ENGINES_HEADING}

The same site with ${ITEMS.toLocaleString('en')} news items on each engine (PostgreSQL 15 as a throwaway cluster on this
machine with the tests' settings: fsync off, which flatters writes, not reads), ${CONNECTIONS} connections for ${DURATION} s
per row, one engine at a time. On PostgreSQL a cached answer costs one query: before answering, a node reads the shared
content version (src/server/cache/content-version-postgres.ts), so that no node serves a page older than a change already
answered to an editor on another; requests that arrive while a read is in flight share the next one. Measured on its own,
that read costs ${versionRead.aloneMicros} µs for a request alone and ${versionRead.togetherMicros} µs each for 100 requests arriving together; the
cached rows below include it.

| Measurement | SQLite req/s | p50 ms | p99 ms | errors | PostgreSQL req/s | p50 ms | p99 ms | errors |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.map((row) => `| ${row.name} | ${cell(row.sqlite)} | ${cell(row.postgres)} |`).join('\n')}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const measured = await engineRows();
  writeSection(ENGINES_HEADING, enginesSection(measured));
  console.log('\nWritten to docs/benchmarks.md');
}
