// Quick probe: CPU per uncached answer of several addresses against one server on a SQLite file or PG url.
import type autocannon from 'autocannon';
import { loadWithCpu } from './process-use.ts';
import { SERVER, serverArgs, startProcess, untilIdle } from './processes.ts';
import { UNCACHED, WORK_UNLIMITED } from './uncached.ts';
const db = process.env.DB ?? '/tmp/p/site.db';
const script = process.env.SERVER_SCRIPT ?? SERVER;
const addresses = process.argv.slice(2);
const site = await startProcess(script, { DATABASE_URL: db, STORAGE_DIR: '/tmp/p/storage', ...WORK_UNLIMITED }, serverArgs);
try {
  for (const a of addresses) await fetch(site.url + a).then((r) => r.arrayBuffer());
  for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++)
    for (const a of addresses) {
      await untilIdle(site.url);
      if (process.env.PRE_CACHED) {
        const c = await loadWithCpu(site.pid, { url: site.url + a, connections: 100, duration: 10 } as autocannon.Options);
        console.log(`  cached first: ${c.cpuPerRequest.toFixed(3)} ms ${c.rps} req/s`);
        await untilIdle(site.url);
      }
      const l = await loadWithCpu(site.pid, {
        url: site.url + a,
        connections: Number(process.env.CONN ?? 100),
        duration: Number(process.env.SECS ?? 8),
        headers: process.env.CACHED ? {} : UNCACHED,
      } as autocannon.Options);
      console.log(`${a.slice(0, 60).padEnd(60)} ${l.cpuPerRequest.toFixed(3)} ms  ${l.rps} req/s err ${l.errors}`);
    }
} finally {
  await site.stop();
}
