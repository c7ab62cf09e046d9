import { describe, expect, it } from 'vitest';
import { EnvError, readEnv } from '../../src/server/env.ts';
import { parseStorageUrl } from '../../src/server/uploads/storage-url.ts';

describe('STORAGE_URL', () => {
  it('names a bucket, its prefix, an S3-compatible endpoint, a region and path-style addresses', () => {
    expect(parseStorageUrl('s3://news-files/site/uploads/?endpoint=https://s3.internal:7480&region=eu-1&forcePathStyle=true')).toEqual({
      bucket: 'news-files',
      prefix: 'site/uploads',
      endpoint: 'https://s3.internal:7480',
      region: 'eu-1',
      forcePathStyle: true,
    });
    expect(parseStorageUrl('s3://news-files')).toMatchObject({ bucket: 'news-files', prefix: '', endpoint: undefined, forcePathStyle: false });
  });

  it.each([
    ['https://news-files/site', /s3:\/\//],
    ['s3://key:secret@news-files/site', /credentials/],
    ['s3://News_Files/site', /bucket/],
    ['s3://news-files/a/..%2Fb', /\.\./],
    ['s3://news-files/site?endpoint=ftp://x', /endpoint/],
    ['s3://news-files/site?endpoint=https://x/path', /endpoint/],
    ['s3://news-files/site?forcePathStyle=yes', /forcePathStyle/],
    ['s3://news-files/site?acl=public-read', /unknown settings: acl/],
  ])('refuses %s with a message saying what is wrong', (value, why) => {
    expect(() => parseStorageUrl(value)).toThrow(why);
  });

  it('stops the server at start with the setting named', () => {
    expect(() => readEnv({ STORAGE_URL: 's3://key:secret@bucket-x/p' })).toThrow(EnvError);
    expect(() => readEnv({ STORAGE_URL: 's3://key:secret@bucket-x/p' })).toThrow(/STORAGE_URL/);
    expect(readEnv({ STORAGE_URL: '' }).STORAGE_URL).toBeUndefined();
  });
});
