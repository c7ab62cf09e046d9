import { createCipheriv, createDecipheriv, randomBytes, type Cipheriv, type Decipheriv } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { storedSecret } from '../security/site-keys.ts';

/**
 * Private files in a bucket are kept encrypted (docs/decisions/037): whoever reads the bucket
 * without the site (its provider, a leaked access key, a bucket made public by mistake, someone
 * guessing a key) gets bytes that say nothing of a pending story's photo. AES-256 in counter mode,
 * so a range of a video can be read from the middle; each object starts with its own random
 * 16-byte counter block. (Integrity is not the aim: whoever can write to the bucket can replace
 * public files as well.)
 */
export const CIPHER_HEADER_BYTES = 16;
const BLOCK = 16;

/** The counter block for the block `index` blocks after `iv` (a 128-bit big-endian number, wrapping). */
function counterAt(iv: Buffer, index: number): Buffer {
  const value = (BigInt(`0x${iv.toString('hex')}`) + BigInt(index)) % (1n << 128n);
  return Buffer.from(value.toString(16).padStart(32, '0'), 'hex');
}

/** A fresh object's counter block and the cipher that encrypts its bytes after it. */
export function encryptor(key: Buffer): { header: Buffer; cipher: Cipheriv } {
  const header = randomBytes(CIPHER_HEADER_BYTES);
  return { header, cipher: createCipheriv('aes-256-ctr', key, header) };
}

/**
 * Decrypts an object's bytes from plain offset `start` on: the stream given to it must begin at the
 * block that holds `start` (its bytes before `start` are dropped here).
 */
export function decryptorFrom(key: Buffer, header: Buffer, start: number): { skip: number; firstByte: number; decipher: Decipheriv } {
  const block = Math.floor(start / BLOCK);
  return { skip: start - block * BLOCK, firstByte: block * BLOCK, decipher: createDecipheriv('aes-256-ctr', key, counterAt(header, block)) };
}

/**
 * The key of the private side, kept in the database (so a backup of the database restores it, and
 * every node shares it), made at random by whichever node needs it first. It is not derived from
 * SITE_SECRET, which an operator may change: the files would then be lost.
 */
export const loadStorageKey = (db: Db): Promise<Buffer> => storedSecret(db, 'storage');
