// What each answer leaves in V8's old generation: the sampling heap profiler inside the server
// (bench/heap-sampler.mjs) over 10 s of 100 connections, counting only what survives young
// collections. That garbage is what full collections must free, and what the process's memory
// under load follows. Run alone: node --experimental-strip-types bench/old-generation.ts
// (rewrites only its section of docs/benchmarks.md).
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { fillNews } from './fill-sqlite.ts';
import { SERVER, serverArgs, startProcess, untilIdle } from './processes.ts';
import { writeSection } from './sections.ts';
import { UNCACHED, WORK_UNLIMITED } from './uncached.ts';

export const OLD_GENERATION_HEADING = '## What an answer leaves in the old generation';

const SECONDS = 10;
const trpcList = `/trpc/news.list?input=${encodeURIComponent(JSON.stringify({ json: { page: 1, pageSize: 15 } }))}`;
const probes = [
  { name: 'REST list /api/news?page=1', path: '/api/news?page=1' },
  { name: 'tRPC list news.list (15)', path: trpcList },
  { name: 'Home page /', path: '/' },
  { name: 'Detail page /news/5000', path: '/news/5000' },
];

interface Row {
  name: string;
  uncached: boolean;
  answers: number;
  bytesPerAnswer: number;
  top: [string, number][];
}

async function measure(dir: string): Promise<Row[]> {
  const file = path.join(dir, 'site.db');
  await fillNews(file, 10_000, 'images/bench.jpg');
  const samples = path.join(dir, 'samples.json');
  const site = await startProcess(SERVER, { DATABASE_URL: file, STORAGE_DIR: path.join(dir, 'storage'), HEAP_SAMPLES_FILE: samples, ...WORK_UNLIMITED }, [
    ...serverArgs,
    '--import',
    path.resolve('bench/heap-sampler.mjs'),
  ]);
  const rows: Row[] = [];
  try {
    // As the limits bench does: a page and a list, then left alone for a while.
    await fetch(site.url + '/').then((response) => response.arrayBuffer());
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    for (const probe of probes) {
      for (const uncached of [false, true]) {
        const options = { url: site.url + probe.path, connections: 100, ...(uncached ? { headers: UNCACHED } : {}) };
        await untilIdle(site.url);
        await autocannon({ ...options, duration: 3 } as autocannon.Options);
        fs.rmSync(samples, { force: true });
        process.kill(site.pid, 'SIGUSR2');
        const result = await autocannon({ ...options, duration: SECONDS } as autocannon.Options);
        process.kill(site.pid, 'SIGUSR2');
        while (!fs.existsSync(samples)) await new Promise((resolve) => setTimeout(resolve, 100));
        await new Promise((resolve) => setTimeout(resolve, 200));
        const sites = JSON.parse(fs.readFileSync(samples, 'utf8')) as [string, number][];
        const total = sites.reduce((sum, [, bytes]) => sum + bytes, 0);
        const row = { name: probe.name, uncached, answers: result.requests.total, bytesPerAnswer: total / result.requests.total, top: sites.slice(0, 3) };
        console.log(`${probe.name}${uncached ? ', every request does the work' : ', cached'}: ${Math.round(row.bytesPerAnswer)} bytes an answer`);
        rows.push(row);
      }
    }
  } finally {
    await site.stop();
  }
  return rows;
}

const kb = (bytes: number) => (bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${Math.round(bytes)} B`);

export function oldGenerationSection(rows: Row[]): string {
  const table = [
    '| Answer | Kind | Answers | Left in the old generation, per answer | Where most of it was allocated |',
    '| --- | --- | ---: | ---: | --- |',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.uncached ? 'every request does the work' : 'cached'} | ${row.answers} | ${kb(row.bytesPerAnswer)} | ${row.top
          .map(([where, bytes]) => `${kb(bytes / row.answers)}: \`${where.split(' < ')[0]}\``)
          .join('; ')} |`,
    ),
  ].join('\n');
  return `${OLD_GENERATION_HEADING}

10,000 news items on SQLite, the server as \`npm start\` runs it, 100 connections for ${SECONDS} s per row after 3 s of warming.
V8's sampling heap profiler inside the server (\`bench/heap-sampler.mjs\`) counts what full collections free and what is
alive at the end, never what young collections free: what an answer leaves in the old generation, which the process's
memory under load follows (docs/decisions/047). Measured ${new Date().toISOString().slice(0, 10)} (\`bench/old-generation.ts\`).

${table}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = fs.mkdtempSync(path.join((await import('node:os')).tmpdir(), 'bench-old-generation-'));
  try {
    const rows = await measure(dir);
    writeSection(OLD_GENERATION_HEADING, oldGenerationSection(rows));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
