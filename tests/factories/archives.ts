import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as tar from 'tar';

/** The manifest a backup of this site starts with. */
export const backupManifest = () => JSON.stringify({ format: 'womens-rights-news-backup/1', createdAt: new Date().toISOString() });

/** A name the server could have made for a stored file (32 hex digits). */
export const storedName = () => randomBytes(16).toString('hex');

/** Unpacks an archive into a new folder beside it and returns the folder. */
export async function unpackArchive(archive: string): Promise<string> {
  const folder = `${archive}.unpacked-${randomBytes(3).toString('hex')}`;
  fs.mkdirSync(folder);
  await tar.extract({ file: archive, cwd: folder });
  return folder;
}

/** Packs a folder into a .tar.gz, entries in the order the site writes them unless told otherwise. */
export async function packFolder(folder: string, file: string, entries = ['manifest.json', 'site.db', 'storage']): Promise<string> {
  await tar.create({ gzip: true, file, cwd: folder, portable: true }, entries);
  return file;
}

/** A .tar.gz of the given files (written in this order), in `dir`. */
export async function tarballOf(dir: string, entries: Record<string, string | Buffer>): Promise<string> {
  const work = path.join(dir, `fake-${randomBytes(3).toString('hex')}`);
  for (const [name, content] of Object.entries(entries)) {
    fs.mkdirSync(path.dirname(path.join(work, name)), { recursive: true });
    fs.writeFileSync(path.join(work, name), content);
  }
  const file = `${work}.tar.gz`;
  await tar.create({ gzip: true, file, cwd: work, portable: true }, Object.keys(entries));
  return file;
}

const BLOCK = 512;

/** One tar header block for a regular file of `size` bytes. */
function tarHeader(name: string, size: number): Buffer {
  const header = new tar.Header({ path: name, mode: 0o644, uid: 0, gid: 0, size, mtime: new Date(0), type: 'File' });
  header.encode();
  return header.block!;
}

/** A file's bytes as tar stores them: padded to whole blocks. */
function padded(content: Buffer): Buffer {
  return Buffer.concat([content, Buffer.alloc((BLOCK - (content.length % BLOCK)) % BLOCK)]);
}

export type BombShape =
  /** The payload is the body of `site.db`, declared at its real size. */
  | 'database'
  /** The payload follows the manifest with no header: the tar's end, then more, that nothing declares. */
  | 'after the end';

/**
 * A real gzip bomb, as the audit sent it: a valid .tar.gz whose first entry is this site's manifest,
 * then `bytes` bytes of (nearly only) zeros, compressed about 950 times: a gigabyte in about a
 * megabyte, just under the 1000:1 that tar's own guard allows. Written without compressing the
 * payload each time: one deflate block of a 16 MB chunk (full flush, so it stands alone and ends on
 * a byte) is repeated, and the CRC is computed over the same chunk.
 */
export function writeGzipBomb(file: string, bytes: number, shape: BombShape): { compressedBytes: number } {
  const chunk = 16 * 1024 * 1024;
  if (bytes % chunk !== 0) throw new Error('bytes must be a multiple of 16 MB');
  const manifest = Buffer.from(backupManifest());
  const prefix = Buffer.concat([tarHeader('manifest.json', manifest.length), padded(manifest), ...(shape === 'database' ? [tarHeader('site.db', bytes)] : [])]);
  // The archive's end: two empty blocks (after the end, the payload's zeros begin with those blocks).
  const suffix = Buffer.alloc(shape === 'database' ? 2 * BLOCK : 0);
  const fullFlush = { finishFlush: zlib.constants.Z_FULL_FLUSH, level: 9 };
  // A little noise at the end of each chunk keeps the ratio under 1000:1 (zeros alone give 1030:1).
  const payload = Buffer.alloc(chunk);
  randomBytes(1300).copy(payload, chunk - 1300);
  const block = zlib.deflateRawSync(payload, fullFlush);

  const out = fs.openSync(file, 'w');
  try {
    let crc = zlib.crc32(prefix);
    fs.writeSync(out, Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]));
    fs.writeSync(out, zlib.deflateRawSync(prefix, fullFlush));
    for (let written = 0; written < bytes; written += chunk) {
      fs.writeSync(out, block);
      crc = zlib.crc32(payload, crc);
    }
    fs.writeSync(out, zlib.deflateRawSync(suffix));
    crc = zlib.crc32(suffix, crc);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE((prefix.length + bytes + suffix.length) % 2 ** 32, 4);
    fs.writeSync(out, trailer);
  } finally {
    fs.closeSync(out);
  }
  return { compressedBytes: fs.statSync(file).size };
}
