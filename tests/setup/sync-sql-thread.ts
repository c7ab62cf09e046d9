// The thread behind sync-sql.ts: one PostgreSQL connection, one statement at a time, each answer
// handed back through a message port while the asking thread waits on a shared counter.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import pg from 'pg';

const client = new pg.Client({ connectionString: (workerData as { url: string }).url });
const connected = client.connect();

async function answer({ statement, port, signal }: { statement: string; port: MessagePort; signal: Int32Array }) {
  try {
    await connected;
    const result = await client.query(statement);
    port.postMessage({ rows: result.rows });
  } catch (error) {
    port.postMessage({ error: (error as Error).message });
  } finally {
    Atomics.store(signal, 0, 1);
    Atomics.notify(signal, 0);
  }
}

parentPort!.on('message', (request: Parameters<typeof answer>[0]) => void answer(request));
