import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryReducingCollection } from '../../src/server/http/idle-collection.ts';
import { STUCK_AFTER_MS, WorkGate, type Turn } from '../../src/server/http/work-gate.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, turn: Turn) => void;

const servers: http.Server[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve).closeAllConnections())));
});

/** A real server whose every request waits for its turn at `gate`; `arrived` lists the paths as they came in. */
async function serve(gate: WorkGate, handle: Handler) {
  const arrived: string[] = [];
  const started: string[] = [];
  const server = http.createServer((req, res) => {
    arrived.push(req.url!);
    gate.enter(res, (turn) => {
      started.push(req.url!);
      handle(req, res, turn);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port, arrived, started };
}

/** A request sent on a raw socket, which reads nothing of the answer. */
function unreadRequest(port: number, path: string): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.pause();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`, () => resolve(socket));
    });
  });
}

/** While a reader who never reads waits for /big, /small is answered at once: /big's place is free. */
async function expectAnsweredBesideSlowReader(site: { url: string; port: number; started: string[] }) {
  const slowReader = await unreadRequest(site.port, '/big');
  await until(() => site.started.includes('/big'));
  const asked = Date.now();
  expect(await fetch(`${site.url}/small`).then((response) => response.text())).toBe('small');
  expect(Date.now() - asked).toBeLessThan(2_000);
  slowReader.destroy();
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('the work gate', () => {
  it('makes at most its limit of answers at once, in the order they came', async () => {
    const gate = new WorkGate(2);
    let working = 0;
    let most = 0;
    const site = await serve(gate, (_req, res) => {
      most = Math.max(most, ++working);
      setTimeout(() => {
        working--;
        res.end('made');
      }, 15);
    });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => fetch(`${site.url}/${n}`).then((response) => response.text())));
    expect(answers).toEqual(Array(12).fill('made'));
    expect(most).toBe(2);
    expect(site.started).toEqual(site.arrived);
    expect(gate.load()).toEqual({ working: 0, waiting: 0 });
  });

  it('gives the place back when the answer is made, however slowly its reader takes it', async () => {
    const gate = new WorkGate(1);
    // Far more than the loopback connection buffers: its 'finish' waits for a reader who never reads.
    const big = Buffer.alloc(48 * 1024 * 1024, 'x');
    const site = await serve(gate, (req, res) => res.end(req.url === '/big' ? big : 'small'));
    await expectAnsweredBesideSlowReader(site);
  });

  it('gives the place back when a write finds the reader’s connection full, before the answer ends', async () => {
    const gate = new WorkGate(1);
    const big = Buffer.alloc(48 * 1024 * 1024, 'x');
    // As tRPC's adapter writes: the headers, then the body, waiting for the reader before it ends.
    const site = await serve(gate, (req, res) => {
      if (req.url !== '/big') return res.end('small');
      res.writeHead(200, { 'content-type': 'text/plain' });
      if (!res.write(big)) res.once('drain', () => res.end());
      else res.end();
    });
    await expectAnsweredBesideSlowReader(site);
  });

  it('takes a long line of requests that give their places back at once without going deeper for each', () => {
    const gate = new WorkGate(1);
    const response = () => new http.ServerResponse(new http.IncomingMessage(new net.Socket()));
    let holder!: Turn;
    gate.enter(response(), (turn) => (holder = turn));
    let started = 0;
    // Each one is held for its visitor's budget the moment it starts, and leaves its place to the next.
    for (let n = 0; n < 20_000; n++)
      gate.enter(response(), (turn) => {
        started++;
        turn.leave();
      });
    holder.leave();
    expect(started).toBe(20_000);
    expect(gate.load()).toEqual({ working: 0, waiting: 0 });
  });

  it('never starts a request whose reader left while it waited, and counts no place for it', async () => {
    const gate = new WorkGate(1);
    let finishFirst!: () => void;
    const site = await serve(gate, (req, res) => {
      if (req.url === '/first') finishFirst = () => res.end('first');
      else res.end('later');
    });
    const first = fetch(`${site.url}/first`).then((response) => response.text());
    await until(() => site.started.includes('/first'));
    const leaving = await unreadRequest(site.port, '/left');
    await until(() => site.arrived.includes('/left'));
    expect(gate.load()).toEqual({ working: 1, waiting: 1 });
    leaving.destroy();
    await until(() => gate.load().waiting === 0);
    const later = fetch(`${site.url}/later`).then((response) => response.text());
    await until(() => site.arrived.includes('/later'));
    finishFirst();
    expect(await Promise.all([first, later])).toEqual(['first', 'later']);
    expect(site.started).toEqual(['/first', '/later']);
    expect(gate.load()).toEqual({ working: 0, waiting: 0 });
  });

  it('lets the next one in when a request leaves its place before its answer ends', async () => {
    const gate = new WorkGate(1);
    let finishHeld!: () => void;
    const site = await serve(gate, (req, res, turn) => {
      if (req.url !== '/held') return res.end('next');
      // Held for something other than this server's work (a visitor's budget): the place is not used meanwhile.
      turn.leave();
      finishHeld = () => res.end('held');
    });
    const held = fetch(`${site.url}/held`).then((response) => response.text());
    await until(() => site.started.includes('/held'));
    expect(await fetch(`${site.url}/next`).then((response) => response.text())).toBe('next');
    finishHeld();
    expect(await held).toBe('held');
    expect(gate.load()).toEqual({ working: 0, waiting: 0 });
  });

  it('keeps nothing of a request once its answer is made or its reader left while it waited', async () => {
    // Under load a gate sees hundreds of requests between two of its clean-ups; each one it still held
    // kept its request, its response and its handler alive into V8's old generation.
    const collect = memoryReducingCollection()!;
    const gate = new WorkGate(1);
    const response = () => new http.ServerResponse(new http.IncomingMessage(new net.Socket()));
    const kept: WeakRef<object>[] = [];
    const enter = (res: http.ServerResponse, work: (turn: Turn) => void) => {
      const handlerState = { res };
      kept.push(new WeakRef(handlerState));
      gate.enter(res, (turn) => {
        void handlerState;
        work(turn);
      });
    };
    let first!: Turn;
    enter(response(), (turn) => (first = turn));
    const leaving = response();
    enter(leaving, () => {
      throw new Error('a request whose reader left is never started');
    });
    leaving.emit('close');
    for (let done = 0; done < 5; done++) enter(response(), (turn) => turn.leave());
    first.leave();
    expect(gate.load()).toEqual({ working: 0, waiting: 0 });
    // A WeakRef keeps its target until the task that made it has ended.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collect();
    expect(kept.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
  });

  it('gives back a place held past its time, so an answer that never ends cannot stop the others for good', () => {
    vi.useFakeTimers();
    const gate = new WorkGate(1);
    const response = () => new http.ServerResponse(new http.IncomingMessage(new net.Socket()));
    const started: string[] = [];
    gate.enter(response(), () => started.push('stuck'));
    gate.enter(response(), () => started.push('next'));
    expect(started).toEqual(['stuck']);
    vi.advanceTimersByTime(STUCK_AFTER_MS - 1);
    expect(started).toEqual(['stuck']);
    vi.advanceTimersByTime(1);
    expect(started).toEqual(['stuck', 'next']);
  });
});
