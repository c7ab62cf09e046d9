// What a process has used, read from Linux's /proc: its CPU time and its resident memory.
import fs from 'node:fs';
import autocannon from 'autocannon';

const TICKS_PER_SECOND = 100;

/** CPU time (user and system, all threads) the process has used so far, in milliseconds. */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after it are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  return ((user + system) * 1000) / TICKS_PER_SECOND;
}

/** The process's resident memory now, in MB. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Samples the process's resident memory every 100 ms until stopped; resolves to the highest seen. */
export function peakRss(pid: number): { stop(): number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // The process has ended.
    }
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/** What a load generator's run got from a server process, with that process's CPU time per answer. */
export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server process's CPU time per answered request, in ms. */
  cpuPerRequest: number;
}

/** Runs autocannon with `options` against the process `pid` serves, and sums up what it got and what it cost. */
export async function loadWithCpu(pid: number, options: autocannon.Options): Promise<Load> {
  const before = cpuMs(pid);
  const result = await autocannon(options);
  const used = cpuMs(pid) - before;
  const answered = result.requests.total;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuPerRequest: answered ? Math.round((used / answered) * 100) / 100 : 0,
  };
}
