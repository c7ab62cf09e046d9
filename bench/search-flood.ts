// Readers' latency while one client floods the search, at the search bench's 100,000 items: part of
// bench/search.ts (so of `npm run bench`); both rows of a comparison come from one run of one server.
import path from 'node:path';
import autocannon from 'autocannon';
import { SERVER, serverArgs, startProcess, type Running } from './processes.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** Readers, not a load test: enough to see the tail, few enough not to saturate the server themselves. */
const CONNECTIONS = 10;
/** Calls in one tRPC batch: the most a batch may hold. */
const BATCH = 10;

export interface FloodRow {
  reader: string;
  flood: string;
  p50: number;
  p99: number;
  requestsPerSecond: number;
  errors: number;
}

export interface FloodResult {
  rows: FloodRow[];
  /** How the flood's searches were answered, per HTTP status of each call, per setting. */
  answers: Record<string, Record<number, number>>;
}

/**
 * One client (one address, one connection) sending tRPC batches of `BATCH` costly searches back to
 * back, each batch as soon as the last is answered, as the audit's attacker did.
 */
function floodFrom(site: Running, query: string) {
  let running = true;
  const answers: Record<number, number> = {};
  const input = Object.fromEntries(Array.from({ length: BATCH }, (_, index) => [index, { json: { q: query, page: (index % 5) + 1 } }]));
  const url = `${site.url}/trpc/${Array(BATCH).fill('search.query').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
  const loop = (async () => {
    while (running) {
      const response = await fetch(url, { headers: { 'x-forwarded-for': '198.51.100.7' } });
      const calls = (await response.json()) as { error?: { json: { data: { httpStatus: number } } } }[];
      for (const call of calls) {
        const status = call.error?.json.data.httpStatus ?? 200;
        answers[status] = (answers[status] ?? 0) + 1;
      }
    }
  })();
  return {
    answers,
    async stop() {
      running = false;
      await loop;
    },
  };
}

async function measure(site: Running, reader: string, pathname: string, flood: string): Promise<FloodRow> {
  const result = await autocannon({ url: site.url + pathname, connections: CONNECTIONS, duration: DURATION });
  const row = {
    reader,
    flood,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: Math.round(result.requests.average),
    errors: result.errors + result.timeouts + result.non2xx,
  };
  console.log(
    `${reader.padEnd(34)} ${flood.padEnd(44)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}`,
  );
  return row;
}

const readers = [
  ['GET /api/news?page=1 (cached)', '/api/news?page=1'],
  ['GET /healthz', '/healthz'],
] as const;

/**
 * For each setting (the search budget off, so every search the flood may run runs; and as
 * shipped), each reader's latency without and then with the flood, on one server.
 */
export async function searchFloodRows(file: string, query: string): Promise<FloodResult> {
  const rows: FloodRow[] = [];
  const answers: FloodResult['answers'] = {};
  const settings = [
    ['budget off', { RATE_LIMIT_SEARCHES: '0' }],
    ['budget as shipped', {}],
  ] as const;
  for (const [setting, env] of settings) {
    const site = await startProcess(
      SERVER,
      { DATABASE_URL: file, STORAGE_DIR: path.join(path.dirname(file), 'storage'), TRUST_PROXY: 'loopback', ...env },
      serverArgs,
    );
    try {
      // A short unrecorded run first, so no recorded row pays for a cold start (and the first search starts a thread).
      await autocannon({ url: site.url + readers[0][1], connections: CONNECTIONS, duration: 2 });
      await fetch(`${site.url}/api/search?q=${encodeURIComponent(query)}`);
      for (const [reader, pathname] of readers) {
        rows.push(await measure(site, reader, pathname, `none (${setting})`));
        const flood = floodFrom(site, query);
        await new Promise((resolve) => setTimeout(resolve, 500));
        rows.push(await measure(site, reader, pathname, `one client, batches of ${BATCH} (${setting})`));
        await flood.stop();
        const total = (answers[setting] ??= {});
        for (const [status, count] of Object.entries(flood.answers)) total[Number(status)] = (total[Number(status)] ?? 0) + count;
      }
    } finally {
      await site.stop();
    }
  }
  return { rows, answers };
}

/** The row measured without the flood that a flooded row compares with. */
const quietOf = (result: FloodResult, loaded: FloodRow) =>
  result.rows.find((row) => row.reader === loaded.reader && row.flood === loaded.flood.replace(/^one client.*\(/, 'none ('))!;
const flooded = (row: FloodRow) => !row.flood.startsWith('none');
/** A p99 under 1 ms counts as 1 ms: autocannon measures whole milliseconds. */
const withinTwice = (result: FloodResult, loaded: FloodRow) => loaded.p99 <= 2 * Math.max(quietOf(result, loaded).p99, 1);

export function floodMarkdown(result: FloodResult, query: string): string {
  const answered = (counts: Record<number, number>) =>
    Object.entries(counts)
      .map(([status, count]) => `${count.toLocaleString('en')} × ${status}`)
      .join(', ');
  return `### Readers while one client floods the search

One client (one address, one connection) sends tRPC batches of ${BATCH} searches for sixteen of the corpus's commonest English words
(“${query}”) back to back, on the same 100,000 items; ${CONNECTIONS} reader connections for ${DURATION} s per row, without and then with the flood,
on one server started as \`npm start\` runs it (SEARCH_WORKERS=1). With the budget off every search the flood may run runs (one at a
time: the other nine of each batch are refused at once); as shipped, the budget (RATE_LIMIT_SEARCHES=300 an hour, 30 a minute) refuses
the rest. Before searches left the request thread (commit 77feaec, measured the same way with 5 s rows), this flood took the
cached \`/api/news\` p99 from 13 to 369 ms and \`/healthz\`'s from 18 to 272 ms, and readers' throughput from 4,162 to 231 requests a second.

| Reader | Flood | req/s | p50 ms | p99 ms | errors | p99 within 2 × without |
|---|---|---:|---:|---:|---:|---|
${result.rows
  .map((row) => {
    const verdict = flooded(row) ? (withinTwice(result, row) ? 'met' : 'not met') : '';
    return `| ${row.reader} | ${row.flood} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.errors} | ${verdict} |`;
  })
  .join('\n')}

The flood's searches were answered: ${Object.entries(result.answers)
    .map(([setting, counts]) => `${setting}, ${answered(counts)}`)
    .join('; ')} (429: one search at a time, or over the budget).
`;
}

/** Whether every flooded row kept readers' p99 within twice its value without the flood, and the p99s of each pair. */
export function floodTarget(result: FloodResult): { met: boolean; pairs: string[] } {
  const loaded = result.rows.filter(flooded);
  return {
    met: loaded.every((row) => withinTwice(result, row)),
    pairs: loaded.map((row) => `${row.reader} ${row.flood.replace(/^.*\((.*)\)$/, '$1')}: ${quietOf(result, row).p99} → ${row.p99} ms`),
  };
}
