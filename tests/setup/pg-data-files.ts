import fs from 'node:fs';
import path from 'node:path';

/**
 * For each text, every file of the test PostgreSQL server's data directory holding it (tables,
 * indexes, TOAST, write-ahead log, statistics), in one walk. Walked by hand: other suites share the
 * server and drop their databases while we walk, and a recursive readdir gives up on the first
 * directory that vanished under it.
 */
export function pgFilesHolding(...texts: string[]): Record<string, string[]> {
  const root = process.env.TEST_PG_DATA!;
  const needles = texts.map((text) => Buffer.from(text, 'utf8'));
  const found = Object.fromEntries(texts.map((text) => [text, [] as string[]]));
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // A directory the server removed while we walked.
    }
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) {
        let bytes: Buffer;
        try {
          bytes = fs.readFileSync(file);
        } catch {
          continue; // A file the server removed while we walked.
        }
        needles.forEach((needle, index) => {
          if (bytes.includes(needle)) found[texts[index]!]!.push(path.relative(root, file));
        });
      }
    }
  };
  walk(root);
  return found;
}
