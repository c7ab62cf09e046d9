// What keeping searches costs (decision 018): the time to seal and keep one search and to open it
// again, the time a keep takes once the store is full (each drops the oldest), and the memory of a
// full store of the largest searches (200 CJK characters, 3 bytes each in UTF-8). Alone, printing
// one JSON line: `node --experimental-strip-types --expose-gc bench/kept-searches.ts`.
import { randomBytes } from 'node:crypto';
import { keptSearchId, newToken, seal, unseal } from '../src/server/http/kept-search.ts';
import { KEPT_SEARCH_LIMITS, MemoryKeptSearches } from '../src/server/security/kept-searches.ts';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const browserKey = randomBytes(32).toString('base64url');
const fields = new URLSearchParams({ q: '中'.repeat(200), type: 'news', country: 'iran', page: '12' });
const store = new MemoryKeptSearches();
const now = Date.now();
const microseconds = (start: bigint, count: number) => Number((Number(process.hrtime.bigint() - start) / 1000 / count).toFixed(1));
const memory = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;

async function keep(owner: string): Promise<string> {
  const token = newToken();
  await store.put({ id: keptSearchId(token), sealed: seal(fields, browserKey, token), owner, shared: false }, now);
  return token;
}

gc();
const before = memory();
const tokens: string[] = [];
let start = process.hrtime.bigint();
for (let index = 0; index < KEPT_SEARCH_LIMITS.entries; index++) tokens.push(await keep(`owner-${index}`));
const keepUs = microseconds(start, tokens.length);
gc();
const memoryMB = Number(((memory() - before) / 1e6).toFixed(1));

start = process.hrtime.bigint();
for (const token of tokens) unseal((await store.get(keptSearchId(token), now))!, browserKey, token);
const openUs = microseconds(start, tokens.length);

const FLOOD = 50_000;
start = process.hrtime.bigint();
for (let index = 0; index < FLOOD; index++) await keep(`flood-${index}`);
const fullKeepUs = microseconds(start, FLOOD);

console.log(
  JSON.stringify({ sealedBytes: seal(fields, browserKey, newToken()).length, keptAtMost: store.size, keepUs, openUs, fullKeepUs, fullStoreMB: memoryMB }),
);
