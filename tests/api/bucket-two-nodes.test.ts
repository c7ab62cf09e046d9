import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startNode, type SiteNode } from '../../src/server/node.ts';
import { makeJpegWithGps, gpsLatitudeBytes } from '../factories/media.ts';
import { makeUser, systemCaller } from '../factories/index.ts';
import { allFilesUnder } from '../setup/db-snapshot.ts';
import { storedBytes } from '../setup/stored.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

/**
 * Two nodes of one site on one PostgreSQL database and one bucket, each with a scratch folder of its
 * own and no folder in common (decision 037): what one node stored, the other serves.
 */
let site: TestDeps;
let nodes: SiteNode[] = [];
afterEach(async () => {
  for (const node of nodes) await node.stop();
  nodes = [];
  await site.cleanup();
});

async function twoNodes(): Promise<[SiteNode, SiteNode]> {
  site = createTestDeps();
  for (const name of ['a', 'b']) {
    const env = { ...site.env, STORAGE_DIR: path.join(site.dir, `node-${name}`) };
    nodes.push(await startNode({ env, port: 0, host: '127.0.0.1', clientDir: '/nonexistent', log: () => undefined }));
  }
  return [nodes[0]!, nodes[1]!];
}

const bytesFrom = async (node: SiteNode, url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${node.url}${url}`, { headers, redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), body: Buffer.from(await response.arrayBuffer()) };
};

describe('two nodes on one bucket', () => {
  it('serve from either node a picture one of them received, cleaned, and only while it is published', async () => {
    const [a, b] = await twoNodes();
    const photo = await makeJpegWithGps(site);
    const form = new FormData();
    form.set('file', new Blob([fs.readFileSync(photo)], { type: 'image/jpeg' }), 'holiday.jpg');
    const answer = await fetch(`${a.url}/api/uploads`, { method: 'POST', body: form });
    expect(answer.status).toBe(201);
    const upload = (await answer.json()) as { id: string; path: string };

    // Nothing of it stays on the node that received it: received and worked on in its scratch folder, then gone.
    expect(allFilesUnder(path.join(site.dir, 'node-a', '.incoming'))).toEqual([]);
    const stored = (await storedBytes(site.storage, upload.path, 'private'))!;
    expect(stored.includes(gpsLatitudeBytes())).toBe(false);
    expect((await bytesFrom(b, `/storage/${upload.path}`)).status).toBe(404);

    const editor = systemCaller(site, await makeUser(site));
    const item = await editor.news.create({
      titleEn: 'Two nodes',
      titleFa: 'دو گره',
      descriptionEn: 'A description long enough to read.',
      descriptionFa: 'توضیحی برای خواندن.',
      coverAltEn: 'Cover',
      coverAltFa: 'جلد',
      imageUploadId: upload.id,
    });
    for (const node of [a, b]) {
      const served = await bytesFrom(node, `/storage/${upload.path}`);
      expect(served.status).toBe(200);
      expect(served.location).toBeNull();
      expect(served.body).toEqual(stored);
      const part = await bytesFrom(node, `/storage/${upload.path}`, { range: 'bytes=10-19' });
      expect(part.status).toBe(206);
      expect(part.body).toEqual(stored.subarray(10, 20));
    }

    await editor.news.delete({ id: item.id });
    for (const node of [a, b]) expect((await bytesFrom(node, `/storage/${upload.path}`)).status).toBe(404);
  });
});
