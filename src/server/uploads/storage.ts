import type { Readable } from 'node:stream';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import { createBucketStorage } from './storage-bucket.ts';
import { createFolderStorage } from './storage-folder.ts';
import { parseStorageUrl } from './storage-url.ts';

export type Visibility = 'public' | 'private';

/** A byte range of a stored file, both ends included (as HTTP's Range header names them). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A name found in the storage: its place under the storage (`private/images/<id>.jpg`), and its size (-1: not a regular file). */
export interface ListedName {
  name: string;
  size: number;
}

/**
 * The stored files, keyed by stored path (`images/<id>.jpg`, as the database and the API keep it),
 * on two sides (docs/decisions/012): public files are served to anyone under /storage/, private
 * ones (every upload not, or not yet, part of something published) only to signed-in editors. Two
 * implementations (docs/decisions/037): a local folder (`STORAGE_DIR`, the default) and an
 * S3-compatible bucket (`STORAGE_URL`), where private files are kept encrypted with a key only the
 * site holds. Files being received and media work stay in a local scratch folder on every node.
 */
export interface Storage {
  readonly kind: 'folder' | 'bucket';
  /** A description for messages (the folder, or the bucket without credentials). */
  readonly description: string;
  /** This node's folder for files being received and the media workers' work: never stored as it is. */
  readonly scratch: string;
  /**
   * Stores a cleaned local file (which is consumed) under a stored path on one side. Uploads start
   * private; restores and copies put each file where it was.
   */
  put(relativePath: string, side: Visibility, localFile: string): Promise<void>;
  /** The size of a stored file on one side, or null when it is not there. */
  stat(relativePath: string, side: Visibility): Promise<{ size: number } | null>;
  /** The bytes of a stored file on one side (a range of them), or null when it is not there. */
  read(relativePath: string, side: Visibility, range?: ByteRange): Promise<Readable | null>;
  /**
   * Moves a file and its variants to one side; a file already there (or gone) is left alone. A move
   * that follows a change to its item runs after that change commits (an afterCommit step, see
   * editorial/item-files.ts), so a rolled-back change moves nothing.
   */
  setVisibility(relativePath: string, side: Visibility): Promise<void>;
  /** Removes a file from one side, or from both. */
  remove(relativePath: string, side?: Visibility): Promise<void>;
  /** Every name in the storage (stray ones too: the caller decides what a name is), with its size. */
  list(): AsyncIterable<ListedName>;
  /** Gives the scratch folder (and, for the folder, every stored file and folder) the fixed time; answers how many it changed. */
  settleAllTimes(): Promise<number>;
  /** Gives the scratch folder the fixed time again, after temporary files left it. */
  settleScratch(): void;
}

const storedPathPattern = /^(images|videos)\/[a-z0-9]+(-[a-z0-9]+)*\.[a-z0-9]+$/;

/** Whether a path is one the server makes; nothing else (dotfiles, `..`, half-written files) is ever served or moved. */
export function isStoredPath(relativePath: string): boolean {
  return storedPathPattern.test(relativePath);
}

/** The place of a stored path on one side, under the storage: `images/<id>.jpg` or `private/images/<id>.jpg`. */
export function nameOnSide(relativePath: string, side: Visibility): string {
  if (!isStoredPath(relativePath)) throw new Error(`Not a stored path: ${relativePath}`);
  return side === 'public' ? relativePath : `private/${relativePath}`;
}

/** The stored path and side a listed name stands for; null for any other name. */
export function storedNameOf(name: string): { path: string; side: Visibility } | null {
  const side: Visibility = name.startsWith('private/') ? 'private' : 'public';
  const relativePath = side === 'private' ? name.slice('private/'.length) : name;
  return isStoredPath(relativePath) ? { path: relativePath, side } : null;
}

/**
 * The storage the settings name: the bucket of STORAGE_URL (its private side's key kept in the
 * database, `db`), else the folder STORAGE_DIR. The scratch folder is under STORAGE_DIR either way.
 */
export function createStorage(env: Pick<Env, 'STORAGE_DIR' | 'STORAGE_URL'>, db?: Db): Storage {
  if (!env.STORAGE_URL) return createFolderStorage(env.STORAGE_DIR);
  if (!db) throw new Error('A bucket storage needs the database that keeps its key.');
  return createBucketStorage(parseStorageUrl(env.STORAGE_URL), env.STORAGE_DIR, db);
}
