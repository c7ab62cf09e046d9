// Where an uncached answer's time goes: the server started as `npm start` starts it, with V8's sampling
// profiler (--cpu-prof), loaded with answers no cache holds, then the profile of the load alone summed
// by package and by function. `node --experimental-strip-types bench/cpu-profile.ts [address] [seconds] [engine]`,
// address `/` by default (`/news/5000`, `/api/news?page=1`, a tRPC read: anything the site answers), engine
// `sqlite` by default or `postgres` (the same rows copied to a throwaway cluster, bench/both-engines.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { withBothEngines } from './both-engines.ts';
import { cpuMs } from './process-use.ts';
import { SERVER, serverArgs, startProcess } from './processes.ts';
import { UNCACHED, WORK_UNLIMITED } from './uncached.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const place = (url: string) => {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  return inPackage ? inPackage[1]! : url.replace(/^file:\/\/.*?\/(src|dist)\//, '$1/') || '(native)';
};

/** Self time by place and by function, and inclusive time by function, of the samples in the profile's last `seconds`. */
export function summarise(profile: Profile, seconds: number, top = 25): string {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  // The window ends at the last busy sample: a server may idle for a while before it exits (closing its pools).
  const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id));
  let total = 0;
  let end = 0;
  profile.samples.forEach((id, index) => {
    total += profile.timeDeltas[index] ?? 0;
    if (!idle.has(id)) end = total;
  });
  const from = end - seconds * 1e6;
  const self = new Map<number, number>();
  let at = 0;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at >= from && at <= end) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const name = (node: ProfileNode) => `${node.callFrame.functionName || '(anonymous)'} ${place(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  for (const [id, time] of self) {
    const node = nodes.get(id)!;
    if (node.callFrame.functionName === '(idle)') continue;
    busy += time;
    const where = place(node.callFrame.url);
    byPlace.set(where, (byPlace.get(where) ?? 0) + time);
    byFunction.set(name(node), (byFunction.get(name(node)) ?? 0) + time);
    const counted = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
      const frame = name(nodes.get(current)!);
      if (counted.has(frame)) continue;
      counted.add(frame);
      inclusive.set(frame, (inclusive.get(frame) ?? 0) + time);
    }
  }
  const list = (title: string, map: Map<string, number>) =>
    `${title}\n${[...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, time]) => `${((100 * time) / busy).toFixed(1).padStart(6)}%  ${key}`)
      .join('\n')}`;
  return [list('Self time by package or file', byPlace), list('Self time by function', byFunction), list('Inclusive time by function', inclusive)].join('\n\n');
}

/** Profiles `address` under uncached load on the site at DATABASE_URL `database`, and prints the summary. */
async function profile(database: string, storage: string, dir: string, address: string, seconds: number): Promise<void> {
  const site = await startProcess(SERVER, { DATABASE_URL: database, STORAGE_DIR: storage, ...WORK_UNLIMITED }, [
    ...serverArgs,
    '--cpu-prof',
    `--cpu-prof-dir=${dir}`,
  ]);
  // Warmed first, so the profile's last seconds hold the load alone (no module loading, no first compilation).
  // CONNECTIONS=n: more requests at a time (10 by default).
  const connections = Number(process.env.CONNECTIONS ?? 10);
  await autocannon({ url: site.url + address, connections, duration: 3, headers: UNCACHED } as autocannon.Options);
  const before = cpuMs(site.pid);
  const result = await autocannon({ url: site.url + address, connections, duration: seconds, headers: UNCACHED } as autocannon.Options);
  const perRequest = (cpuMs(site.pid) - before) / result.requests.total;
  await site.stop();
  // Each thread writes its own profile (the search and media threads too): the web thread's is the largest.
  const file = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .sort((a, b) => fs.statSync(path.join(dir, b)).size - fs.statSync(path.join(dir, a)).size)[0]!;
  // PROFILE_OUT=file keeps the whole profile, for Chromium's DevTools or a closer look.
  if (process.env.PROFILE_OUT) fs.copyFileSync(path.join(dir, file), process.env.PROFILE_OUT);
  console.log(`${address}: ${result.requests.total} answers in ${seconds} s, ${perRequest.toFixed(2)} ms of CPU each\n`);
  console.log(summarise(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile, seconds));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const address = process.argv[2] ?? '/';
  const seconds = Number(process.argv[3] ?? 10);
  const engine = process.argv[4] ?? 'sqlite';
  // PROFILE_DATABASE=url-or-file profiles a site already filled (and kept between profiles) instead.
  const given = process.env.PROFILE_DATABASE;
  if (given) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'profile-'));
    await profile(given, path.join(dir, 'storage'), dir, address, seconds);
    fs.rmSync(dir, { recursive: true, force: true });
  } else
    await withBothEngines(10_000, async ({ sqliteFile, postgresUrl, storage, dir }) => {
      const profiles = fs.mkdtempSync(path.join(dir, 'profile-'));
      await profile(engine === 'postgres' ? postgresUrl : sqliteFile, storage, profiles, address, seconds);
    });
}
