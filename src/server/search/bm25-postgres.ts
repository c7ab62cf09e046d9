import type pg from 'pg';
import { RANKED } from './engine.ts';
import { bm25 } from './bm25.ts';

/**
 * The newest RANKED matches ranked as SQLite ranks them (bm25.ts), on PostgreSQL: each document's
 * hits of each phrase are counted from the positions and weights of its tsvector (the columns are
 * laid out apart, so adjacent positions are a phrase within one column), the phrases' document
 * counts and the index's totals come from the database.
 */

/** The weights SQLite's search gives bm25 (engine.ts): titles 8, bodies 1, other spellings 0.5 — tsvector weights A, B, C. */
const COLUMN_WEIGHT: Record<string, number> = { A: 8, B: 1, C: 0.5, D: 0 };

interface Occurrence {
  doc: number;
  length: number;
  lexeme: string | null;
  positions: number[] | null;
  weights: string[] | null;
}

/** The kind and country filters, as $2 and $3 of every statement that matches. */
export const FILTERS = `($2::text IS NULL OR type = $2) AND ($3::text IS NULL OR country = $3)`;
/** The visibility of ranked rows is checked on their metadata afterwards, as on SQLite. */
const NEWEST = `WITH newest AS (SELECT id, length, words FROM search_documents WHERE words @@ $1::tsquery AND ${FILTERS} ORDER BY id DESC LIMIT ${RANKED})
  SELECT n.id AS doc, n.length, u.lexeme, u.positions::int[] AS positions, u.weights::text[] AS weights
  FROM newest n LEFT JOIN LATERAL unnest(n.words) u ON u.lexeme = ANY($4::text[])`;

/** A phrase's hits in one document, each counted with its column's weight. */
function weightedHits(phrase: readonly string[], at: Map<string, Map<number, string>>): number {
  const first = at.get(phrase[0]!);
  if (!first) return 0;
  let hits = 0;
  for (const [position, weight] of first) {
    if (phrase.every((token, index) => at.get(token)?.has(position + index))) hits += COLUMN_WEIGHT[weight] ?? 0;
  }
  return hits;
}

/** How many documents hold each phrase (bm25's document frequency), in one pass over the documents holding any. */
async function holdingCounts(client: pg.PoolClient, phraseQueries: readonly string[]): Promise<number[]> {
  const counts = phraseQueries.map((_, index) => `count(*) FILTER (WHERE words @@ $${index + 1}::tsquery) AS p${index}`).join(', ');
  const any = phraseQueries.map((_, index) => `words @@ $${index + 1}::tsquery`).join(' OR ');
  const [row] = (await client.query<Record<string, number>>(`SELECT ${counts} FROM search_documents WHERE ${any}`, [...phraseQueries])).rows;
  return phraseQueries.map((_, index) => Number(row?.[`p${index}`] ?? 0));
}

/**
 * Relevance of the newest RANKED documents matching `query` (lower is better). `phrases` are the
 * query's phrases in order (each a list of tokens), `phraseQueries` each as a tsquery.
 */
export async function rankNewest(
  client: pg.PoolClient,
  query: string,
  filters: readonly (string | null)[],
  phrases: readonly (readonly string[])[],
  phraseQueries: readonly string[],
): Promise<{ doc: number; relevance: number }[]> {
  const lexemes = [...new Set(phrases.flat())];
  const occurrences = (await client.query<Occurrence>(NEWEST, [query, ...filters, lexemes])).rows;
  if (!occurrences.length) return [];
  const [totals] = (await client.query<{ documents: number; tokens: number }>('SELECT documents, tokens FROM search_totals')).rows;
  const holding = await holdingCounts(client, phraseQueries);
  const documents = new Map<number, { length: number; at: Map<string, Map<number, string>> }>();
  for (const row of occurrences) {
    const document = documents.get(row.doc) ?? { length: row.length, at: new Map() };
    documents.set(row.doc, document);
    if (row.lexeme && row.positions && row.weights)
      document.at.set(row.lexeme, new Map(row.positions.map((position, index) => [position, row.weights![index]!])));
  }
  return [...documents].map(([doc, document]) => ({
    doc,
    relevance: bm25(
      { documents: totals!.documents, tokens: totals!.tokens, holding },
      { length: document.length, weightedHits: phrases.map((phrase) => weightedHits(phrase, document.at)) },
    ),
  }));
}
