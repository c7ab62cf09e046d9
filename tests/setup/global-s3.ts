import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The bucket every test of a bucket run keeps its files in, each test under a prefix of its own. */
export const TEST_BUCKET = 'site-tests';

/**
 * The S3-compatible server of a bucket run (docs/decisions/037): s3rver, in this process, on a free
 * port, keeping its objects in a folder of the run's own. It checks request signatures (a request
 * signed with other credentials is refused) but, unlike a real service, grants anonymous reads:
 * the site's private files are encrypted for exactly that kind of bucket.
 */
export default async function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true, configureBuckets: [{ name: TEST_BUCKET, configs: [] }] });
  const { port } = await server.run();
  process.env.TEST_S3_PORT = String(port);
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  return async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
