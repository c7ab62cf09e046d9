// Latency at a steady pace: requests sent on a schedule over a fixed number of keep-alive
// connections, whether or not earlier ones were answered (an open loop, as readers arrive), each
// timed from when it was due, so a request that waited for a free connection counts its wait
// (no coordinated omission). autocannon's own rate limit sends each connection's share of a second
// in one burst at the start of that second, which measures the burst, not the pace.
import http from 'node:http';
import { cpuMs, type Load } from './process-use.ts';

/** As a flat-out load reports it; `rps` is the requests answered a second (the pace, when the server keeps up). */
export type PacedLoad = Load;

/** How long one request may take before it is counted as an error (autocannon's default). */
const TIMEOUT_MS = 10_000;

/** The nearest-rank percentile; with no answers at all, no latency is good enough. */
const percentile = (sorted: number[], share: number) => (sorted.length ? sorted[Math.max(0, Math.ceil(sorted.length * share) - 1)]! : Infinity);

/**
 * Sends `rate` requests a second to `url` for `seconds` over `connections` connections, and times each
 * from when it was due; `pid`: the server process whose CPU time is counted (none: not counted).
 */
export async function pacedLoad(
  pid: number | null,
  options: { url: string; rate: number; seconds: number; connections: number; headers?: Record<string, string> },
): Promise<PacedLoad> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const total = Math.max(1, Math.round(options.rate * options.seconds));
  const latencies: number[] = [];
  let errors = 0;
  const get = (due: number) =>
    new Promise<void>((resolve) => {
      let settled = false;
      const failed = () => void (settled || ((settled = true), errors++, resolve()));
      const request = http.get(options.url, { agent, headers: options.headers }, (response) => {
        response.on('data', () => undefined);
        response.on('error', failed);
        response.on('end', () => {
          if (settled) return;
          settled = true;
          if (response.statusCode === 200) latencies.push(performance.now() - due);
          else errors++;
          resolve();
        });
      });
      request.on('error', failed);
      request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error('timed out')));
    });
  const cpuBefore = pid === null ? 0 : cpuMs(pid);
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let sent = 0; sent < total;) {
    const now = performance.now();
    // Everything due by now goes out; the agent queues what finds no free connection.
    for (; sent < total && start + (sent * 1000) / options.rate <= now; sent++) pending.push(get(start + (sent * 1000) / options.rate));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  const used = pid === null ? 0 : cpuMs(pid) - cpuBefore;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    rps: Math.round(latencies.length / elapsed),
    p50: round(percentile(latencies, 0.5)),
    p99: round(percentile(latencies, 0.99)),
    errors,
    cpuPerRequest: latencies.length ? Math.round((used / latencies.length) * 100) / 100 : 0,
  };
}
