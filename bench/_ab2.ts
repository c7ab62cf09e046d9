import type autocannon from 'autocannon';
import { withBothEngines } from './both-engines.ts';
import { loadWithCpu } from './process-use.ts';
import { serverArgs, startProcess, untilIdle } from './processes.ts';
import { UNCACHED, WORK_UNLIMITED } from './uncached.ts';
const variants = (process.env.VARIANTS ?? 'base').split(',');
const addresses = process.argv.slice(2);
await withBothEngines(10_000, async ({ sqliteFile, postgresUrl, storage }) => {
  for (const [engine, db] of [['pg', postgresUrl], ['sqlite', sqliteFile]] as const) {
    if (process.env.ENGINES && !process.env.ENGINES.includes(engine)) continue;
    const results: Record<string, number[]> = {};
    for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++)
      for (const v of variants) {
        const site = await startProcess(`.ab/${v}/dist/node/index.mjs`, { DATABASE_URL: db, STORAGE_DIR: storage, ...WORK_UNLIMITED }, serverArgs);
        try {
          for (const a of addresses) await loadWithCpu(site.pid, { url: site.url + a, connections: 100, duration: 3, headers: UNCACHED } as autocannon.Options);
          for (const a of addresses) {
            await untilIdle(site.url);
            const l = await loadWithCpu(site.pid, { url: site.url + a, connections: 100, duration: Number(process.env.SECS ?? 8), headers: UNCACHED } as autocannon.Options);
            (results[`${engine} ${v} ${a.slice(-30)}`] ??= []).push(l.cpuPerRequest);
          }
        } finally {
          await site.stop();
        }
      }
    for (const [k, xs] of Object.entries(results)) console.log(k.padEnd(50), xs.map((x) => x.toFixed(3)).join('  '));
  }
});
