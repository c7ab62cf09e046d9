// Memory probe: idle and peak RSS under the limits bench's page load, for variants of the server's environment.
import fs from 'node:fs';
import type autocannon from 'autocannon';
import { loadWithCpu, peakRss, rssMb } from './process-use.ts';
import { SERVER, serverArgs, startProcess, untilIdle } from './processes.ts';
import { pacedLoad } from './paced-load.ts';
import { UNCACHED, WORK_UNLIMITED } from './uncached.ts';
const variants: Record<string, Record<string, string>> = JSON.parse(process.env.VARIANTS ?? '{"base":{}}');
const db = process.env.DB ?? '/tmp/p/site.db';
const secs = Number(process.env.SECS ?? 10);
const rollup = (pid: number) =>
  Object.fromEntries(
    [...fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').matchAll(/^(Rss|Anonymous|Shared_Clean|Private_Clean|Private_Dirty):\s+(\d+)/gm)].map((m) => [
      m[1],
      Math.round(Number(m[2]) / 1024),
    ]),
  );
for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++)
  for (const [name, env] of Object.entries(variants)) {
    const { ARGS = '', ...rest } = env;
    const site = await startProcess(SERVER, { DATABASE_URL: db, STORAGE_DIR: '/tmp/p/storage', ...WORK_UNLIMITED, ...rest }, [
      ...serverArgs,
      ...ARGS.split(' ').filter(Boolean),
    ]);
    try {
      await fetch(site.url + '/').then((r) => r.arrayBuffer());
      await fetch(site.url + '/api/news').then((r) => r.arrayBuffer());
      await new Promise((r) => setTimeout(r, 5000));
      const idle = rssMb(site.pid);
      const idleParts = rollup(site.pid);
      const peak = peakRss(site.pid);
      const cpu: string[] = [];
      for (const p of ['/', '/news/5000']) {
        let ph = peakRss(site.pid);
        await loadWithCpu(site.pid, { url: site.url + p, connections: 100, duration: secs } as autocannon.Options);
        cpu.push(`cached-peak ${ph.stop()}`);
        ph = peakRss(site.pid);
        const l = await loadWithCpu(site.pid, { url: site.url + p, connections: 100, duration: secs, headers: UNCACHED } as autocannon.Options);
        cpu.push(l.cpuPerRequest.toFixed(2), `uncached-peak ${ph.stop()}`);
        ph = peakRss(site.pid);
        await untilIdle(site.url);
        const paced = await pacedLoad(site.pid, { url: site.url + p, rate: Math.round(l.rps / 2), seconds: secs, connections: 100, headers: UNCACHED });
        cpu.push(`p99 ${paced.p99}`, `paced-peak ${ph.stop()}`);
      }
      console.log(
        `${name.padEnd(12)} idle ${idle} MB ${JSON.stringify(idleParts)}  peak ${peak.stop()} MB  after ${JSON.stringify(rollup(site.pid))}  cpu ${cpu.join(' ')}`,
      );
    } finally {
      await site.stop();
    }
  }
