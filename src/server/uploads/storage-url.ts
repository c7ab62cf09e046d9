/** Where a bucket is, from STORAGE_URL: `s3://bucket/prefix?endpoint=…&region=…&forcePathStyle=true`. */
export interface BucketLocation {
  bucket: string;
  /** The folder of the site's objects in the bucket, without slashes at either end ('' for the top). */
  prefix: string;
  /** An S3-compatible service's address (Ceph, Garage, R2, B2, MinIO…); AWS itself when absent. */
  endpoint?: string;
  region: string;
  /** Addresses of the form endpoint/bucket/key, which most self-hosted services need. */
  forcePathStyle: boolean;
}

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const KNOWN = new Set(['endpoint', 'region', 'forcePathStyle']);

/** Reads STORAGE_URL; a bad one throws a message that names what is wrong (credentials never belong in it). */
export function parseStorageUrl(value: string): BucketLocation {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('must look like s3://bucket/prefix?endpoint=https://…&region=…');
  }
  if (url.protocol !== 's3:') throw new Error('must start with s3://');
  if (url.username || url.password) throw new Error('must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  if (!BUCKET_NAME.test(url.hostname)) throw new Error(`names no valid bucket ("${url.hostname}")`);
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (prefix.split('/').some((part) => part === '.' || part === '..')) throw new Error('must not have . or .. in its prefix');
  const unknown = [...url.searchParams.keys()].filter((key) => !KNOWN.has(key));
  if (unknown.length) throw new Error(`has unknown settings: ${unknown.join(', ')} (known: endpoint, region, forcePathStyle)`);
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/?#]+\/?$/.test(endpoint)) throw new Error('endpoint must be an http(s) address without a path');
  const forcePathStyle = url.searchParams.get('forcePathStyle');
  if (forcePathStyle !== null && forcePathStyle !== 'true' && forcePathStyle !== 'false') throw new Error('forcePathStyle must be true or false');
  return {
    bucket: url.hostname,
    prefix,
    endpoint: endpoint?.replace(/\/$/, ''),
    region: url.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    forcePathStyle: forcePathStyle === 'true',
  };
}
