// A search thread (workers/pool.ts): its own read-only connection to the site's database file,
// searching one query at a time off the request thread.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { search, SearchTimeoutError } from '../engine.ts';
import type { SearchReply, SearchRequest } from './job.ts';

const port = parentPort!;
const reply = (message: SearchReply) => port.postMessage(message);

try {
  // On Linux a nice value is per thread: readers' requests on the main thread go first.
  os.setPriority(10);
} catch {
  /* not permitted here: the pool's size still bounds the work */
}

const sqlite = new Database((workerData as { file: string }).file, { readonly: true, fileMustExist: true });
sqlite.pragma('busy_timeout = 5000');
const connection = { $client: sqlite };
// One read transaction per search, so its steps (matches, ranking, texts) see one state of the index.
const inSnapshot = sqlite.transaction((request: SearchRequest) =>
  search(connection, request.input, request.language, request.audience, request.now, request.deadline),
);

port.on('message', (request: SearchRequest) => {
  try {
    reply({ id: request.id, ok: true, page: inSnapshot(request) });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    reply({ id: request.id, ok: false, reason: error instanceof SearchTimeoutError ? 'timedOut' : 'failed', code: typeof code === 'string' ? code : null });
  }
});
reply({ ready: true });
