import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import * as tar from 'tar';
import {
  archiveEntryOf,
  BackupError,
  DATABASE,
  DUMP,
  engineOfManifest,
  FORMAT,
  STORAGE,
  storageFolders,
  type ArchiveEntry,
  type BackupEngine,
} from './format.ts';
import type { RestoreLimits } from './limits.ts';

export interface UnpackedFile {
  /** Its place under the storage folder (`private/images/<id>.png`). */
  relative: string;
  ext: string;
  file: string;
}

export interface UnpackedArchive {
  /** The engine the manifest names. */
  engine: BackupEngine;
  /** SQLite's file (`site.db`). */
  database: string | null;
  /** PostgreSQL's dump (`site.pgdump`). */
  dump: string | null;
  storage: string;
  stored: UnpackedFile[];
}

const CHUNK = 64 * 1024;
const MAX_MANIFEST_BYTES = 64 * 1024;
// tar pads its end to a record at most; the site's archives end there.
const MAX_AFTER_END = 64 * 1024;
const mb = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/**
 * Unpacks a backup into `work`, entry by entry, refusing it at the first thing the site would not
 * have written: the manifest first, then only the names `archiveEntryOf` knows, as regular files
 * and folders, each once, each within its size, the whole within its entry count, total size and
 * compression ratio. The ratio is checked as the bytes are inflated (against what zlib has read),
 * and the streams keep their back-pressure, so memory stays at a few 64 KB buffers whatever the
 * archive holds. Throws a BackupError saying why.
 */
export async function unpackBackup(archive: string, work: string, limits: RestoreLimits): Promise<UnpackedArchive> {
  const storage = path.join(work, STORAGE);
  for (const folder of storageFolders) await fs.promises.mkdir(path.join(storage, folder), { recursive: true });
  const unpacked: UnpackedArchive = { engine: 'sqlite', database: null, dump: null, storage, stored: [] };
  let failure: Error | null = null;
  let rejectFailed: (error: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (rejectFailed = reject));
  failed.catch(() => undefined);
  const fail = (error: Error) => {
    failure ??= error;
    rejectFailed(failure);
  };
  const refuse = (why: string) => fail(new BackupError(`${archive} ${why}`));

  const seen = new Set<string>();
  const writes: Promise<void>[] = [];
  const streams: fs.WriteStream[] = [];
  let declared = 0;

  const sizeLimit = (entry: ArchiveEntry) =>
    entry.kind === 'manifest'
      ? MAX_MANIFEST_BYTES
      : entry.kind === 'database' || entry.kind === 'dump'
        ? limits.maxDatabaseBytes
        : entry.kind === 'stored'
          ? limits.maxFileBytes
          : 0;
  const writeTo = (read: tar.ReadEntry, file: string) => {
    const out = fs.createWriteStream(file, { flags: 'wx', highWaterMark: CHUNK });
    streams.push(out);
    read.pipe(out);
    writes.push(finished(out).catch(fail));
  };

  const onEntry = (read: tar.ReadEntry) => {
    if (failure) return read.resume();
    const name = read.path;
    const entry = archiveEntryOf(name);
    if (seen.size === 0 && entry?.kind !== 'manifest') return refuse('is not a backup made by this site.');
    if (seen.has(name)) return refuse(`holds ${name} twice.`);
    seen.add(name);
    if (seen.size > limits.maxEntries) return refuse(`holds more than ${limits.maxEntries} entries.`);
    if (!entry) return refuse(`holds ${name}, which the site never writes.`);
    const expectedType = entry.kind === 'folder' ? 'Directory' : 'File';
    if (read.type !== expectedType) return refuse(`holds ${name} as a ${read.type}; a backup holds only regular files and folders.`);
    const size = read.size ?? 0;
    if (size > sizeLimit(entry)) return refuse(`holds ${name} of ${mb(size)}, larger than the ${mb(sizeLimit(entry))} a restore accepts.`);
    declared += size;
    if (declared > limits.maxTotalBytes) return refuse(`holds more than the ${mb(limits.maxTotalBytes)} a restore accepts.`);

    switch (entry.kind) {
      case 'manifest': {
        // Read whole before the parser emits the next entry, so nothing else is unpacked from a non-backup.
        let text = '';
        read.on('end', () => {
          const manifest = parseJson(text) as { format?: unknown; engine?: unknown } | null;
          const engine = manifest ? engineOfManifest(manifest) : null;
          if (manifest?.format !== FORMAT || !engine) refuse('is not a backup made by this site.');
          else unpacked.engine = engine;
        });
        read.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        return;
      }
      case 'database':
        unpacked.database = path.join(work, DATABASE);
        return writeTo(read, unpacked.database);
      case 'dump':
        unpacked.dump = path.join(work, DUMP);
        return writeTo(read, unpacked.dump);
      case 'stored': {
        const file = path.join(storage, entry.relative);
        unpacked.stored.push({ relative: entry.relative, ext: entry.type.ext, file });
        return writeTo(read, file);
      }
      default:
        return read.resume();
    }
  };

  const parser = new tar.Parser({ strict: true, maxMetaEntrySize: MAX_MANIFEST_BYTES, onReadEntry: onEntry });
  // Past the tar's end the parser would keep what follows in one growing buffer: it gets nothing more.
  let archiveEnded = false;
  let afterEnd = 0;
  parser.on('eof', () => (archiveEnded = true));
  parser.on('error', (error: Error) => refuse(`is not a readable backup: ${error.message}`));
  parser.on('warn', (_code: string, message: string | Error) => refuse(`is not a readable backup: ${String(message)}`));

  const gunzip = zlib.createGunzip({ chunkSize: CHUNK });
  let inflated = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      inflated += chunk.length;
      const read = gunzip.bytesWritten;
      if (inflated > limits.ratioGraceBytes && inflated > limits.maxRatio * read) {
        return done(
          new BackupError(
            `${archive} expands more than ${limits.maxRatio} times its compressed size (${mb(inflated)} from ${mb(read)} read): not a backup made by this site.`,
          ),
        );
      }
      if (inflated > limits.maxTotalBytes + limits.ratioGraceBytes)
        return done(new BackupError(`${archive} holds more than the ${mb(limits.maxTotalBytes)} a restore accepts.`));
      done(null, chunk);
    },
  });

  try {
    await pipeline(fs.createReadStream(archive, { highWaterMark: CHUNK }), gunzip, meter, async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) {
        if (failure) throw failure;
        if (archiveEnded) {
          afterEnd += chunk.length;
          if (afterEnd > MAX_AFTER_END) throw new BackupError(`${archive} holds data after its end: not a backup made by this site.`);
        } else if (!parser.write(chunk)) await Promise.race([once(parser, 'drain'), failed]);
      }
      const ended = once(parser, 'end');
      parser.end();
      await Promise.race([ended, failed]);
      await Promise.race([Promise.all(writes), failed]);
    });
    if (failure) throw failure;
  } catch (error) {
    for (const stream of streams) stream.destroy();
    if (failure) throw failure;
    if (error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR')
      throw new BackupError(`${archive} is not a backup made by this site (not a gzip archive, or a damaged one).`);
    throw error;
  }
  if (seen.size === 0) throw new BackupError(`${archive} is not a backup made by this site.`);
  return unpacked;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
