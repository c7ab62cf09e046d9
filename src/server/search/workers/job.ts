import type { Language } from '../../../shared/locale.ts';
import type { SearchInput } from '../../../shared/schemas/search.ts';
import type { Audience, SearchPage } from '../engine.ts';

/** One search, as the request thread hands it to a search thread. */
export interface SearchJob {
  input: SearchInput;
  language: Language;
  audience: Audience;
  /** The site's time, for the recency preference (publication/clock.ts). */
  now: number;
}

export type SearchRequest = SearchJob & { id: number; deadline: number };

/**
 * A thread's answer. A failure carries at most the engine's error code, never its message, which could
 * quote the query (docs/decisions/017: searched words are never logged).
 */
export type SearchReply =
  { ready: true } | { id: number; ok: true; page: SearchPage } | { id: number; ok: false; reason: 'timedOut' | 'failed'; code: string | null };

/** The database a search thread opens its own connection to: the site's SQLite file, or its PostgreSQL database. */
export type SearchSource = { file: string } | { url: string };

/** Where searches run: a pool of threads (pool.ts), on either engine. */
export interface SearchExecutor {
  run(job: SearchJob): Promise<SearchPage>;
  /** Stops every thread; searches asked for afterwards fail. */
  close(): Promise<void>;
}
