import net from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { LISTEN_TIMEOUT_MS, listeningClient } from '../../src/server/db/listening-client.ts';

let server: net.Server | null = null;
const held: net.Socket[] = [];
afterEach(async () => {
  for (const socket of held.splice(0)) socket.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

// A node's listeners (the content version's, the schedule's) must give up a server that accepts the
// connection and then never answers, and try again, instead of waiting for the operating system's
// TCP timeout: the schedule listener holds a node's start until it listens.
it('gives up a server that never answers within its bound', async () => {
  server = net.createServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  const client = await listeningClient(`postgres://site@127.0.0.1:${port}/site`, 'test');
  const started = Date.now();
  await expect(client.connect()).rejects.toThrow(/timeout/i);
  const waited = Date.now() - started;
  expect(waited).toBeGreaterThanOrEqual(LISTEN_TIMEOUT_MS - 100);
  expect(waited).toBeLessThan(LISTEN_TIMEOUT_MS + 5_000);
}, 30_000);
