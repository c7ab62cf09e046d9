import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Env } from '../../env.ts';
import { workerScript } from '../../paths.ts';
import type { MediaJob, MediaJobReply } from './job.ts';

const childScript = fileURLToPath(workerScript(new URL('./child.ts', import.meta.url), 'upload-child.mjs'));

/** The queue is full: the caller answers 503 with this Retry-After and stores nothing. */
export class MediaQueueFullError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('The media queue is full');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface MediaWorkerOptions {
  /** Jobs processed at once, each in its own process with one libvips thread. */
  concurrency: number;
  /** Jobs allowed to wait behind the running ones; one more is refused. */
  queueLimit: number;
  /** A job still running after this long is killed, with every process it started. */
  timeoutMs: number;
}

/**
 * Whom a job is for. A visitor (a client address, or a browser's budget on a shared address) has
 * at most one job waiting or running at a time, so one person cannot fill the queue for everyone;
 * an editor's job goes ahead of visitors' in the queue and is not turned away because visitors
 * filled it. Jobs of the site's own (`key: null`, not an editor: the demo seed, tests) are limited
 * only by the queue.
 */
export interface JobOwner {
  key: string | null;
  editor: boolean;
}

const SITE_JOB: JobOwner = { key: null, editor: false };
/** Jobs one visitor may have waiting or running at once. */
const JOBS_PER_VISITOR = 1;

/** The pool as the environment configures it. */
export function mediaWorkerOptions(env: Env): MediaWorkerOptions {
  return { concurrency: env.MEDIA_WORKERS, queueLimit: env.MEDIA_QUEUE_LIMIT, timeoutMs: env.MEDIA_JOB_TIMEOUT_SECONDS * 1000 };
}

function killGroup(child: ChildProcess): void {
  if (!child.pid) return;
  try {
    // The worker leads its own process group, so ffmpeg started by it goes too.
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

/**
 * Image and video cleaning, off the request path: a small fixed number of worker processes at a
 * lower scheduling priority, a queue with a length limit, and a time limit that kills the job.
 * One visitor's hostile upload then costs at most one core for at most the time limit, and a
 * reader's request never waits behind it. Processes, not worker threads: a thread stuck inside
 * libvips or waiting on ffmpeg cannot be stopped, a process group can.
 */
export class MediaWorkers {
  readonly options: MediaWorkerOptions;
  private running = 0;
  private readonly waiting: { start: () => void; editor: boolean }[] = [];
  /** Jobs waiting or running, per visitor. */
  private readonly held = new Map<string, number>();
  /** Recent job duration, for an honest Retry-After. */
  private averageMs = 3000;

  constructor(options: MediaWorkerOptions) {
    this.options = options;
  }

  /** Whether a job offered now (for this owner) would be refused; checked before an upload's body is read. */
  isFull(owner: JobOwner = SITE_JOB): boolean {
    if (!owner.editor && owner.key !== null && (this.held.get(owner.key) ?? 0) >= JOBS_PER_VISITOR) return true;
    if (this.running < this.options.concurrency) return false;
    // An editor waits behind other editors only.
    const ahead = owner.editor ? this.waiting.filter((entry) => entry.editor).length : this.waiting.length;
    return ahead >= this.options.queueLimit;
  }

  /** Seconds until the queue has probably moved on: the work ahead spread over the workers. */
  retryAfterSeconds(): number {
    const ahead = this.running + this.waiting.length + 1;
    return Math.min(600, Math.max(5, Math.ceil((ahead * this.averageMs) / this.options.concurrency / 1000)));
  }

  /** Runs a job when a worker is free; throws MediaQueueFullError at once when the queue (or the owner's share) is full. */
  async run(job: MediaJob, owner: JobOwner = SITE_JOB): Promise<MediaJobReply> {
    if (this.isFull(owner)) throw new MediaQueueFullError(this.retryAfterSeconds());
    const key = owner.editor ? null : owner.key;
    if (key !== null) this.held.set(key, (this.held.get(key) ?? 0) + 1);
    try {
      if (this.running >= this.options.concurrency) await new Promise<void>((start) => this.enqueue({ start, editor: owner.editor }));
      this.running += 1;
      const started = Date.now();
      try {
        return await this.spawn(job);
      } finally {
        this.running -= 1;
        this.averageMs = Math.round(this.averageMs * 0.7 + (Date.now() - started) * 0.3);
        this.waiting.shift()?.start();
      }
    } finally {
      if (key !== null) {
        const left = (this.held.get(key) ?? 1) - 1;
        if (left > 0) this.held.set(key, left);
        else this.held.delete(key);
      }
    }
  }

  /** Editors' jobs wait ahead of every visitor's, in their own order. */
  private enqueue(entry: { start: () => void; editor: boolean }): void {
    const firstVisitor = entry.editor ? this.waiting.findIndex((waiting) => !waiting.editor) : -1;
    if (firstVisitor < 0) this.waiting.push(entry);
    else this.waiting.splice(firstVisitor, 0, entry);
  }

  private spawn(job: MediaJob): Promise<MediaJobReply> {
    return new Promise((resolve, reject) => {
      // The work folder on the command line names the job in `ps`, for operators and tests.
      const child = fork(childScript, [job.workDir], {
        execArgv: ['--experimental-strip-types', '--disable-warning=ExperimentalWarning'],
        detached: true,
        // A worker decodes what strangers send: it gets no secrets of the site.
        env: Object.fromEntries(Object.entries(process.env).filter(([name]) => !/pass|secret|token|key|admin_/i.test(name))),
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        serialization: 'json',
      });
      if (child.pid) {
        try {
          os.setPriority(child.pid, 10);
        } catch {
          /* not permitted here: the pool size still bounds the work */
        }
      }
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        killGroup(child);
        outcome();
      };
      const timedOut: MediaJobReply = { ok: false, reason: 'timedOut', detail: `Media job killed after ${this.options.timeoutMs} ms` };
      let killedForTime = false;
      const timer = setTimeout(() => {
        // Answered once the worker is gone (or after a grace period), so the caller's cleanup
        // does not race a dying writer.
        killedForTime = true;
        killGroup(child);
        setTimeout(() => settle(() => resolve(timedOut)), 2000).unref();
      }, this.options.timeoutMs);
      child.once('message', (reply: MediaJobReply) => settle(() => resolve(reply)));
      child.once('error', (error) => settle(() => reject(error)));
      // A worker that dies without answering (a decoder crashing on a crafted file) refuses the file.
      child.once('exit', (code, signal) =>
        settle(() =>
          resolve(killedForTime ? timedOut : { ok: false, reason: 'unreadable', detail: `Media worker ended without an answer (${code ?? signal})` }),
        ),
      );
      child.send(job);
    });
  }
}
