import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inFlight } from '../../src/server/http/in-flight.ts';
import { promotedPerRequest } from '../setup/gc-trace.ts';
import { repoRoot } from '../setup/paths.ts';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server whose every answer takes `workMs`, and a reader that asks and hangs up at once. */
async function slowServer(workMs: number) {
  const ended: number[] = [];
  server = http.createServer((_req, res) => {
    setTimeout(() => {
      ended.push(Date.now());
      res.end('done');
    }, workMs);
  });
  const working = inFlight(server);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  const askAndLeave = () =>
    new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
        setTimeout(() => (socket.destroy(), resolve()), 50);
      });
    });
  return { working, ended, askAndLeave };
}

describe('the requests a stopping server is still working on', () => {
  it('are waited for after their readers left, until the handler ends them', async () => {
    const { working, ended, askAndLeave } = await slowServer(400);
    await askAndLeave();
    const waited = Date.now();
    await working.ended(5_000);
    expect(ended).toHaveLength(1);
    expect(Date.now() - waited).toBeGreaterThanOrEqual(250);
  });

  it('are waited for at most the given time, and not at all when there are none', async () => {
    const { working, ended, askAndLeave } = await slowServer(3_000);
    let started = Date.now();
    await working.ended(100);
    expect(Date.now() - started).toBeLessThan(50);
    await askAndLeave();
    started = Date.now();
    await working.ended(300);
    expect(ended).toHaveLength(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await sleep(0);
  });
});

describe('counting requests', () => {
  it('leaves nothing of a request to the old generation', async () => {
    const { perRequest, collections } = await promotedPerRequest(path.join(repoRoot, 'tests/setup/in-flight-server.ts'), 2_000);
    expect(collections).toBeGreaterThan(5);
    // A bound copy of the response's own `end` kept about 4 KB of every request.
    expect(perRequest).toBeLessThan(1024);
  }, 60_000);
});
