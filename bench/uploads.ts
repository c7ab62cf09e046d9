// Reader latency while worst-case uploads are cleaned: part of `npm run bench`; alone with
// `node --experimental-strip-types bench/uploads.ts`, which rewrites only its section of docs/benchmarks.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { hugeDimensionPng, manyFrameGif } from '../tests/factories/hostile-files.ts';
import { fillNews } from './fill-sqlite.ts';
import { root, SERVER, serverArgs, startProcess, type Running } from './processes.ts';
import { withSection } from './sections.ts';
import { UNCACHED, WORK_UNLIMITED } from './uncached.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** Readers, not a load test: enough to see the tail, few enough not to saturate the server themselves. */
const CONNECTIONS = 10;
export const UPLOADS_HEADING = '## Reader latency while worst-case uploads are processed';

interface Row {
  page: string;
  uploads: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Four visitors each sending a worst-case file again as soon as the last one is answered. */
function uploadLoops(site: Running, files: { bytes: Buffer; name: string }[]) {
  let running = true;
  const answers: Record<number, number> = {};
  const loops = files.map(async (file, index) => {
    // Four visitors, each from her own address (the server trusts the loopback proxy here): one
    // visitor may have only one job in the queue at a time.
    const headers = { 'x-forwarded-for': `203.0.113.${index + 1}` };
    while (running) {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(file.bytes)]), file.name);
      const response = await fetch(`${site.url}/api/uploads`, { method: 'POST', body: form, headers });
      await response.arrayBuffer();
      answers[response.status] = (answers[response.status] ?? 0) + 1;
      // A refused upload (503 while the queue is full) is retried a moment later, as a client would.
      if (response.status === 503) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function measure(site: Running, page: string, pathname: string, uncached: boolean, uploads: string): Promise<Row> {
  const result = await autocannon({
    url: site.url + pathname,
    connections: CONNECTIONS,
    duration: DURATION,
    ...(uncached ? { headers: UNCACHED } : {}),
  } as autocannon.Options);
  const row = {
    page,
    uploads,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
  console.log(
    `${page.padEnd(40)} ${uploads.padEnd(40)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}`,
  );
  return row;
}

/** Measures, and returns the markdown section for docs/benchmarks.md. */
export async function uploadLoadSection(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'));
  const dbFile = path.join(dir, 'site.db');
  await fillNews(dbFile, 100, 'images/bench.jpg');
  const site = await startProcess(
    SERVER,
    { DATABASE_URL: dbFile, STORAGE_DIR: path.join(dir, 'storage'), RATE_LIMIT_UPLOADS: '0', TRUST_PROXY: 'loopback', ...WORK_UNLIMITED },
    serverArgs,
  );
  const worst = [
    { bytes: manyFrameGif(), name: 'anim.gif' },
    { bytes: hugeDimensionPng(), name: 'big.png' },
    { bytes: manyFrameGif(), name: 'anim2.gif' },
    { bytes: hugeDimensionPng(), name: 'big2.png' },
  ];
  const rows: Row[] = [];
  let answers: Record<number, number> = {};
  try {
    const pages = [
      ['News list page, cached (GET /latestnews)', false],
      ['News list page, rendered every time', true],
    ] as const;
    for (const [page, uncached] of pages) {
      // A short unrecorded run first, so neither recorded row pays for a cold start.
      await autocannon({ url: site.url + '/latestnews' + (uncached ? '?warm=1' : ''), connections: CONNECTIONS, duration: 3 });
      rows.push(await measure(site, page, '/latestnews', uncached, 'no uploads'));
      const load = uploadLoops(site, worst);
      await new Promise((resolve) => setTimeout(resolve, 500));
      rows.push(await measure(site, page, '/latestnews', uncached, 'four worst-case uploads at all times'));
      await load.stop();
      for (const [status, count] of Object.entries(load.answers)) answers[Number(status)] = (answers[Number(status)] ?? 0) + count;
    }
  } finally {
    await site.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  answers = Object.fromEntries(Object.entries(answers).sort());
  return `${UPLOADS_HEADING}

Measured ${new Date().toISOString().slice(0, 10)} by \`bench/uploads.ts\`: ${CONNECTIONS} reader connections for ${DURATION} s per row, server as
\`npm start\` runs it (defaults: MEDIA_WORKERS=1, MEDIA_QUEUE_LIMIT=4), on ${os.cpus().length} cores shared with the load generator.
The uploads are four visitors (four addresses) each re-sending, as soon as answered, a worst-case file: the audit's 4,900-frame GIF
(about 120 KB) or a 7,000 x 7,000 PNG of 6 KB. Before this change one such GIF cost 20 s of CPU on the request's
process and four of them took readers' median to 24 s.

| Page | Uploads | req/s | p50 ms | p99 ms | errors |
|---|---|---:|---:|---:|---:|
${rows.map((r) => `| ${r.page} | ${r.uploads} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors} |`).join('\n')}

Upload answers during the loaded rows: ${Object.entries(answers)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ')} (503: queue full, answered at once with Retry-After).
`;
}

export function withUploadSection(report: string, section: string): string {
  return withSection(report, UPLOADS_HEADING, section);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const reportFile = path.join(root, 'docs', 'benchmarks.md');
  const section = await uploadLoadSection();
  fs.writeFileSync(reportFile, withUploadSection(fs.readFileSync(reportFile, 'utf8'), section));
  console.log('\nWritten to docs/benchmarks.md');
}
