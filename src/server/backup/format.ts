import type { SniffedType } from '../uploads/sniff.ts';
import { storedTypeOf } from '../uploads/stored-names.ts';

/** The names inside a backup archive, in the order the site writes them (docs/decisions/020). */
export const MANIFEST = 'manifest.json';
export const DATABASE = 'site.db';
/** A PostgreSQL site's database: pg_dump's custom format (decision 027). */
export const DUMP = 'site.pgdump';
export const STORAGE = 'storage';
export const FORMAT = 'womens-rights-news-backup/1';

/** The engine whose database a backup holds; its manifest names it (before decision 027 none did: SQLite). */
export type BackupEngine = 'sqlite' | 'postgres';
export const engineOfManifest = (manifest: { engine?: unknown }): BackupEngine | null =>
  manifest.engine === undefined || manifest.engine === 'sqlite' ? 'sqlite' : manifest.engine === 'postgres' ? 'postgres' : null;

/** A backup refused, with a sentence for the person restoring it. */
export class BackupError extends Error {}

/** The folders of the storage a backup holds: each side's images and videos. */
export const storageFolders = ['images', 'videos', 'private', 'private/images', 'private/videos'] as const;
const folderNames = new Set<string>([STORAGE, ...storageFolders.map((folder) => `${STORAGE}/${folder}`)]);

/** The empty file that keeps the storage folder in a git checkout; harmless, never restored. */
export const PLACEHOLDER = '.gitkeep';

export type ArchiveEntry =
  | { kind: 'manifest' }
  | { kind: 'database' }
  | { kind: 'dump' }
  | { kind: 'folder' }
  | { kind: 'placeholder' }
  /** A stored file; `relative` is its place under the storage folder (`private/images/<id>.png`). */
  | { kind: 'stored'; relative: string; type: SniffedType };

/**
 * What an entry of a backup archive is, from its name, or null for a name the site never writes:
 * anything outside the storage's four folders, a name that uploads do not make, an extension of a
 * type the site does not store. Directories come with a trailing slash, as tar names them.
 */
export function archiveEntryOf(name: string): ArchiveEntry | null {
  if (name === MANIFEST) return { kind: 'manifest' };
  if (name === DATABASE) return { kind: 'database' };
  if (name === DUMP) return { kind: 'dump' };
  if (name.endsWith('/')) return folderNames.has(name.slice(0, -1)) ? { kind: 'folder' } : null;
  if (name === `${STORAGE}/${PLACEHOLDER}`) return { kind: 'placeholder' };
  if (!name.startsWith(`${STORAGE}/`)) return null;
  const relative = name.slice(STORAGE.length + 1);
  const type = storedTypeOf(relative.replace(/^private\//, ''));
  return type ? { kind: 'stored', relative, type } : null;
}
