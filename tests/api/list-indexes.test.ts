import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresOf, sqliteOf } from '../../src/server/db/client.ts';
import { galleryItems, legalItems, posts } from '../../src/server/db/schema.ts';
import { PUBLIC_STATUS } from '../../src/server/publication/visibility.ts';
import type { ListQuery } from '../../src/server/routers/list-pages.ts';
import { listStatements, numberedText } from '../../src/server/routers/list-pages-sql.ts';
import { createTestDeps, testDialect, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
beforeAll(() => {
  deps = createTestDeps();
});
afterAll(() => deps.cleanup());

/** Every public list a reader can ask for: a kind (or the gallery, or legal items) in a language, filtered or not. */
function publicLists(): { name: string; index: string; list: ListQuery }[] {
  const lists: { name: string; index: string; list: ListQuery }[] = [];
  for (const language of ['en', 'fa'] as const) {
    const title = language === 'fa' ? posts.titleFa : posts.titleEn;
    const shapes = [
      { by: '', filters: [] },
      { by: '_category', filters: [[posts.category, 'top']] },
      { by: '_country', filters: [[posts.country, 'iran']] },
      {
        by: '_category_country',
        filters: [
          [posts.category, 'top'],
          [posts.country, 'iran'],
        ],
      },
    ] as const;
    for (const shape of shapes)
      lists.push({
        name: `news in ${language}${shape.by.replaceAll('_', ' by ')}`,
        index: `posts_written_${language}${shape.by}_idx`,
        list: { table: posts, filters: [[posts.kind, 'news'], [posts.status, PUBLIC_STATUS], ...shape.filters], written: title },
      });
    lists.push({
      name: `gallery in ${language}`,
      index: `gallery_written_${language}_idx`,
      list: { table: galleryItems, filters: [], written: language === 'fa' ? galleryItems.nameFa : galleryItems.name },
    });
    lists.push({
      name: `legal items in ${language}`,
      index: `legal_written_${language}_idx`,
      list: { table: legalItems, filters: [[legalItems.status, PUBLIC_STATUS]], written: language === 'fa' ? legalItems.titleFa : legalItems.titleEn },
    });
  }
  return lists;
}

/** How the engine would run a statement (its plan as text), with placeholders left unbound. */
async function planOf(text: string, values: readonly (string | number)[]): Promise<string> {
  if (testDialect === 'sqlite') {
    const rows = sqliteOf(deps.db)
      .reader.prepare(`EXPLAIN QUERY PLAN ${text}`)
      .all(...values) as { detail: string }[];
    return rows.map((row) => row.detail).join('\n');
  }
  const client = await postgresOf(deps.db).pool.connect();
  try {
    // The test's tables are nearly empty, where reading the whole table, or sorting what an index
    // found, beats reading an index in order: only whether an index can serve the statement (its rows,
    // in its order) is in question here.
    await client.query('SET enable_seqscan = off; SET enable_bitmapscan = off; SET enable_sort = off');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>({ text: `EXPLAIN ${numberedText(text)}`, values: [...values] });
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('RESET enable_seqscan; RESET enable_bitmapscan; RESET enable_sort');
    client.release();
  }
}

// A public list holds only items written in the reader's language. Counting it, and stepping to a deep
// page, must come from an index of those items alone: through an index of every item of the kind, each
// row's title is read from the table, and every change (which forgets the remembered totals) costs a read
// of every row the list could hold.
describe(`public lists on ${testDialect}`, () => {
  it.each(publicLists())('$name are counted and paged through $index', async ({ list, index }) => {
    const values = list.filters.map(([, value]) => value);
    // Counting may take any index of the language's items that starts with the list's filters.
    expect(await planOf(listStatements.count(list), values)).toContain(index.replace(/(_written_[a-z]+)_.*$/, '$1'));
    // A page is read in the index's order, from the index made for the list's filters: never sorted.
    const pages = [
      await planOf(listStatements.ids(list), [...values, 12, 24]),
      await planOf(listStatements.ids(list, [Date.now(), 1_000]), [...values, Date.now(), 1_000, 12, 24]),
      await planOf(listStatements.sortKeyAt(list), [...values, 256]),
    ];
    for (const plan of pages) {
      expect(plan).toContain(index);
      expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
    }
  });
});
