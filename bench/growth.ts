// Both engines as the site grows: lists, pages and search with 100, 10,000 and 100,000 news items on
// SQLite and on PostgreSQL, every request doing the work (part of `npm run bench`; alone:
// node --experimental-strip-types bench/growth.ts, which rewrites only its section).
import autocannon from 'autocannon';
import { withBothEngines } from './both-engines.ts';
import { asAnotherVisitor } from './engines.ts';
import { loadWithCpu, type Load } from './process-use.ts';
import { SERVER, serverArgs, startProcess, untilIdle } from './processes.ts';
import { writeSection } from './sections.ts';
import { UNCACHED, WORK_UNLIMITED } from './uncached.ts';

export const GROWTH_HEADING = '## Both engines as the site grows';

const SIZES = [100, 10_000, 100_000];
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
/** Few enough that latency shows the work, not the queue in front of it. */
const CONNECTIONS = 10;

const trpc = (procedure: string, input: object) => `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

interface Probe {
  name: string;
  path: (items: number) => string;
  manyVisitors?: boolean;
}

const middle = (items: number) => Math.max(1, Math.floor(items / 2));
const probes: Probe[] = [
  { name: 'tRPC news.list page 1', path: () => trpc('news.list', { page: 1, pageSize: 12 }) },
  { name: 'tRPC news.list, a page in the middle', path: (items) => trpc('news.list', { page: Math.max(1, Math.floor(items / 24)), pageSize: 12 }) },
  { name: 'Home page /', path: () => '/' },
  { name: 'News list page /latestnews, a page in the middle', path: (items) => `/latestnews?page=${Math.max(1, Math.floor(items / 24))}` },
  { name: 'Detail page of the middle item', path: (items) => `/news/${middle(items)}` },
  // A visitor runs one search at a time (decision 019): here each request is another visitor's.
  { name: 'Search "item 50" (one item matches)', path: () => trpc('search.query', { q: 'item 50' }), manyVisitors: true },
  { name: 'Search "women rights" (every item matches)', path: () => trpc('search.query', { q: 'women rights' }), manyVisitors: true },
];

type Cell = Load;
type Engine = 'SQLite' | 'PostgreSQL';
/** measured[engine][probe][size index] */
type Measured = Record<Engine, Cell[][]>;

function measure(url: string, pid: number, probe: Probe): Promise<Cell> {
  return loadWithCpu(pid, {
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    pipelining: 1,
    headers: UNCACHED,
    ...(probe.manyVisitors ? { requests: [{ setupRequest: asAnotherVisitor }] } : {}),
  } as autocannon.Options);
}

export async function growthRows(): Promise<Measured> {
  const measured: Measured = { SQLite: probes.map(() => []), PostgreSQL: probes.map(() => []) };
  for (const items of SIZES) {
    await withBothEngines(
      items,
      async ({ sqliteFile, postgresUrl, storage }) => {
        for (const [engine, url] of [
          ['SQLite', sqliteFile],
          ['PostgreSQL', postgresUrl],
        ] as const) {
          console.log(`${engine}, ${items.toLocaleString('en')} news items`);
          const site = await startProcess(SERVER, { DATABASE_URL: url, STORAGE_DIR: storage, TRUST_PROXY: 'loopback', ...WORK_UNLIMITED }, serverArgs);
          try {
            for (const [index, probe] of probes.entries()) {
              await untilIdle(site.url);
              // Warmed first: the first answers compile and fill the remembered totals.
              await autocannon({ url: site.url + probe.path(items), connections: CONNECTIONS, duration: 1, headers: UNCACHED } as autocannon.Options);
              const cell = await measure(site.url + probe.path(items), site.pid, probe);
              console.log(
                `  ${probe.name.padEnd(52)} ${String(cell.rps).padStart(6)} req/s  p50 ${cell.p50} ms  p99 ${cell.p99} ms  ${cell.cpuPerRequest} ms CPU  errors ${cell.errors}`,
              );
              measured[engine][index]!.push(cell);
            }
          } finally {
            await site.stop();
          }
        }
      },
      { searchIndex: true },
    );
  }
  return measured;
}

/** Flat: the slowest size answers at least half as many requests a second as the fastest. */
const flat = (cells: Cell[]) => Math.min(...cells.map((cell) => cell.rps)) >= Math.max(...cells.map((cell) => cell.rps)) / 2;

export function growthSection(measured: Measured): string {
  const sizes = SIZES.map((items) => items.toLocaleString('en'));
  const tables = (Object.keys(measured) as Engine[]).map((engine) =>
    [
      `### ${engine}`,
      '',
      `| Measurement | ${sizes.map((size) => `${size} items: req/s, p50 ms, CPU ms`).join(' | ')} | flat |`,
      `|---|${sizes.map(() => '---:').join('|')}|---|`,
      ...probes.map((probe, index) => {
        const cells = measured[engine][index]!;
        const errors = cells.reduce((sum, cell) => sum + cell.errors, 0);
        return `| ${probe.name}${errors ? ` (${errors} errors)` : ''} | ${cells.map((cell) => `${cell.rps}, ${cell.p50}, ${cell.cpuPerRequest}`).join(' | ')} | ${flat(cells) ? 'met' : 'not met'} |`;
      }),
    ].join('\n'),
  );
  const all = (Object.values(measured) as Cell[][][]).flat();
  return `${GROWTH_HEADING}

The same site with ${sizes.join(', ')} news items (English and Persian, every seventh a top story), on SQLite and on PostgreSQL
(the tests' throwaway cluster, filled by the site's own copy and its search documents built), the server started as \`npm start\`
starts it, ${CONNECTIONS} connections for ${DURATION} s per row after a second of warming, every request doing the work (a session cookie
that names no session: no cache answers). A middle page or item is the one halfway through the site. CPU is the server process's
time per answer (all threads, from /proc). Target: flat from 100 to 100,000 items, each row's slowest size answering at least half
as many requests a second as its fastest: **${all.every(flat) ? 'met' : 'not met'}** (${all.filter(flat).length} of ${all.length} rows flat).

${tables.join('\n\n')}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const measured = await growthRows();
  writeSection(GROWTH_HEADING, growthSection(measured));
  console.log('\nWritten to docs/benchmarks.md');
}
