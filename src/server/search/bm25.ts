/**
 * FTS5's bm25() (SQLite's ext/fts5/fts5_aux.c), for search on PostgreSQL (docs/decisions/025):
 * ranking the same documents with the same formula and the same numbers gives the same order on
 * both engines. Each phrase of the query (one spelling of one word) has an inverse document
 * frequency over the whole index; a document's weighted hits of it saturate (k1) and are
 * normalised by the document's length against the average (b). Lower is better, as FTS5 returns it.
 */
const K1 = 1.2;
const B = 0.75;

export interface Bm25Totals {
  /** Documents in the index, and tokens in all their columns (facets included). */
  documents: number;
  tokens: number;
  /** For each phrase of the query, in order: the documents holding it. */
  holding: readonly number[];
}

export interface Bm25Document {
  /** Tokens in all the document's columns. */
  length: number;
  /** For each phrase, in order: its hits, each counted with its column's weight. */
  weightedHits: readonly number[];
}

export function bm25(totals: Bm25Totals, document: Bm25Document): number {
  const average = totals.tokens / totals.documents;
  let score = 0;
  totals.holding.forEach((holding, phrase) => {
    let idf = Math.log((totals.documents - holding + 0.5) / (holding + 0.5));
    // As FTS5: a phrase in half the documents or more still counts, a little.
    if (idf <= 0) idf = 1e-6;
    const hits = document.weightedHits[phrase] ?? 0;
    score += (idf * (hits * (K1 + 1))) / (hits + K1 * (1 - B + (B * document.length) / average));
  });
  return -1 * score;
}
