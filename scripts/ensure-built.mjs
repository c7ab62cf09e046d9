// `npm start` on a fresh clone: build the client (browser bundle and server renderer) and the web
// process when they are missing, and the web process again when its sources changed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import './require-node.mjs';
import { precompress, wantsVariants } from './precompress.mjs';
import { buildServer } from './build-server.mjs';
import { SERVER_ENTRY } from './server-command.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const clientDir = path.join(root, 'dist/client');
const indexHtml = path.join(clientDir, 'index.html');
const serverEntry = path.join(root, 'dist/server/entry-server.js');
const webProcess = path.join(root, SERVER_ENTRY);

/** The newest change to anything the web process is built from: the sources, the build's settings, the installed packages. */
function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else newest = Math.max(newest, fs.statSync(file).mtimeMs);
    }
  };
  walk(path.join(root, 'src'));
  for (const file of ['vite.server.config.ts', 'package-lock.json', 'package.json']) newest = Math.max(newest, fs.statSync(path.join(root, file)).mtimeMs);
  return newest;
}

/** The built web process is there and newer than what it is built from (an update pulled since is built again). */
const serverIsCurrent = () => fs.existsSync(webProcess) && fs.statSync(webProcess).mtimeMs >= newestSource();

/** Built means: the page template, the server renderer, the web process, and every asset the template names. */
function isBuilt() {
  if (!fs.existsSync(indexHtml) || !fs.existsSync(serverEntry) || !fs.existsSync(webProcess)) return false;
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
} else {
  if (!isPrecompressed()) {
    const { files } = await precompress(clientDir);
    console.log(`Compressed ${files} client asset(s) once for serving.`);
  }
  if (!serverIsCurrent()) {
    console.log('The server changed since it was built: building it (a few seconds)…');
    buildServer({ quiet: true });
  }
}
