// Last step of `npm run build`: a .br (brotli 11) and a .gz (gzip 9) beside each text asset of the
// client build, so the server sends hashed assets compressed once at the best ratio instead of
// compressing them again, at a quick level, on every request. Fonts (woff2) are compressed already.
// Usage: node scripts/precompress.mjs [clientDir]   (default dist/client)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const TEXT = /\.(js|css|svg|json|html)$/;
// Below this the compression middleware sends files as they are, and so do we.
const THRESHOLD = 1024;

/** Whether an asset gets compressed copies (ensure-built checks the same). */
export const wantsVariants = (name, size) => TEXT.test(name) && size >= THRESHOLD;

export async function precompress(clientDir) {
  const assets = path.join(clientDir, 'assets');
  if (!fs.existsSync(assets)) return { files: 0, before: 0, after: 0 };
  let files = 0;
  let before = 0;
  let after = 0;
  for (const name of fs.readdirSync(assets)) {
    const file = path.join(assets, name);
    const stat = fs.statSync(file);
    if (!stat.isFile() || !wantsVariants(name, stat.size)) continue;
    const body = fs.readFileSync(file);
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzip(body, { level: 9 }),
    ]);
    // Written under a temporary name and renamed, so a server never sees half a file.
    for (const [suffix, data] of [
      ['.br', br],
      ['.gz', gz],
    ]) {
      fs.writeFileSync(`${file}${suffix}.tmp`, data);
      fs.renameSync(`${file}${suffix}.tmp`, `${file}${suffix}`);
    }
    files += 1;
    before += body.length;
    after += br.length;
  }
  return { files, before, after };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const clientDir = path.resolve(process.argv[2] ?? fileURLToPath(new URL('../dist/client', import.meta.url)));
  const { files, before, after } = await precompress(clientDir);
  console.log(`Precompressed ${files} asset(s): ${(before / 1024).toFixed(1)} KB -> ${(after / 1024).toFixed(1)} KB with brotli.`);
}
