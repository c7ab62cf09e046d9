import { afterEach, describe, expect, it } from 'vitest';
import { postgresOf } from '../../src/server/db/client.ts';
import { posts } from '../../src/server/db/schema.ts';
import { holdingCounts, PHRASE_SAMPLE } from '../../src/server/search/bm25-postgres.ts';
import { rebuildSearchIndex } from '../../src/server/search/rebuild.ts';
import { makeContent, makeStory, unique } from '../factories/index.ts';
import { adminCaller } from '../setup/callers.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

/**
 * PostgreSQL keeps how many search documents hold each word (search_lexemes), for bm25, instead of
 * counting them at each search. Runs in the PostgreSQL project only.
 */
let site: TestDeps;
afterEach(() => site.cleanup());

const pool = () => postgresOf(site.db).pool;

/** The kept counts, and the counts made afresh from the documents: the same when they are kept right. */
async function keptAndCounted() {
  const kept = (
    await pool().query<{ lexeme: string; part: string; documents: number }>('SELECT lexeme, part, documents FROM search_lexemes ORDER BY lexeme, part')
  ).rows;
  const counted = (
    await pool().query<{ lexeme: string; part: string; documents: number }>(
      `SELECT u.lexeme, CASE WHEN d.type = 'story' THEN 'story' ELSE 'item' END AS part, count(*)::int AS documents
       FROM search_documents d CROSS JOIN LATERAL unnest(d.words) u GROUP BY 1, 2 ORDER BY 1, 2`,
    )
  ).rows;
  return { kept, counted };
}

async function expectKeptRight() {
  const { kept, counted } = await keptAndCounted();
  expect(counted.length).toBeGreaterThan(0);
  expect(kept).toEqual(counted);
}

const wordsKept = async (words: string[]) =>
  (await pool().query<{ lexeme: string; part: string }>('SELECT lexeme, part FROM search_lexemes WHERE lexeme = ANY($1::text[])', [words])).rows.map(
    (row) => `${row.lexeme} (${row.part})`,
  );

describe('the words’ document counts on PostgreSQL', () => {
  it('follow items written, corrected, written at once from many requests, deleted, and the index rebuilt', async () => {
    site = createTestDeps();
    const { caller } = await adminCaller(site);
    const first = await makeContent(site, 'news', { titleEn: 'Women teachers in Herat', descriptionEn: 'Schools closed again.' });
    await makeContent(site, 'article', { titleEn: 'Women students', descriptionEn: 'Schools reopen, teachers say.' });
    await expectKeptRight();
    await caller.news.update({ id: first.id, titleEn: 'Women nurses in Herat' });
    await expectKeptRight();
    await Promise.all(
      Array.from({ length: 8 }, (_, index) => makeContent(site, 'report', { titleEn: `Report ${index} on women`, descriptionEn: unique('Findings') })),
    );
    await expectKeptRight();
    // A word only a deleted story held is not kept at all.
    const story = await makeStory(site, { title: 'Zanzibarian witness', description: 'Seen at the crossing.' });
    expect(await wordsKept(['zanzibarian'])).toEqual(['zanzibarian (story)']);
    await caller.stories.delete({ id: story });
    expect(await wordsKept(['zanzibarian'])).toEqual([]);
    await caller.news.delete({ id: first.id });
    expect(await wordsKept(['nurses'])).toEqual([]);
    await expectKeptRight();
    // A writer outside this version's data layer (a node of the previous version, during a rolling upgrade).
    await pool().query(
      `INSERT INTO search_documents (type, item_id, date, title_key_en, title_key_fa, title_en, title_fa, body_en, body_fa, spellings, words, length)
       VALUES ('news', 999999, 0, '', '', '', '', '', '', '', 'women:1A outsider:2A', 2)`,
    );
    await expectKeptRight();
    await pool().query(`DELETE FROM search_documents WHERE item_id = 999999`);
    expect(await wordsKept(['outsider'])).toEqual([]);
    await expectKeptRight();
    await pool().query('UPDATE search_lexemes SET documents = documents + 5');
    await rebuildSearchIndex(site.db);
    await expectKeptRight();
  });

  it('count a phrase exactly in the documents holding its words, and estimate it past a sample of them', async () => {
    site = createTestDeps();
    /** Documents holding both words, a third of them side by side: a phrase's count is a third of the words'. */
    const write = (count: number, from: number) =>
      site.db.transaction((tx) =>
        tx.insert(posts).values(
          Array.from({ length: count }, (_, index) => ({
            kind: 'news' as const,
            titleEn: `Note ${from + index}`,
            titleFa: 'یادداشت',
            descriptionEn: (from + index) % 3 === 0 ? 'alpha beta' : 'alpha gamma beta',
            descriptionFa: 'متن',
            image: 'images/none.jpg',
            createdAt: new Date(),
            updatedAt: new Date(),
          })),
        ),
      );
    const phrase = async () => {
      const client = await pool().connect();
      try {
        return await holdingCounts(
          client,
          [['alpha', 'beta'], ['alpha']],
          [
            { phrase: "'alpha' <-> 'beta'", allTokens: "'alpha' & 'beta'" },
            { phrase: "'alpha'", allTokens: "'alpha'" },
          ],
        );
      } finally {
        client.release();
      }
    };
    await write(300, 0);
    expect(await phrase()).toEqual([100, 300]);
    await write(PHRASE_SAMPLE, 300);
    const total = 300 + PHRASE_SAMPLE;
    const [estimated, word] = await phrase();
    expect(word).toBe(total);
    expect(Math.abs(estimated! - total / 3)).toBeLessThan(total * 0.05);
  });
});
