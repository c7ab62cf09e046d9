// Readers of the cached home page while one client floods the site with requests no cache used to
// hold: a new query string each (`/?n=1`, `/?n=2`, …, as the third audit sent beside Ghost), or a
// made-up item id each (a "not found" page rendered for every one). Part of `npm run bench`; alone:
// `node --experimental-strip-types bench/render-flood.ts`, which rewrites only its section of
// docs/benchmarks.md. Every row of a setting comes from one run of one server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openAndMigrate } from '../src/server/db/client.ts';
import { seedDemo } from '../src/server/db/demo-seed.ts';
import { createDeps } from '../src/server/deps.ts';
import { envFor } from '../src/server/env.ts';
import { SERVER, serverArgs, startProcess, type Running } from './processes.ts';
import { writeSection } from './sections.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** Readers, not a load test: enough to see the tail. */
const READERS = 10;
/** The audit's flood: twenty connections from one client. */
const FLOOD = 20;
const FLOODER = '198.51.100.7';
export const RENDER_FLOOD_HEADING = '## Cached readers while one client floods uncached pages';

const floods = [
  ['none', null],
  ['a new query string on / each (/?n=1, /?n=2, …)', (n: number) => `/?n=${n}`],
  ['a made-up item id each (/news/1000001, …: a not-found page rendered each)', (n: number) => `/news/${1_000_000 + n}`],
] as const;

const settings = [
  ['as shipped', {}],
  ['budget off', { VISITOR_WORK_MS_PER_SECOND: '0' }],
] as const;

interface Row {
  setting: string;
  flood: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** How the flood's requests were answered, by status. */
  flooded: Record<string, number>;
}

const run = (options: autocannon.Options) => autocannon(options);

/** Readers are many people: each request from another address of a documentation range (the server trusts the bench as its proxy). */
function readersOf(site: Running, duration: number): autocannon.Options {
  let n = 0;
  return {
    url: `${site.url}/`,
    connections: READERS,
    duration,
    requests: [
      {
        setupRequest: (request: { headers?: Record<string, string> }) => ({
          ...request,
          headers: { ...request.headers, 'x-forwarded-for': `203.0.113.${(n++ % 250) + 1}` },
        }),
      },
    ],
  } as autocannon.Options;
}

async function measure(site: Running, setting: string, [flood, address]: (typeof floods)[number]): Promise<Row> {
  let n = 0;
  const load = address
    ? run({
        url: site.url,
        connections: FLOOD,
        duration: DURATION + 1,
        headers: { 'x-forwarded-for': FLOODER },
        requests: [{ setupRequest: (request: { path: string }) => ({ ...request, path: address(n++) }) }],
      } as autocannon.Options)
    : null;
  // The flood is under way before the readers start, and outlasts them.
  if (load) await new Promise((resolve) => setTimeout(resolve, 500));
  const readers = await run(readersOf(site, DURATION));
  const flooding = load ? await load : null;
  const row: Row = {
    setting,
    flood,
    requestsPerSecond: Math.round(readers.requests.average),
    p50: readers.latency.p50,
    p99: readers.latency.p99,
    errors: readers.errors + readers.timeouts + readers.non2xx,
    flooded: Object.fromEntries(Object.entries(flooding?.statusCodeStats ?? {}).map(([status, stats]) => [status, (stats as { count: number }).count])),
  };
  console.log(
    `${setting.padEnd(12)} ${flood.slice(0, 48).padEnd(48)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}`,
  );
  return row;
}

/** The demo content, seeded once, as the pages bench uses it. */
function demoSite(): { dir: string; env: Record<string, string> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-render-flood-'));
  const env = { DATABASE_URL: path.join(dir, 'site.db'), STORAGE_DIR: path.join(dir, 'storage') };
  return { dir, env };
}

export async function renderFloodRows(): Promise<Row[]> {
  const { dir, env } = demoSite();
  const rows: Row[] = [];
  try {
    const demoEnv = envFor(env);
    const db = await openAndMigrate(demoEnv.DATABASE_URL);
    await seedDemo(createDeps({ db, env: demoEnv }));
    await db.close();
    for (const [setting, settingEnv] of settings) {
      const site = await startProcess(SERVER, { ...env, TRUST_PROXY: 'loopback', ...settingEnv }, serverArgs);
      try {
        // A short unrecorded run first: the renderer loaded, the home page cached, the JIT warm.
        await run(readersOf(site, 2));
        for (const flood of floods) rows.push(await measure(site, setting, flood));
      } finally {
        await site.stop();
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

const quietOf = (rows: Row[], row: Row) => rows.find((other) => other.setting === row.setting && other.flood === 'none')!;
/** A p99 under 1 ms counts as 1 ms: autocannon measures whole milliseconds. */
const withinTwice = (rows: Row[], row: Row) => row.p99 <= 2 * Math.max(quietOf(rows, row).p99, 1);

/** Whether cached readers' p99 stayed within twice its value without the audit's flood (a new query string each), as shipped. */
export function renderFloodTarget(rows: Row[]): { met: boolean; pair: string } {
  const row = rows.find((one) => one.setting === 'as shipped' && one.flood.startsWith('a new query string'))!;
  return { met: withinTwice(rows, row), pair: `${quietOf(rows, row).p99} → ${row.p99} ms` };
}

export function renderFloodSection(rows: Row[]): string {
  const answered = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([status, count]) => `${count.toLocaleString('en')} × ${status}`)
      .join(', ') || '—';
  return `${RENDER_FLOOD_HEADING}

${READERS} reader connections (each request from another address) ask for the cached home page for ${DURATION} s per row,
without and then with one client (one address, ${FLOOD} connections) flooding the site, on one server with the demo content
started as \`npm start\` runs it. Before this change the first flood cut the readers from 3,322 to 46 requests a second (p99 from 22
to 876 ms) on this machine, as it cut the audit's readers from 1,815 to 34: every new query string was a new cache entry and a new
render. Now an answer is kept by what its address means (docs/decisions/021), so that flood is answered from the home page's
entry, and each visitor has a share of the server's time (as shipped: 100 ms a second, 1 s saved up; cached answers and renders
alike): once the flooder has spent hers, her requests are held until it refills (at most 2 s; uncached ones are then answered
429), so her twenty connections mostly wait. With the budget off only the cache keys are at work.

| Setting | Flood from one client | readers req/s | p50 ms | p99 ms | errors | p99 within 2 × without | flood answered |
|---|---|---:|---:|---:|---:|---|---|
${rows
  .map(
    (row) =>
      `| ${row.setting} | ${row.flood} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.flood === 'none' ? '' : withinTwice(rows, row) ? 'met' : 'not met'} | ${answered(row.flooded)} |`,
  )
  .join('\n')}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await renderFloodRows();
  writeSection(RENDER_FLOOD_HEADING, renderFloodSection(rows));
  const target = renderFloodTarget(rows);
  console.log(`\nCached readers' p99 under one client's unique-query flood within 2 × without: ${target.met ? 'met' : 'not met'} (${target.pair})`);
  console.log('Written to docs/benchmarks.md');
}
