// Uncached server render of a detail page: a 3,000-word rich body against today's plain-text item.
// Run alone with `node bench/rich-body.ts` (updates its section of docs/benchmarks.md), or as part of `npm run bench`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openAndMigrate } from '../src/server/db/client.ts';
import { posts } from '../src/server/db/schema.ts';
import { plainText } from '../src/shared/rich-text/plain-text.ts';
import type { Block, RichTextDocument } from '../src/shared/rich-text/schema.ts';
import { root, SERVER, serverArgs, startProcess } from './processes.ts';
import { UNCACHED, WORK_UNLIMITED } from './uncached.ts';

const WORDS = 3000;
const SAMPLES = Number(process.env.BENCH_RENDER_SAMPLES ?? 200);

export interface RenderRow {
  page: string;
  bytes: number;
  p50: number;
  p95: number;
}

/** A body of `words` words: headings, paragraphs with bold, italic and links, lists and a quote, as a long report has. */
function longDocument(word: string, words: number): RichTextDocument {
  const content: Block[] = [];
  let written = 0;
  const sentence = (count: number) => Array.from({ length: count }, () => word).join(' ');
  for (let section = 0; written < words; section++) {
    content.push({ type: 'heading', attrs: { level: section % 3 === 2 ? 3 : 2 }, content: [{ type: 'text', text: `${word} ${section}` }] });
    content.push({
      type: 'paragraph',
      content: [
        { type: 'text', text: `${sentence(40)} ` },
        { type: 'text', text: sentence(5), marks: [{ type: 'bold' }] },
        { type: 'text', text: ` ${sentence(30)} ` },
        { type: 'text', text: sentence(4), marks: [{ type: 'link', attrs: { href: `https://example.org/source/${section}` } }] },
        { type: 'text', text: ` ${sentence(20)}` },
      ],
    });
    content.push({
      type: 'bulletList',
      content: [1, 2, 3].map(() => ({
        type: 'listItem' as const,
        content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text: sentence(8) }] }],
      })),
    });
    content.push({ type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: sentence(25), marks: [{ type: 'italic' }] }] }] });
    written += 2 + 40 + 5 + 30 + 4 + 20 + 24 + 25;
  }
  return { type: 'doc', content };
}

async function seed(file: string): Promise<{ plain: number; rich: number }> {
  const db = await openAndMigrate(file);
  const en = longDocument('freedom', WORDS);
  const fa = longDocument('آزادی', WORDS);
  // Today's item: the same length as plain text in paragraphs.
  const plainEn = plainText(en);
  const plainFa = plainText(fa);
  const now = new Date();
  const item = (titleEn: string, titleFa: string, bodyEn: string | null, bodyFa: string | null) => ({
    kind: 'news' as const,
    titleEn,
    titleFa,
    descriptionEn: plainEn,
    descriptionFa: plainFa,
    bodyEn,
    bodyFa,
    image: 'images/bench.jpg',
    createdAt: now,
    updatedAt: now,
  });
  try {
    return await db.transaction(async (tx) => {
      const [plain] = await tx
        .insert(posts)
        .values(item('Plain-text report', 'گزارش متن ساده', null, null))
        .returning({ id: posts.id });
      const [rich] = await tx
        .insert(posts)
        .values(item('Rich-body report', 'گزارش با متن غنی', JSON.stringify(en), JSON.stringify(fa)))
        .returning({ id: posts.id });
      return { plain: plain!.id, rich: rich!.id };
    });
  } finally {
    await db.close();
  }
}

async function timeRequests(url: string): Promise<{ bytes: number; p50: number; p95: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < SAMPLES + 20; i++) {
    const start = performance.now();
    // Every request misses the response cache and renders (bench/uncached.ts).
    const response = await fetch(url, { headers: UNCACHED });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    if (i >= 20) times.push(performance.now() - start);
    bytes = Buffer.byteLength(text);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { bytes, p50: at(0.5), p95: at(0.95) };
}

export async function measureRichBody(): Promise<RenderRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-body-'));
  const dbFile = path.join(dir, 'site.db');
  const ids = await seed(dbFile);
  const site = await startProcess(SERVER, { DATABASE_URL: dbFile, STORAGE_DIR: path.join(dir, 'storage'), ...WORK_UNLIMITED }, serverArgs);
  try {
    const rows: RenderRow[] = [];
    for (const [page, url] of [
      [`Plain-text item, ${WORDS} words (today's page)`, `${site.url}/news/${ids.plain}`],
      [`Rich body, ${WORDS} words`, `${site.url}/news/${ids.rich}`],
      [`Plain-text item, ${WORDS} words, Persian`, `${site.url}/news/${ids.plain}?lang=fa`],
      [`Rich body, ${WORDS} words, Persian`, `${site.url}/news/${ids.rich}?lang=fa`],
      [`REST detail, rich body (body_html_*)`, `${site.url}/api/news/${ids.rich}`],
    ] as const) {
      const row = { page, ...(await timeRequests(url)) };
      console.log(`${page.padEnd(48)} p50 ${row.p50} ms  p95 ${row.p95} ms  ${(row.bytes / 1024).toFixed(1)} KB`);
      rows.push(row);
    }
    return rows;
  } finally {
    await site.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function richBodySection(rows: RenderRow[]): string {
  return `## Detail page render, rich body against plain text (uncached)

One connection, ${SAMPLES} sequential requests per row, each with a new query string so the response cache never answers
(the page is rendered on the server every time: the item read, its body rendered to HTML, the React page rendered).

| Page | p50 ms | p95 ms | HTML (uncompressed) |
|---|---:|---:|---:|
${rows.map((row) => `| ${row.page} | ${row.p50} | ${row.p95} | ${(row.bytes / 1024).toFixed(1)} KB |`).join('\n')}
`;
}

/** Replaces (or adds, before the targets) this section of docs/benchmarks.md. */
export function writeRichBodySection(rows: RenderRow[]): void {
  const file = path.join(root, 'docs', 'benchmarks.md');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const section = richBodySection(rows);
  const start = text.indexOf('## Detail page render');
  let next: string;
  if (start !== -1) {
    const end = text.indexOf('\n## ', start + 3);
    next = text.slice(0, start) + section + (end === -1 ? '' : text.slice(end + 1));
  } else {
    const targets = text.indexOf('## Targets');
    next = targets === -1 ? `${text}\n${section}` : `${text.slice(0, targets)}${section}\n${text.slice(targets)}`;
  }
  fs.writeFileSync(file, next);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeRichBodySection(await measureRichBody());
  console.log('\nWritten to docs/benchmarks.md');
}
