// Speed at the limit: CPU per request, latency and memory of the web process on both engines, beside
// the bare node:http bound (part of `npm run bench`; alone: node --experimental-strip-types bench/limits.ts,
// which rewrites only its section).
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { withBothEngines } from './both-engines.ts';
import { pacedLoad, type PacedLoad } from './paced-load.ts';
import { loadWithCpu, peakRss, rssMb, type Load } from './process-use.ts';
import { SERVER, serverArgs, startProcess, untilIdle, type Running } from './processes.ts';
import { writeSection } from './sections.ts';
import { UNCACHED, WORK_UNLIMITED } from './uncached.ts';

export const LIMITS_HEADING = '## Speed at the limit';

const ITEMS = 10_000;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 100;
const WARM_UP_SECONDS = 3;
/** Runs of each row that does the work: one after its cached row, the others after every other row's. */
const UNCACHED_RUNS = 3;

const trpc = (procedure: string, input: object) => `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

interface Probe {
  name: string;
  path: string;
  /** The target for the server's CPU per request when no cache answers, in ms. */
  cpuTarget: number;
  page: boolean;
}

const probes: Probe[] = [
  { name: 'REST list /api/news?page=1', path: '/api/news?page=1', cpuTarget: 1, page: false },
  { name: 'tRPC list news.list (15)', path: trpc('news.list', { page: 1, pageSize: 15 }), cpuTarget: 1, page: false },
  { name: 'Home page /', path: '/', cpuTarget: 5, page: true },
  { name: 'Detail page /news/5000', path: '/news/5000', cpuTarget: 3, page: true },
];

export interface LimitRow {
  probe: Probe;
  bytes: number;
  cached: Load;
  /** The uncached run with the least CPU per request. */
  uncached: Load;
  /** CPU per request of every uncached run, in the order they ran. */
  uncachedRuns: number[];
  /** The same uncached requests at half the rate the server answered them flat out, on a steady schedule. */
  paced: PacedLoad;
  bare: Load;
  /** A bare node:http server spending the uncached answer's CPU per request before answering. */
  bareBusy: Load;
}

export interface EngineLimits {
  engine: 'SQLite' | 'PostgreSQL';
  rows: LimitRow[];
  idleRss: number;
  /** The highest resident memory while the pages were measured. */
  loadedRss: number;
}

async function load(url: string, pid: number, headers?: Record<string, string>): Promise<Load> {
  await untilIdle(new URL(url).origin);
  return loadWithCpu(pid, { url, connections: CONNECTIONS, duration: DURATION, pipelining: 1, ...(headers ? { headers } : {}) } as autocannon.Options);
}

export async function measureEngine(engine: EngineLimits['engine'], databaseUrl: string, storage: string, dir: string): Promise<EngineLimits> {
  const site: Running = await startProcess(SERVER, { DATABASE_URL: databaseUrl, STORAGE_DIR: storage, ...WORK_UNLIMITED }, serverArgs);
  try {
    // Idle: started, one page and one list answered (its modules loaded), then left alone.
    await fetch(site.url + '/').then((response) => response.arrayBuffer());
    await fetch(site.url + '/api/news').then((response) => response.arrayBuffer());
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const idleRss = rssMb(site.pid);
    console.log(`${engine}: ${idleRss} MB resident when idle`);
    let loadedRss = idleRss;
    // A page's load counts towards the memory peak, in every pass.
    const underWatch = async <T>(probe: Probe, measure: () => Promise<T>): Promise<T> => {
      const memory = probe.page ? peakRss(site.pid) : null;
      try {
        return await measure();
      } finally {
        if (memory) loadedRss = Math.max(loadedRss, memory.stop());
      }
    };
    const uncachedLoad = (probe: Probe) => load(site.url + probe.path, site.pid, UNCACHED);
    const firstPass = [];
    for (const probe of probes) {
      const response = await fetch(site.url + probe.path);
      const body = Buffer.from(await response.arrayBuffer());
      const contentType = response.headers.get('content-type') ?? 'text/html';
      firstPass.push(
        await underWatch(probe, async () => {
          const cached = await load(site.url + probe.path, site.pid);
          // The uncached path's first seconds compile it (the cached rows never ran it): measured is the steady state after.
          await autocannon({ url: site.url + probe.path, connections: CONNECTIONS, duration: WARM_UP_SECONDS, headers: UNCACHED } as autocannon.Options);
          const uncached = await uncachedLoad(probe);
          await untilIdle(site.url);
          const paced = await pacedLoad(site.pid, {
            url: site.url + probe.path,
            rate: Math.max(1, Math.round(uncached.rps / 2)),
            seconds: DURATION,
            connections: CONNECTIONS,
            headers: UNCACHED,
          });
          return { probe, body, contentType, cached, uncachedRuns: [uncached], paced };
        }),
      );
    }
    // The same uncached rows again, minutes apart: other work on this machine only ever adds CPU time, so the lowest run
    // is the nearest to what the answer costs; every run is shown.
    for (let pass = 1; pass < UNCACHED_RUNS; pass++)
      for (const measured of firstPass) measured.uncachedRuns.push(await underWatch(measured.probe, () => uncachedLoad(measured.probe)));
    const rows: LimitRow[] = [];
    for (const { probe, body, contentType, cached, uncachedRuns, paced } of firstPass) {
      const uncached = uncachedRuns.reduce((lowest, run) => (run.cpuPerRequest < lowest.cpuPerRequest ? run : lowest));
      const bodyFile = path.join(dir, 'body');
      fs.writeFileSync(bodyFile, body);
      const bareServe = async (busyMs: number) => {
        const bareServer = await startProcess('bench/bare-server.mjs', { BODY_FILE: bodyFile, CONTENT_TYPE: contentType, BUSY_MS: String(busyMs) });
        try {
          return await load(bareServer.url, bareServer.pid);
        } finally {
          await bareServer.stop();
        }
      };
      const bare = await bareServe(0);
      // The same CPU per request spent by a plain Node server: how its latency spreads at this load.
      const bareBusy = await bareServe(uncached.cpuPerRequest);
      rows.push({ probe, bytes: body.length, cached, uncached, uncachedRuns: uncachedRuns.map((run) => run.cpuPerRequest), paced, bare, bareBusy });
      const line = (label: string, value: Load) =>
        `  ${`${probe.name}, ${label}`.padEnd(44)} ${String(value.rps).padStart(6)} req/s  p50 ${value.p50} ms  p99 ${value.p99} ms  ${value.cpuPerRequest} ms CPU  errors ${value.errors}`;
      console.log(
        [
          line('cached', cached),
          ...uncachedRuns.map((run, index) => line(`uncached, run ${index + 1}`, run)),
          line('uncached, paced', paced),
          line('bare node:http', bare),
          line('bare, same CPU', bareBusy),
        ].join('\n'),
      );
    }
    console.log(`${engine}: at most ${loadedRss} MB resident under the pages' load`);
    return { engine, rows, idleRss, loadedRss };
  } finally {
    await site.stop();
  }
}

/** Both engines with the same ITEMS news items: SQLite filled directly, PostgreSQL by the site's own copy. */
export async function limitRows(): Promise<EngineLimits[]> {
  return withBothEngines(ITEMS, async ({ sqliteFile, postgresUrl, storage, dir }) => [
    await measureEngine('SQLite', sqliteFile, storage, dir),
    await measureEngine('PostgreSQL', postgresUrl, storage, dir),
  ]);
}

const met = (ok: boolean) => (ok ? 'met' : 'not met');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function limitsSection(engines: EngineLimits[]): string {
  const cells = (value: Load | PacedLoad) => `${value.rps} | ${value.p50} | ${value.p99} | ${value.cpuPerRequest}`;
  const tables = engines.map(
    ({ engine, rows, idleRss, loadedRss }) => `### ${engine}

| Answer | Size | Kind | req/s | p50 ms | p99 ms | CPU ms per request | CPU target | p99 < 50 ms |
|---|---:|---|---:|---:|---:|---:|---|---|
${rows
  .flatMap((row) => [
    `| ${row.probe.name} | ${kb(row.bytes)} | cached | ${cells(row.cached)} | | ${met(row.cached.p99 < 50)} |`,
    `| | | every request does the work | ${cells(row.uncached)} (runs: ${row.uncachedRuns.join(', ')}) | ≤ ${row.probe.cpuTarget} ms: ${met(row.uncached.cpuPerRequest <= row.probe.cpuTarget)} | (flat out) |`,
    `| | | every request does the work, paced at half that rate | ${cells(row.paced)} | | ${met(row.paced.p99 < 50 && row.paced.errors === 0)} |`,
    `| | | bare node:http, same bytes | ${cells(row.bare)} | | (bound) |`,
    `| | | bare node:http, same bytes after the same CPU | ${cells(row.bareBusy)} | | (bound) |`,
  ])
  .join('\n')}

Memory of the web process: **${idleRss} MB** resident when idle (target ≤ 100 MB: ${met(idleRss <= 100)}), at most **${loadedRss} MB** while the pages
were measured (target ≤ 150 MB: ${met(loadedRss <= 150)}).
`,
  );
  return `${LIMITS_HEADING}

${ITEMS.toLocaleString('en')} news items on each engine (PostgreSQL as the tests' throwaway cluster on this machine), the server started as
\`npm start\` starts it, ${CONNECTIONS} connections for ${DURATION} s per row, answers uncompressed. "Every request does the work" sends a
session cookie that names no session, which no cache answers: the list is read from the database, the page rendered. A page looks the
cookie up (a signed-in editor's work is not budgeted); a list never does, being the same for everyone (docs/decisions/055). CPU per request is
the server process's CPU time (all its threads, from /proc) over the run divided by the requests answered. A row that does the work
is run ${UNCACHED_RUNS} times, after ${WARM_UP_SECONDS} s of the same requests that are not counted (the path's first compilation): once after its cached row and once more after each
pass over every other row, minutes apart. Other work on this machine only ever adds to a run's CPU time (its figures moved by up to 1.5×
within an hour), so the row shows the run with the least, and lists every run's CPU. The bare node:http bound
answers the same bytes from memory, and once more after spinning for the uncached answer's CPU per request (the latency any Node
server doing that much work per request shows at this load). The load generator runs on the same 2 cores, so req/s and latency are pessimistic; CPU per request
is not.

Flat out, ${CONNECTIONS} connections each sending its next request as soon as the last is answered keep ${CONNECTIONS} requests waiting at the
server at every moment, so each waits for the ${CONNECTIONS - 1} ahead of it: the mean latency is ${CONNECTIONS} ÷ req/s whatever the server
does (Little's law), and no server that does a millisecond's work
per answer on these cores can answer within 50 ms that way. The latency a reader sees is measured "paced": the same
uncached requests over ${CONNECTIONS} connections at half the rate the server answered them flat out, sent on a steady schedule
whether or not earlier ones were answered (bench/paced-load.ts), each timed from when it was due. That row's p99 is
the one held to the 50 ms target; cached rows are held to it flat out.

${tables.join('\n')}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const measured = await limitRows();
  writeSection(LIMITS_HEADING, limitsSection(measured));
  console.log('\nWritten to docs/benchmarks.md');
}
