// Search at 100,000 items in both languages: p50/p99 of uncached queries and the index size.
// Part of `npm run bench` (bench/run.ts); `node --experimental-strip-types bench/search.ts`
// runs it alone and rewrites only its section of docs/benchmarks.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openAndMigrate } from '../src/server/db/client.ts';
import { createDeps } from '../src/server/deps.ts';
import { envFor } from '../src/server/env.ts';
import { innerContext } from '../src/server/trpc/context.ts';
import { createCaller } from '../src/server/trpc/router.ts';
import { floodMarkdown, searchFloodRows, type FloodResult } from './search-flood.ts';
import { itemsHolding, searchIndexBytes, writeCorpus, type CorpusPost } from './search-sqlite.ts';

const ITEMS = Number(process.env.BENCH_SEARCH_ITEMS ?? 100_000);
const RUNS = 300;
export const SEARCH_HEADING = '## Search at 100,000 items';

/** A small deterministic generator, so every run indexes the same corpus. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 5,000 made-up words per language, drawn with a Zipf-like skew as real text is. */
function vocabulary(syllables: string[], next: () => number, size = 5000): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const length = 2 + Math.floor(next() * 3);
    words.add(Array.from({ length }, () => syllables[Math.floor(next() * syllables.length)]).join(''));
  }
  return [...words];
}

const english = 'ba be bi bo da de di do ka ke ki ko la le li lo ma me mi mo na ne ni no ra re ri ro sa se si so ta te ti to va ve vi'.split(' ');
const persian = 'با به بی دا ده دی کا که کی لا له لی ما مه می نا نه نی را ره ری سا سه سی تا ته تی وا وه وی'.split(' ');

/** Marked words: how often each appears decides what "common", "rare" and "phrase" measure. */
const planted = {
  en: { common: 'rights', rare: 'qanat', phrase: ['school', 'closures'] },
  fa: { common: 'حقوق', rare: 'قنات', phrase: ['مدرسه‌های', 'دخترانه'] },
};

/** The corpus's words, commonest first in each language, and the generator that goes on to write the items. */
function corpus() {
  const next = random(16);
  return { next, words: { en: vocabulary(english, next), fa: vocabulary(persian, next) } };
}

/** Sixteen of the commonest English words: a query of them is the costliest a reader may send (docs/decisions/019). */
export const floodQuery = () => corpus().words.en.slice(0, 16).join(' ');

export async function fill(file: string): Promise<void> {
  const { next, words } = corpus();
  const pick = (lang: 'en' | 'fa') => words[lang][Math.floor(words[lang].length * Math.pow(next(), 3))]!;
  const text = (lang: 'en' | 'fa', count: number, index: number) => {
    const out = Array.from({ length: count }, () => pick(lang));
    const marks = planted[lang];
    if (next() < 0.15) out.splice(Math.floor(next() * count), 0, marks.common);
    if (index % 20_000 === 7) out.splice(1, 0, marks.rare);
    if (next() < 0.02) out.splice(Math.floor(next() * count), 0, ...marks.phrase);
    return out.join(' ');
  };
  const now = Date.now();
  function* posts(): Generator<CorpusPost> {
    for (let i = 0; i < ITEMS; i++)
      yield {
        kind: (['news', 'article', 'report'] as const)[i % 3]!,
        titleEn: text('en', 8, i),
        titleFa: text('fa', 8, i),
        descriptionEn: text('en', 80, i),
        descriptionFa: text('fa', 80, i),
        country: i % 2 ? 'iran' : 'afghanistan',
        at: now - i * 10 * 60_000,
      };
  }
  await writeCorpus(file, posts());
}

export interface SearchRow {
  name: string;
  /** Items holding every word of the query. */
  containing: number;
  matches: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (value: number) => Number(value.toFixed(2));

export async function searchBench(): Promise<{
  rows: SearchRow[];
  flood: FloodResult;
  indexBytes: number;
  fileBytes: number;
  fillSeconds: number;
  markdown: string;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
  try {
    const file = path.join(dir, 'site.db');
    const load = { start: os.loadavg()[0]! };
    const started = performance.now();
    await fill(file);
    const fillSeconds = (performance.now() - started) / 1000;
    const env = envFor({ DATABASE_URL: file, STORAGE_DIR: path.join(dir, 'storage') });
    const db = await openAndMigrate(file);
    const deps = createDeps({ db, env });
    const rows: SearchRow[] = [];
    for (const lang of ['en', 'fa'] as const) {
      const caller = createCaller(innerContext(deps, { lang }));
      const marks = planted[lang];
      for (const [label, q] of [
        ['common word', marks.common],
        ['rare word', marks.rare],
        ['two-word phrase', marks.phrase.join(' ')],
      ] as const) {
        const times: number[] = [];
        let matches = 0;
        // Every call runs the whole procedure: validation, normalising, MATCH, ranking, count, snippets.
        // Pages 1 to 5 in turn, so no two consecutive calls ask for the same rows.
        for (let run = 0; run < RUNS; run++) {
          const start = performance.now();
          const page = await caller.search.query({ q, page: (run % 5) + 1 });
          times.push(performance.now() - start);
          matches = page.total;
        }
        times.sort((a, b) => a - b);
        const containing = itemsHolding(db, q.split(' '));
        const row = {
          name: `${lang === 'en' ? 'English' : 'Persian'} ${label} “${q}”`,
          containing,
          matches,
          p50: ms(percentile(times, 0.5)),
          p99: ms(percentile(times, 0.99)),
        };
        console.log(`${row.name.padEnd(48)} ${String(matches).padStart(6)} matches  p50 ${row.p50} ms  p99 ${row.p99} ms`);
        rows.push(row);
      }
    }
    const indexBytes = searchIndexBytes(db);
    await db.close();
    const fileBytes = fs.statSync(file).size;
    console.log('\nReaders while one client floods the search');
    const flood = await searchFloodRows(file, floodQuery());
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    const markdown = `${SEARCH_HEADING}

${ITEMS.toLocaleString('en')} news items, articles and reports, each with a title (8 words) and a body (80 words) in English and in
Persian, drawn from 5,000 made-up words per language with a Zipf-like skew; the common word is in about a quarter of the items,
the rare word in ${Math.ceil(ITEMS / 20_000)}, the phrase in about 4%. Each row is ${RUNS} calls of the \`search.query\` procedure in
process (validation, normalising, then on the search thread MATCH, bm25 with recency over the newest 200 matches, snippets; pages 1–5 in
turn), with no response cache in front: searches are never cached. A query finds at most 1,000 items (docs/decisions/014). Filling and indexing took ${fillSeconds.toFixed(0)} s.
The search thread runs at a lower priority than the readers' thread (docs/decisions/019): on a machine busy with other work the tail
waits for a core. Load average over the run: ${load.start.toFixed(1)} at its start, ${os.loadavg()[0]!.toFixed(1)} at its end, on ${os.cpus().length} cores.

| Query | Items holding it | Found | p50 ms | p99 ms | p50 < 10 ms | p99 < 50 ms |
|---|---:|---:|---:|---:|---|---|
${rows.map((r) => `| ${r.name} | ${r.containing.toLocaleString('en')} | ${r.matches.toLocaleString('en')} | ${r.p50} | ${r.p99} | ${r.p50 < 10 ? 'met' : 'not met'} | ${r.p99 < 50 ? 'met' : 'not met'} |`).join('\n')}

Index on disk: **${mb(indexBytes)}** (the FTS5 index with its normalised copy of every title and body, its copy of the newest 5,000 documents, and \`search_documents\`
with its indexes), in a database file of ${mb(fileBytes)}.

${floodMarkdown(flood, floodQuery())}`;
    return { rows, flood, indexBytes, fileBytes, fillSeconds, markdown };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Replaces (or adds, before "## Targets") the search section of the report. */
export function writeSearchSection(report: string, markdown: string): string {
  const start = report.indexOf(`\n${SEARCH_HEADING}`);
  if (start >= 0) {
    const end = report.indexOf('\n## ', start + 1);
    return report.slice(0, start + 1) + markdown + (end >= 0 ? report.slice(end) : '');
  }
  const targets = report.indexOf('\n## Targets');
  return targets >= 0 ? `${report.slice(0, targets + 1)}${markdown}${report.slice(targets)}` : `${report}\n${markdown}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { markdown } = await searchBench();
  const reportFile = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
  fs.writeFileSync(reportFile, writeSearchSection(fs.readFileSync(reportFile, 'utf8'), markdown));
  console.log('\nWritten to docs/benchmarks.md');
}
