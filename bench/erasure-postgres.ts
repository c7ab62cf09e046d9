// What an erasure pass on PostgreSQL (docs/decisions/024) costs a site that is being read: the pass
// after a story's delete rewrites the stories, uploads and search tables while readers keep asking.
// node --experimental-strip-types bench/erasure-postgres.ts   (rewrites its section of docs/benchmarks.md)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openAndMigrate } from '../src/server/db/client.ts';
import { copySiteToPostgres } from '../src/server/db/copy-site.ts';
import { erasePostgres } from '../src/server/db/erase-postgres.ts';
import { rebuildSearchIndex } from '../src/server/search/rebuild.ts';
import { startPostgres } from '../tests/setup/postgres-server.ts';
import { fillNews } from './fill-sqlite.ts';
import { root } from './processes.ts';
import { withSection } from './sections.ts';

export const ERASURE_HEADING = '## Erasure passes on PostgreSQL';
const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const PASSES = 5;

/** Readers that ask one query after another until stopped; the longest answer each saw. */
function readers(url: string, text: string, count: number) {
  const pool = new pg.Pool({ connectionString: url, max: count });
  let running = true;
  const latencies: number[] = [];
  const loops = Array.from({ length: count }, async () => {
    while (running) {
      const started = performance.now();
      await pool.query(text);
      latencies.push(performance.now() - started);
    }
  });
  return {
    reset: () => latencies.splice(0),
    longest: () => Math.max(...latencies),
    median: () => [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length / 2)]!,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      await pool.end();
    },
  };
}

/** Measures the passes and answers the section of docs/benchmarks.md. */
export async function erasureSection(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-erasure-'));
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
  const postgres = await startPostgres(pgDir);
  const rows: string[] = [];
  try {
    const sqliteFile = path.join(dir, 'site.db');
    await fillNews(sqliteFile, ITEMS, 'images/bench.jpg');
    postgres.sql('CREATE DATABASE bench');
    const url = postgres.urlOf('bench');
    const source = await openAndMigrate(sqliteFile);
    const site = await openAndMigrate(url);
    try {
      await copySiteToPostgres(source, site);
      await rebuildSearchIndex(site);
      const probes = [
        { name: 'search documents', text: "SELECT count(*) FROM search_documents WHERE words @@ to_tsquery('simple', 'women')" },
        { name: 'news list', text: "SELECT id FROM posts WHERE kind = 'news' AND status = 'published' ORDER BY created_at DESC, id DESC LIMIT 12" },
      ];
      for (const probe of probes) {
        const reading = readers(url, probe.text, 4);
        try {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          const quiet = reading.median();
          const passes: number[] = [];
          let longest = 0;
          for (let pass = 0; pass < PASSES; pass++) {
            reading.reset();
            const started = performance.now();
            await erasePostgres(site, ['stories', 'uploads']);
            passes.push(performance.now() - started);
            await new Promise((resolve) => setTimeout(resolve, 200));
            longest = Math.max(longest, reading.longest());
          }
          const pass = passes.sort((a, b) => a - b)[Math.floor(PASSES / 2)]!;
          rows.push(`| ${probe.name} | ${quiet.toFixed(1)} | ${pass.toFixed(0)} | ${longest.toFixed(0)} |`);
          console.log(rows.at(-1));
        } finally {
          await reading.stop();
        }
      }
    } finally {
      await Promise.all([source.close(), site.close()]);
    }
  } finally {
    await postgres.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
  return `${ERASURE_HEADING}

A PostgreSQL site with ${ITEMS.toLocaleString('en')} news items and their search documents; four readers ask one
query after another while the pass that follows a story's delete runs ${PASSES} times: VACUUM FULL of
the stories, their uploads, the stories' partition of the search documents and the notes of changed
items, then two WAL switches and checkpoints (decision 024). A reader waits only for a table the
pass is rewriting; the public items' documents are not among them.

| Readers asking | median answer, quiet (ms) | pass, median (ms) | longest answer during the passes (ms) |
|---|---:|---:|---:|
${rows.join('\n')}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const section = await erasureSection();
  console.log(`\n${section}`);
  const reportFile = path.join(root, 'docs', 'benchmarks.md');
  fs.writeFileSync(reportFile, withSection(fs.readFileSync(reportFile, 'utf8'), ERASURE_HEADING, section));
}
