import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { uploads } from '../../src/server/db/schema.ts';
import { filesUnder } from '../factories/media.ts';
import { siteForAllTests } from '../setup/per-test.ts';
import { folderOf } from '../setup/stored.ts';

const site = siteForAllTests({ MAX_IMAGE_MB: '10', MAX_VIDEO_MB: '100', RATE_LIMIT_UPLOADS: '0', RATE_LIMIT_PUBLIC_WRITES: '0' });

/**
 * Sends only the headers of a multipart upload that declares `declared` bytes, and none of its
 * body: an answer can then only come from the declared length, before the body is read.
 */
function headersOnly(path: string, declared: number, lang: string): Promise<{ status: number; head: string; body: string }> {
  const { port } = new URL(site.server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`No answer before the body was sent: ${received}`));
    }, 5000);
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      const end = received.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(received)?.[1];
      if (end < 0 || length === undefined || Buffer.byteLength(received.slice(end + 4)) < Number(length)) return;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(received.split(' ')[1]), head: received.slice(0, end), body: received.slice(end + 4) });
    });
    socket.on('error', reject);
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Lang: ${lang}\r\nAccept: application/json\r\n` +
        `Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: ${declared}\r\n\r\n`,
    );
  });
}

describe('an upload larger than every limit, by its Content-Length', () => {
  it('is refused by POST /api/uploads with 413 in the visitor’s language before its body is sent', async () => {
    const answer = await headersOnly('/api/uploads', 500 * 1024 * 1024, 'fa');
    expect(answer.status).toBe(413);
    expect(answer.head).toMatch(/connection: close/i);
    expect(JSON.parse(answer.body).message).toBe('فایل بیش از حد بزرگ است. حداکثر حجم تصویر ۱۰ و ویدیو ۱۰۰ مگابایت است.');
    const english = await headersOnly('/api/uploads', 500 * 1024 * 1024, 'en');
    expect(JSON.parse(english.body).message).toBe('The file is too large. Images may be up to 10 MB and videos up to 100 MB.');
  });

  it('is refused by the original story form (a 422 on its file field) before its body is sent', async () => {
    const answer = await headersOnly('/api/story', 500 * 1024 * 1024, 'en');
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body).errors).toEqual({ media: ['The file is too large. Images may be up to 10 MB and videos up to 100 MB.'] });
  });

  it('is refused by a form that takes only images once it declares more than the image limit allows', async () => {
    const answer = await headersOnly('/api/contact', 12 * 1024 * 1024, 'en');
    expect(answer.status).toBe(422);
    expect(Object.keys(JSON.parse(answer.body).errors)).toEqual(['image']);
    expect(await site.deps.db.select().from(uploads)).toEqual([]);
    expect(filesUnder(folderOf(site.deps.storage).root)).toEqual([]);
  });

  it('holds an upload whose address says it is an image (the site’s client says so) to the image limit before its body is sent', async () => {
    // 12 MB: the 10 MB image and the allowance for the form's other parts.
    const answer = await headersOnly('/api/uploads?purpose=image', 12 * 1024 * 1024, 'en');
    expect(answer.status).toBe(413);
    expect(answer.head).toMatch(/connection: close/i);
    // Meant for a story (which may be a video), 12 MB is within the limit: the server waits for the body.
    await expect(headersOnly('/api/uploads?purpose=story', 12 * 1024 * 1024, 'en')).rejects.toThrow(/No answer before the body was sent/);
  });
});
