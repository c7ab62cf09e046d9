// `npm start` on a fresh clone: build the client (browser bundle and server renderer) when it is missing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import './require-node.mjs';
import { precompress, wantsVariants } from './precompress.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const clientDir = path.join(root, 'dist/client');
const indexHtml = path.join(clientDir, 'index.html');
const serverEntry = path.join(root, 'dist/server/entry-server.js');

/** Built means: the page template, the server renderer, and every asset the template names. */
function isBuilt() {
  if (!fs.existsSync(indexHtml) || !fs.existsSync(serverEntry)) return false;
  const named = [...fs.readFileSync(indexHtml, 'utf8').matchAll(/(?:src|href)="\/assets\/([^"?#]+)"/g)].map((match) => match[1]);
  return named.every((name) => fs.existsSync(path.join(clientDir, 'assets', name)));
}

/** The last build step (compressed copies of the assets) may be missing from a build made before it existed, or interrupted. */
function isPrecompressed() {
  const assets = path.join(clientDir, 'assets');
  if (!fs.existsSync(assets)) return true;
  return fs
    .readdirSync(assets)
    .filter((name) => wantsVariants(name, fs.statSync(path.join(assets, name)).size))
    .every((name) => fs.existsSync(path.join(assets, `${name}.br`)) && fs.existsSync(path.join(assets, `${name}.gz`)));
}

if (!isBuilt()) {
  console.log('No complete client build found: building it once (npm run build)…');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
} else if (!isPrecompressed()) {
  const { files } = await precompress(clientDir);
  console.log(`Compressed ${files} client asset(s) once for serving.`);
}
