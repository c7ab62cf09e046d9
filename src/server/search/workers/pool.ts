import { Worker } from 'node:worker_threads';
import { workerScript } from '../../paths.ts';
import type { Env } from '../../env.ts';
import { SearchTimeoutError, type SearchPage } from '../engine.ts';
import { postgresOf, sqliteOf, type Db } from '../../db/client.ts';
import type { SearchExecutor, SearchJob, SearchReply, SearchRequest, SearchSource } from './job.ts';
import { SearchBusyError, SearchFailedError } from './errors.ts';

export { SearchBusyError, SearchFailedError };

const threadScript = workerScript(new URL('./thread.ts', import.meta.url), 'search-thread.mjs');

export interface SearchWorkerOptions {
  /** Searches run at once, each on its own low-priority thread with its own read-only connection. */
  threads: number;
  /** Searches allowed to wait for a thread; one more is refused at once. */
  queueLimit: number;
  /** A search still running after this long is answered as too slow and its thread stopped. Read at each search. */
  timeLimitMs: number;
  /** A thread with no search for this long ends, giving back its memory; the next search starts another. */
  idleMs: number;
}

/**
 * The longest a search may run. A search at 100,000 items takes a few milliseconds, the costliest
 * query the limits of match.ts allow about a hundred (docs/benchmarks.md); this is the backstop
 * for what nobody measured (a cold disk, a far larger site).
 */
export const SEARCH_TIME_LIMIT_MS = 2000;
/** Searches waiting for a thread: each visitor has at most one (security/budget.ts), so this many visitors at once. */
export const SEARCH_QUEUE_LIMIT = 32;
/**
 * How long a search thread waits for the next search before it ends. A live thread holds about
 * 15 MB (its own V8 heap, its connection's page cache): on a small server nobody is searching most
 * of the time, and starting a thread again costs the next search about 50 ms. A reader paging
 * through results, or a busy site, keeps it.
 */
export const SEARCH_THREAD_IDLE_MS = 60_000;

export function searchWorkerOptions(env: Env): SearchWorkerOptions {
  return { threads: env.SEARCH_WORKERS, queueLimit: SEARCH_QUEUE_LIMIT, timeLimitMs: SEARCH_TIME_LIMIT_MS, idleMs: SEARCH_THREAD_IDLE_MS };
}

interface Slot {
  worker: Worker | null;
  ready: Promise<Worker> | null;
  /** While the slot is idle with a thread: when that thread ends. */
  idleTimer: NodeJS.Timeout | null;
}

/**
 * Searches off the request thread (docs/decisions/019, 025): a few threads, each with its own
 * read-only connection to the database (the SQLite file, whose WAL lets them read while the site
 * writes, or PostgreSQL), a bounded queue and a time limit. A search's JavaScript work (and all of
 * it on SQLite) cannot be interrupted from outside, so a thread that overruns is terminated (it
 * ends when its statement or step returns) and its slot stays taken until it has ended: however
 * many searches overrun, no more than `threads` cores search at once.
 */
export class SearchWorkers implements SearchExecutor {
  readonly source: SearchSource;
  readonly options: SearchWorkerOptions;
  private readonly idle: Slot[] = [];
  private readonly waiting: ((slot: Slot) => void)[] = [];
  private readonly alive = new Set<Worker>();
  private nextId = 0;
  private closed = false;
  /** Recent search duration, for an honest Retry-After. */
  private averageMs = 20;

  constructor(source: SearchSource, options: SearchWorkerOptions) {
    this.source = source;
    this.options = options;
    for (let index = 0; index < options.threads; index++) this.idle.push({ worker: null, ready: null, idleTimer: null });
  }

  /** Threads started and not yet ended (a terminated one counts until it has ended). */
  threadsAlive(): number {
    return this.alive.size;
  }

  async run(job: SearchJob): Promise<SearchPage> {
    if (this.closed) throw new SearchFailedError(null);
    let slot = this.idle.pop();
    if (slot) this.keepThread(slot);
    else {
      if (this.waiting.length >= this.options.queueLimit) throw new SearchBusyError(this.retryAfterSeconds());
      slot = await new Promise<Slot>((take) => this.waiting.push(take));
    }
    const started = Date.now();
    try {
      return await this.execute(slot, job);
    } finally {
      this.averageMs = Math.round(this.averageMs * 0.8 + (Date.now() - started) * 0.2);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const slot of this.idle) this.keepThread(slot);
    await Promise.all([...this.alive].map((worker) => worker.terminate()));
  }

  /** Seconds until the queue has probably moved on: the searches ahead spread over the threads. */
  private retryAfterSeconds(): number {
    return Math.min(60, Math.max(1, Math.ceil(((this.waiting.length + 1) * this.averageMs) / this.options.threads / 1000)));
  }

  /** A free slot goes to the next search waiting, else back to the idle ones, its thread ending if no search comes. */
  private release(slot: Slot): void {
    slot.worker?.unref();
    const next = this.waiting.shift();
    if (next) return next(slot);
    this.idle.push(slot);
    if (slot.worker && !this.closed) slot.idleTimer = setTimeout(() => this.retire(slot), this.options.idleMs).unref();
  }

  private keepThread(slot: Slot): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
  }

  /** Ends an idle slot's thread; the slot leaves the idle ones until the thread has ended, then comes back without one. */
  private retire(slot: Slot): void {
    slot.idleTimer = null;
    const index = this.idle.indexOf(slot);
    if (index === -1) return;
    this.idle.splice(index, 1);
    this.stop(slot);
  }

  private start(slot: Slot): Promise<Worker> {
    if (slot.ready) return slot.ready;
    const worker = new Worker(threadScript, { workerData: this.source });
    this.alive.add(worker);
    slot.worker = worker;
    const ready = new Promise<Worker>((resolve, reject) => {
      const onMessage = (message: SearchReply) => {
        if (!('ready' in message)) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve(worker);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    worker.once('exit', () => {
      this.alive.delete(worker);
      if (slot.worker === worker) Object.assign(slot, { worker: null, ready: null });
    });
    slot.ready = ready;
    return ready;
  }

  private async execute(slot: Slot, job: SearchJob): Promise<SearchPage> {
    // A search that waited while the pool closed starts no thread.
    if (this.closed) {
      this.release(slot);
      throw new SearchFailedError(null);
    }
    let worker: Worker;
    try {
      worker = await this.start(slot);
    } catch (error) {
      this.stop(slot);
      throw new SearchFailedError(codeOf(error));
    }
    worker.ref();
    const id = ++this.nextId;
    return new Promise<SearchPage>((resolve, reject) => {
      const settle = (outcome: () => void, stop: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        outcome();
        if (stop) this.stop(slot);
        else this.release(slot);
      };
      const onMessage = (reply: SearchReply) => {
        if ('ready' in reply || reply.id !== id) return;
        if (reply.ok) settle(() => resolve(reply.page), false);
        else settle(() => reject(reply.reason === 'timedOut' ? new SearchTimeoutError() : new SearchFailedError(reply.code)), false);
      };
      const onError = (error: unknown) => settle(() => reject(new SearchFailedError(codeOf(error))), true);
      // Ended without answering (the pool closed, the thread crashed).
      const onExit = () => settle(() => reject(new SearchFailedError(null)), true);
      const timer = setTimeout(() => settle(() => reject(new SearchTimeoutError()), true), this.options.timeLimitMs);
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      const request: SearchRequest = { ...job, id, deadline: Date.now() + this.options.timeLimitMs };
      worker.postMessage(request);
    });
  }

  /** Ends a slot's thread; the slot is free again only once the thread has ended. */
  private stop(slot: Slot): void {
    const worker = slot.worker;
    Object.assign(slot, { worker: null, ready: null });
    if (!worker || !this.alive.has(worker)) return this.release(slot);
    worker.once('exit', () => this.release(slot));
    void worker.terminate();
  }
}

const codeOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
};

/** The search threads of a database, each connecting to it on its own (not through the site's pool). */
export function searchExecutorFor(db: Db, options: SearchWorkerOptions): SearchWorkers {
  return new SearchWorkers(db.dialect === 'postgres' ? { url: postgresOf(db).url } : { file: sqliteOf(db).file }, options);
}
