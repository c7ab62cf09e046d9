import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Env } from '../../env.ts';
import type { MediaJob, MediaJobReply } from './job.ts';

const childScript = fileURLToPath(new URL('./child.ts', import.meta.url));

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
  private readonly waiting: (() => void)[] = [];
  /** Recent job duration, for an honest Retry-After. */
  private averageMs = 3000;

  constructor(options: MediaWorkerOptions) {
    this.options = options;
  }

  /** Whether a job offered now would be refused; checked before an upload's body is read. */
  isFull(): boolean {
    return this.running >= this.options.concurrency && this.waiting.length >= this.options.queueLimit;
  }

  /** Seconds until the queue has probably moved on: the work ahead spread over the workers. */
  retryAfterSeconds(): number {
    const ahead = this.running + this.waiting.length + 1;
    return Math.min(600, Math.max(5, Math.ceil((ahead * this.averageMs) / this.options.concurrency / 1000)));
  }

  /** Runs a job when a worker is free; throws MediaQueueFullError at once when the queue is full. */
  async run(job: MediaJob): Promise<MediaJobReply> {
    if (this.isFull()) throw new MediaQueueFullError(this.retryAfterSeconds());
    if (this.running >= this.options.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    const started = Date.now();
    try {
      return await this.spawn(job);
    } finally {
      this.running -= 1;
      this.averageMs = Math.round(this.averageMs * 0.7 + (Date.now() - started) * 0.3);
      this.waiting.shift()?.();
    }
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
        settle(() => resolve(killedForTime ? timedOut : { ok: false, reason: 'unreadable', detail: `Media worker ended without an answer (${code ?? signal})` })),
      );
      child.send(job);
    });
  }
}
