// What erasing deleted rows costs (src/server/db/erase.ts): every deletion ends with a TRUNCATE
// checkpoint of the write-ahead log. Alone: `node --experimental-strip-types bench/erasure.ts`,
// which rewrites only its section of docs/benchmarks.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { openAndMigrate } from '../src/server/db/client.ts';
import { createDeps } from '../src/server/deps.ts';
import { envFor } from '../src/server/env.ts';
import { innerContext } from '../src/server/trpc/context.ts';
import { createCaller } from '../src/server/trpc/router.ts';
import { CookieClient } from '../tests/setup/http.ts';
import { dropErasureWatch } from './erasure-sqlite.ts';
import { fillNews } from './fill-sqlite.ts';
import { root, SERVER, serverArgs, startProcess } from './processes.ts';
import { withSection } from './sections.ts';
import { UNCACHED, WORK_UNLIMITED } from './uncached.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ITEMS = 10_000;
const DELETES = 300;
/** Readers, not a load test: enough to see the tail. */
const CONNECTIONS = 10;
export const ERASURE_HEADING = '## Erasure: what a deletion costs, and readers while editors delete';

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const ms = (value: number) => value.toFixed(2);

/** Deletes news items one by one through the procedure, as an editor does; the watch on or off. */
async function deletionTimes(erasure: boolean): Promise<number[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-erasure-'));
  try {
    const env = envFor({ DATABASE_URL: path.join(dir, 'site.db'), STORAGE_DIR: path.join(dir, 'storage') });
    await fillNews(env.DATABASE_URL, ITEMS, 'images/bench.jpg');
    const db = await openAndMigrate(env.DATABASE_URL);
    if (!erasure) await dropErasureWatch(db);
    const deps = createDeps({ db, env });
    const now = new Date();
    const caller = createCaller(
      innerContext(deps, {
        user: { id: 1, name: 'Bench', email: 'bench@example.org', role: 'admin' },
        session: { id: 'bench', userId: 1, createdAt: now, expiresAt: new Date(now.getTime() + 3_600_000) },
      }),
    );
    const times: number[] = [];
    for (let id = 1; id <= DELETES; id += 1) {
      const start = performance.now();
      await caller.news.delete({ id });
      times.push(performance.now() - start);
    }
    await db.close();
    return times;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface ReaderRow {
  load: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

/** Readers of the news list (through the API, uncached) alone, then while an editor deletes items back to back. */
async function readersWhileDeleting(): Promise<{ rows: ReaderRow[]; deleted: number; deleteTimes: number[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-erasure-http-'));
  const dbFile = path.join(dir, 'site.db');
  await fillNews(dbFile, ITEMS, 'images/bench.jpg');
  const admin = { email: 'bench@example.org', password: 'a long bench password' };
  const site = await startProcess(
    SERVER,
    { DATABASE_URL: dbFile, STORAGE_DIR: path.join(dir, 'storage'), ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...WORK_UNLIMITED },
    serverArgs,
  );
  const rows: ReaderRow[] = [];
  const deleteTimes: number[] = [];
  try {
    const editor = new CookieClient(site.url);
    await editor.fetch('/sanctum/csrf-cookie');
    const login = await editor.fetch('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...editor.xsrfHeaders() },
      body: JSON.stringify(admin),
    });
    if (login.status !== 200) throw new Error(`Sign-in failed: ${login.status}`);
    const read = async (load: string) => {
      const result = await autocannon({
        url: `${site.url}/api/news?page=1`,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: UNCACHED,
      } as autocannon.Options);
      const row = {
        load,
        requestsPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        errors: result.errors + result.timeouts + result.non2xx,
      };
      console.log(
        `${load.padEnd(50)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  max ${row.max} ms  errors ${row.errors}`,
      );
      rows.push(row);
    };
    await autocannon({ url: `${site.url}/api/news?page=1&warm=1`, connections: CONNECTIONS, duration: 2 });
    await read('no deletions');
    let running = true;
    let id = 0;
    const deleting = (async () => {
      while (running) {
        id += 1;
        const start = performance.now();
        const response = await editor.fetch(`/api/admin/news/${id}`, { method: 'DELETE', headers: editor.xsrfHeaders() });
        await response.arrayBuffer();
        deleteTimes.push(performance.now() - start);
        if (!response.ok) throw new Error(`Delete ${id} answered ${response.status}`);
      }
    })();
    await read('an editor deleting items back to back');
    running = false;
    await deleting;
    return { rows, deleted: deleteTimes.length, deleteTimes };
  } finally {
    await site.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Measures, and returns the markdown section for docs/benchmarks.md. */
export async function erasureSection(): Promise<string> {
  const without = await deletionTimes(false);
  const withErasure = await deletionTimes(true);
  const line = (label: string, times: number[]) => `| ${label} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 99))} | ${ms(Math.max(...times))} |`;
  console.log(`delete without erasure: p50 ${ms(percentile(without, 50))} ms, p99 ${ms(percentile(without, 99))} ms`);
  console.log(`delete with erasure:    p50 ${ms(percentile(withErasure, 50))} ms, p99 ${ms(percentile(withErasure, 99))} ms`);
  const http = await readersWhileDeleting();
  return `${ERASURE_HEADING}

Measured ${new Date().toISOString().slice(0, 10)} by \`bench/erasure.ts\` on ${os.cpus().length} cores, a site of ${ITEMS.toLocaleString('en')} news items.

One editor's deletion through the procedure (in-process, ${DELETES} items one after another), with the
erasure watch (a TRUNCATE checkpoint of the write-ahead log once the deletion's transaction ends) and
without it (the temporary triggers dropped):

| Deletion | p50 ms | p99 ms | max ms |
|---|---:|---:|---:|
${line('without erasure', without)}
${line('with erasure', withErasure)}

Readers of \`GET /api/news?page=1\` (${CONNECTIONS} connections, ${DURATION} s per row, every request from the
database), alone and while one editor deletes items back to back through \`DELETE /api/admin/news/{id}\`
(${http.deleted} deletions in the row; each answered in p50 ${ms(percentile(http.deleteTimes, 50))} ms, p99 ${ms(percentile(http.deleteTimes, 99))} ms):

| Load | req/s | p50 ms | p99 ms | max ms | errors |
|---|---:|---:|---:|---:|---:|
${http.rows.map((r) => `| ${r.load} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.max} | ${r.errors} |`).join('\n')}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const reportFile = path.join(root, 'docs', 'benchmarks.md');
  const section = await erasureSection();
  fs.writeFileSync(reportFile, withSection(fs.readFileSync(reportFile, 'utf8'), ERASURE_HEADING, section));
  console.log('\nWritten to docs/benchmarks.md');
}
