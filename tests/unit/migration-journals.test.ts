import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * drizzle's migrator applies a migration only when its journal time is later than the time of the
 * last one the database recorded: a migration whose time is earlier than one before it is skipped
 * on every database that already has that one, silently. Each journal's times must only grow.
 */
const root = path.resolve(import.meta.dirname, '../..');
/**
 * Already applied on sites in this order, so left as they are: 0011's time was set by hand past
 * 0012's. Both reach every database (a migrator run applies all later than the last recorded
 * before it starts); renumbering 0012 now would apply it a second time where it ran.
 */
const historical = new Set(['0012_site_state']);
describe.each(['migrations', 'migrations-pg'])('the %s journal', (folder) => {
  const journal = JSON.parse(fs.readFileSync(path.join(root, folder, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };

  it('lists its migrations in order, each later than every one before it', () => {
    let latest = 0;
    journal.entries.forEach((entry, index) => {
      expect(entry.idx, entry.tag).toBe(index);
      if (!historical.has(entry.tag)) expect(entry.when, `${entry.tag} must be later than every earlier migration`).toBeGreaterThan(latest);
      latest = Math.max(latest, entry.when);
    });
  });

  it('names a file for each entry, and no file is left out', () => {
    const files = fs.readdirSync(path.join(root, folder)).filter((name) => name.endsWith('.sql')).sort();
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(files);
  });
});
