// A search thread (workers/pool.ts): its own read-only connection to the site's database, searching
// one query at a time off the request thread. On SQLite the whole search is this thread's; on
// PostgreSQL (docs/decisions/025) the database finds and counts, and this thread does the rest:
// parsing the rows, cutting the query's tokens, bm25, marking the page's texts.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { search, SearchTimeoutError, type SearchPage } from '../engine.ts';
import { searchPostgres } from '../engine-postgres.ts';
import type { SearchReply, SearchRequest, SearchSource } from './job.ts';

const port = parentPort!;
const reply = (message: SearchReply) => port.postMessage(message);

try {
  // On Linux a nice value is per thread: readers' requests on the main thread go first.
  os.setPriority(10);
} catch {
  /* not permitted here: the pool's size still bounds the work */
}

type Searcher = (request: SearchRequest) => SearchPage | Promise<SearchPage>;

function onSqlite(file: string): Searcher {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  const connection = { $client: sqlite };
  // One read transaction per search, so its steps (matches, ranking, texts) see one state of the index.
  return sqlite.transaction((request: SearchRequest) => search(connection, request.input, request.language, request.audience, request.now, request.deadline));
}

async function onPostgres(url: string): Promise<Searcher> {
  // pg is loaded on first use: 10 MB a thread searching SQLite does not need.
  const { default: pg } = await import('../../db/postgres-types.ts');
  // One connection, kept while the thread lives (as SQLite's is); a pool of one so that a connection
  // the server dropped between searches ends neither the thread nor the next search: it opens another.
  const pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 0, application_name: 'womens-rights-news search' });
  pool.on('error', () => undefined);
  // Connected before the thread says it is ready, so the first search's time is the search's own.
  (await pool.connect()).release();
  // searchPostgres reads in one read-only snapshot, with the deadline as statement_timeout.
  return (request) => searchPostgres(pool, request.input, request.language, request.audience, request.now, request.deadline);
}

const source = workerData as SearchSource;
const searchOne = 'file' in source ? onSqlite(source.file) : await onPostgres(source.url);

async function answer(request: SearchRequest): Promise<void> {
  try {
    reply({ id: request.id, ok: true, page: await searchOne(request) });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    reply({ id: request.id, ok: false, reason: error instanceof SearchTimeoutError ? 'timedOut' : 'failed', code: typeof code === 'string' ? code : null });
  }
}

// The pool sends a thread its next search only once it has answered the last one.
port.on('message', (request: SearchRequest) => void answer(request));
reply({ ready: true });
