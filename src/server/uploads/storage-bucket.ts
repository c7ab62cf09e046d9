import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3 from '@aws-sdk/client-s3';
import { allVariantPaths } from '../../shared/image-variants.ts';
import type { Db } from '../db/client.ts';
import { loadOnFirstUse } from '../load-on-first-use.ts';
import { CIPHER_HEADER_BYTES, decryptorFrom, encryptor, loadStorageKey } from './private-cipher.ts';
import { fixTime, fixTimesUnder, prepareScratch } from './storage-folder.ts';
import type { BucketLocation } from './storage-url.ts';
import { nameOnSide, type ByteRange, type Storage, type Visibility } from './storage.ts';

const notFound = ({ S3ServiceException }: typeof S3, error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** Drops the first `count` bytes of a stream (the part of a cipher block before a range starts). */
function dropFirst(count: number): Transform {
  let left = count;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (left >= chunk.length) {
        left -= chunk.length;
        return done();
      }
      const rest = chunk.subarray(left);
      left = 0;
      done(null, rest);
    },
  });
}

/**
 * The objects of a bucket (docs/decisions/037), laid out as the folder is: `<prefix>/images/…`
 * public, `<prefix>/private/images/…` private and encrypted (uploads/private-cipher.ts). Nothing is
 * ever made readable in the bucket itself: browsers get every file from the site, which streams it.
 * Credentials come from the AWS SDK's usual places (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY).
 */
export function createBucketStorage(location: BucketLocation, storageDir: string, db: Db): Storage {
  // The SDK is loaded on first use: 34 MB a site whose files are in a folder (the default) does not need.
  const connect: () => Promise<{ s3: typeof S3; client: S3.S3Client }> = loadOnFirstUse(() =>
    import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: location.region,
        endpoint: location.endpoint,
        forcePathStyle: location.forcePathStyle,
        // Checksums only where S3 requires them: the streamed (aws-chunked) uploads that newer SDKs send
        // by default are not understood by several S3-compatible services.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })),
  );
  const scratch = prepareScratch(path.resolve(storageDir, '.incoming'));
  const privateKey = loadOnFirstUse(() => loadStorageKey(db));
  const Bucket = location.bucket;
  const objectKey = (name: string) => (location.prefix ? `${location.prefix}/${name}` : name);
  const keyOf = (relativePath: string, side: Visibility) => objectKey(nameOnSide(relativePath, side));

  const head = async (relativePath: string, side: Visibility) => {
    const { s3, client } = await connect();
    try {
      const found = await client.send(new s3.HeadObjectCommand({ Bucket, Key: keyOf(relativePath, side) }));
      const size = (found.ContentLength ?? 0) - (side === 'private' ? CIPHER_HEADER_BYTES : 0);
      return { size };
    } catch (error) {
      if (notFound(s3, error)) return null;
      throw error;
    }
  };
  const getBytes = async (objectKeyName: string, first?: number, last?: number) => {
    const { s3, client } = await connect();
    try {
      const range = first === undefined ? undefined : `bytes=${first}-${last ?? ''}`;
      const found = await client.send(new s3.GetObjectCommand({ Bucket, Key: objectKeyName, Range: range }));
      return found.Body as Readable;
    } catch (error) {
      if (notFound(s3, error)) return null;
      throw error;
    }
  };
  const readPrivate = async (relativePath: string, range?: ByteRange): Promise<Readable | null> => {
    const objectKeyName = keyOf(relativePath, 'private');
    const headerStream = await getBytes(objectKeyName, 0, CIPHER_HEADER_BYTES - 1);
    if (!headerStream) return null;
    const header = Buffer.concat(await headerStream.toArray());
    const { skip, firstByte, decipher } = decryptorFrom(await privateKey(), header, range?.start ?? 0);
    const body = await getBytes(objectKeyName, CIPHER_HEADER_BYTES + firstByte, range ? CIPHER_HEADER_BYTES + range.end : undefined);
    if (!body) return null;
    const plain = body.pipe(decipher).pipe(dropFirst(skip));
    body.once('error', (error) => plain.destroy(error));
    return plain;
  };
  /** Puts a local file on one side (encrypted when private); the local file stays. */
  const put = async (relativePath: string, side: Visibility, localFile: string) => {
    const { size } = await fs.promises.stat(localFile);
    const Key = keyOf(relativePath, side);
    const { s3, client } = await connect();
    if (side === 'public') {
      await client.send(new s3.PutObjectCommand({ Bucket, Key, Body: fs.createReadStream(localFile), ContentLength: size }));
      return;
    }
    const { header, cipher } = encryptor(await privateKey());
    const encrypted = fs.createReadStream(localFile).pipe(cipher);
    const body = Readable.from(
      (async function* () {
        yield header;
        yield* encrypted;
      })(),
    );
    await client.send(new s3.PutObjectCommand({ Bucket, Key, Body: body, ContentLength: size + CIPHER_HEADER_BYTES }));
  };
  const read: Storage['read'] = async (relativePath, side, range) =>
    side === 'private' ? readPrivate(relativePath, range) : getBytes(keyOf(relativePath, side), range?.start, range?.end);
  const remove = async (relativePath: string, side: Visibility) => {
    const { s3, client } = await connect();
    await client.send(new s3.DeleteObjectCommand({ Bucket, Key: keyOf(relativePath, side) }));
  };
  /** Copies one object to the other side through the scratch folder (its bytes change: one side is encrypted), then removes it. */
  const moveOne = async (name: string, side: Visibility) => {
    const other: Visibility = side === 'public' ? 'private' : 'public';
    const source = await read(name, other);
    if (!source) return;
    const temp = path.join(scratch, `move-${randomBytes(8).toString('hex')}`);
    try {
      await pipeline(source, fs.createWriteStream(temp, { mode: 0o600 }));
      await put(name, side, temp);
      await remove(name, other);
    } finally {
      await fs.promises.rm(temp, { force: true });
      fixTime(scratch);
    }
  };

  // This process's moves and removals of one file, one after another: a move is a copy then a
  // delete, and two interleaved ones in opposite directions would leave no copy (other nodes are
  // kept out by the file's lock in the database: editorial/item-files.ts, uploads/store.ts).
  const working = new Map<string, Promise<unknown>>();
  const inTurn = <T>(relativePath: string, work: () => Promise<T>): Promise<T> => {
    // A file and its variants share a turn: removing a variant waits for the move of its file.
    const stem = relativePath.replace(/(-w\d+)?\.[a-z0-9]+$/, '');
    const run = (working.get(stem) ?? Promise.resolve()).then(work, work);
    const settled = run.catch(() => undefined);
    working.set(stem, settled);
    void settled.then(() => {
      if (working.get(stem) === settled) working.delete(stem);
    });
    return run;
  };

  return {
    kind: 'bucket',
    description: `s3://${Bucket}/${location.prefix}${location.endpoint ? ` at ${location.endpoint}` : ''}`,
    scratch,
    async put(relativePath, side, localFile) {
      await put(relativePath, side, localFile);
      await fs.promises.rm(localFile, { force: true });
    },
    stat: head,
    read,
    setVisibility: (relativePath, side) =>
      inTurn(relativePath, async () => {
        // The main file last when publishing (a reader never finds it before its variants), first when hiding.
        const names = [...allVariantPaths(relativePath), relativePath];
        for (const name of side === 'public' ? names : names.reverse()) await moveOne(name, side);
      }),
    remove: (relativePath, only) =>
      inTurn(relativePath, async () => {
        await Promise.all((only ? [only] : (['public', 'private'] as const)).map((side) => remove(relativePath, side)));
      }),
    async *list() {
      const start = location.prefix ? `${location.prefix}/` : '';
      const { s3, client } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new s3.ListObjectsV2Command({ Bucket, Prefix: start, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const name = (object.Key ?? '').slice(start.length);
          const size = (object.Size ?? 0) - (name.startsWith('private/') ? CIPHER_HEADER_BYTES : 0);
          yield { name, size };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async settleAllTimes() {
      return fixTimesUnder(scratch);
    },
    settleScratch: () => fixTime(scratch),
  };
}
