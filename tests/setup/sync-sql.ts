import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';

/**
 * Runs SQL on the test PostgreSQL server synchronously, over a connection a helper thread keeps:
 * test setup such as createTestDeps() is synchronous, and starting psql for each statement cost
 * about a quarter of a second, twice per test (a database made and dropped).
 */
export function syncSqlRunner(url: string): (statement: string) => Record<string, unknown>[] {
  let thread: Worker | null = null;
  return (statement) => {
    if (!thread) {
      thread = new Worker(new URL('./sync-sql-thread.ts', import.meta.url), { workerData: { url } });
      // The thread must not keep the test process alive once its work is done.
      thread.unref();
    }
    const signal = new Int32Array(new SharedArrayBuffer(4));
    const { port1, port2 } = new MessageChannel();
    thread.postMessage({ statement, port: port2, signal }, [port2]);
    if (Atomics.wait(signal, 0, 0, 60_000) === 'timed-out') throw new Error(`PostgreSQL did not answer within a minute: ${statement}`);
    const answer = receiveMessageOnPort(port1)?.message as { rows?: Record<string, unknown>[]; error?: string } | undefined;
    port1.close();
    if (!answer || answer.error !== undefined) throw new Error(answer?.error ?? `No answer to: ${statement}`);
    return answer.rows ?? [];
  };
}
