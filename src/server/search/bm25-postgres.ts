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

/** A phrase as a tsquery, and its tokens anywhere in a document as another. */
export interface PhraseQuery {
  phrase: string;
  allTokens: string;
}

/**
 * A phrase of several tokens is counted in at most this many documents holding all its tokens;
 * past that its count is estimated from them (below), so a search costs the same on any size of site.
 */
export const PHRASE_SAMPLE = 2_000;

/**
 * How many documents hold each phrase (bm25's document frequency). A one-token phrase's count is
 * kept with the documents (search_lexemes, by triggers): exact, and one lookup however many hold it. A phrase
 * of several tokens is counted in the documents holding all its tokens, at most PHRASE_SAMPLE of
 * them: exact when no more hold them all, as on SQLite; else the share of those examined (whichever
 * the index gives first) holding the phrase, times the rarest token's count. That overestimates a
 * little (documents missing another token count too), so past the sample the order may differ
 * from SQLite's, which counts every one.
 */
export async function holdingCounts(client: pg.PoolClient, phrases: readonly (readonly string[])[], phraseQueries: readonly PhraseQuery[]): Promise<number[]> {
  const lexemes = [...new Set(phrases.flat())];
  const { rows } = await client.query<{ lexeme: string; documents: number }>(
    'SELECT lexeme, sum(documents)::int AS documents FROM search_lexemes WHERE lexeme = ANY($1::text[]) GROUP BY lexeme',
    [lexemes],
  );
  const held = new Map(rows.map((row) => [row.lexeme, Number(row.documents)]));
  return Promise.all(
    phrases.map(async (tokens, index) => {
      const rarest = Math.min(...tokens.map((token) => held.get(token) ?? 0));
      if (tokens.length === 1 || rarest === 0) return rarest;
      const [sample] = (
        await client.query<{ examined: number; holding: number }>(
          `SELECT count(*)::int AS examined, (count(*) FILTER (WHERE words @@ $1::tsquery))::int AS holding
           FROM (SELECT words FROM search_documents WHERE words @@ $2::tsquery LIMIT ${PHRASE_SAMPLE + 1}) s`,
          [phraseQueries[index]!.phrase, phraseQueries[index]!.allTokens],
        )
      ).rows;
      if (!sample || sample.examined <= PHRASE_SAMPLE) return sample?.holding ?? 0;
      return Math.round((sample.holding / sample.examined) * rarest);
    }),
  );
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
  phraseQueries: readonly PhraseQuery[],
): Promise<{ doc: number; relevance: number }[]> {
  const lexemes = [...new Set(phrases.flat())];
  const occurrences = (await client.query<Occurrence>(NEWEST, [query, ...filters, lexemes])).rows;
  if (!occurrences.length) return [];
  const [totals] = (await client.query<{ documents: number; tokens: number }>('SELECT documents, tokens FROM search_totals')).rows;
  const holding = await holdingCounts(client, phrases, phraseQueries);
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
