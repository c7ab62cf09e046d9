// The awaited data layer must not cost a one-server site anything: the same SQLite site served by an
// earlier checkout of the code (its synchronous data layer) and by this one, row against row, in
// one run, alternating so both see the same machine.
// node --experimental-strip-types bench/sqlite-ab.ts /path/to/earlier/checkout   (built, with node_modules)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { fillNews } from './fill-sqlite.ts';
import { freePort, root, untilIdle } from './processes.ts';
import { AB_HEADING, withSection } from './sections.ts';
import { UNCACHED, WORK_UNLIMITED } from './uncached.ts';
import { spawn } from 'node:child_process';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const trpc = (procedure: string, input: object) => `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
const probes = [
  { name: 'tRPC news.list page 1, cached', path: trpc('news.list', { page: 1, pageSize: 12 }) },
  { name: 'tRPC news.list page 1, uncached', path: trpc('news.list', { page: 1, pageSize: 12 }), uncached: true },
  { name: 'Home page GET /, cached', path: '/' },
  { name: 'Home page GET /, uncached', path: '/', uncached: true },
  { name: 'News detail GET /news/5000, uncached', path: '/news/5000', uncached: true },
];

async function start(checkout: string, dbFile: string, storage: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', path.join(checkout, 'src/server/index.ts')], {
    cwd: checkout,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: dbFile, STORAGE_DIR: storage, ...WORK_UNLIMITED },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('Listening on') && resolve());
    child.on('exit', (code) => reject(new Error(`${checkout} exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM'))) };
}

// Uncached rows with ten connections: the earlier code refuses (429) a hundred uncached requests
// waiting at once from one address whatever its settings, so at a hundred there is nothing to compare.
const UNCACHED_CONNECTIONS = 10;

async function measure(url: string, uncached?: boolean) {
  const connections = uncached ? UNCACHED_CONNECTIONS : 100;
  const result = await autocannon({ url, connections, duration: DURATION, ...(uncached ? { headers: UNCACHED } : {}) } as autocannon.Options);
  // Only answers that were the page count: a server that refuses (429) at once would look fast.
  return { rps: result['2xx'] / DURATION, p99: result.latency.p99, refused: result.non2xx + result.errors + result.timeouts };
}

const earlier = process.argv[2];
if (!earlier || !fs.existsSync(path.join(earlier, 'src/server/index.ts'))) throw new Error('Usage: bench/sqlite-ab.ts /path/to/earlier/checkout');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ab-'));
const totals = probes.map(() => ({ pairs: 0, before: { rps: 0, p99: 0 }, after: { rps: 0, p99: 0 } }));
try {
  // One filled file, copied for each side: both serve the same rows (the earlier code ignores later tables).
  const base = path.join(dir, 'base.db');
  await fillNews(base, 10_000, 'images/bench.jpg');
  // Both servers run for the whole bench and take turns row by row, in an order that alternates each
  // round: this machine's speed drifts by tens of percent over minutes, and a row measured against
  // its twin moments apart sees the same machine.
  const sides = [] as { side: 'before' | 'after'; site: Awaited<ReturnType<typeof start>> }[];
  for (const [side, checkout] of [
    ['before', earlier],
    ['after', root],
  ] as const) {
    const dbFile = path.join(dir, `${side}.db`);
    fs.copyFileSync(base, dbFile);
    sides.push({ side, site: await start(checkout, dbFile, path.join(dir, `storage-${side}`)) });
  }
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, probe] of probes.entries()) {
        const pair: Partial<Record<'before' | 'after', Awaited<ReturnType<typeof measure>>>> = {};
        for (const { side, site } of (round + index) % 2 ? [...sides].reverse() : sides) {
          await untilIdle(site.url);
          const row = (pair[side] = await measure(site.url + probe.path, probe.uncached));
          console.log(`${side.padEnd(6)} ${probe.name.padEnd(40)} ${Math.round(row.rps)} req/s p99 ${row.p99} ms, not answered ${row.refused}`);
        }
        // A pair counts only when both sides answered every request: the earlier code refuses
        // uncached requests at once (429) once too many wait, which says nothing of its speed.
        if (pair.before!.refused || pair.after!.refused) continue;
        const total = totals[index]!;
        total.pairs += 1;
        for (const side of ['before', 'after'] as const) {
          total[side].rps += pair[side]!.rps;
          total[side].p99 += pair[side]!.p99;
        }
      }
    }
  } finally {
    for (const { site } of sides) await site.stop();
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
const lines = probes.map((probe, index) => {
  const { pairs, before: sumBefore, after: sumAfter } = totals[index]!;
  if (!pairs) return `| ${probe.name} | | | | | | no round where both answered every request |`;
  const [before, after] = [sumBefore, sumAfter].map((sum) => ({ rps: sum.rps / pairs, p99: sum.p99 / pairs }));
  const change = (after!.rps / before!.rps - 1) * 100;
  const verdict = change >= -10 ? 'met' : 'not met';
  return `| ${probe.name} | ${Math.round(before!.rps)} | ${Math.round(after!.rps)} | ${change >= 0 ? '+' : ''}${change.toFixed(1)} % | ${before!.p99.toFixed(0)} | ${after!.p99.toFixed(0)} | ${pairs} | ${verdict} |`;
});
const section = `${AB_HEADING}

The same 10,000-item SQLite site served by the code before the data layer was awaited (synchronous
better-sqlite3 calls) and after (awaited Drizzle queries, a write queue, a reader connection), both
servers running side by side and measured in turn, row by row, ${ROUNDS} rounds alternating which goes first, 100 connections for cached rows and
${UNCACHED_CONNECTIONS} for uncached ones (the earlier code refuses a hundred uncached requests waiting at once from one address),
for ${DURATION} s per row (only 2xx answers counted), each after the server has worked off the previous row; averages over the rounds in which both sides answered every
request. Target: no row more than 10 % slower.

| Measurement | before req/s | after req/s | change | before p99 ms | after p99 ms | rounds counted | within 10 % |
|---|---:|---:|---:|---:|---:|---:|---|
${lines.join('\n')}
`;
console.log(`\n${section}`);
const reportFile = path.join(root, 'docs', 'benchmarks.md');
fs.writeFileSync(reportFile, withSection(fs.readFileSync(reportFile, 'utf8'), AB_HEADING, section));
