// `npm start` on a fresh clone, or after an update is pulled: build what is missing or older than
// what it is built from. The client (browser bundle and server renderer) is built with `npm run
// build` (which builds the web process too), the web process alone when only it changed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import './require-node.mjs';
import { precompress, wantsVariants } from './precompress.mjs';
import { buildServer } from './build-server.mjs';
import { SERVER_ENTRY } from './server-command.mjs';

const PACKAGES = ['package-lock.json', 'package.json'];
/** What the web process is built from (folders and files, relative to the repository). */
const SERVER_INPUTS = ['src', 'vite.server.config.ts', ...PACKAGES];
/** What the browser bundle and the server renderer are built from. */
const CLIENT_INPUTS = ['src/client', 'src/shared', 'public', 'index.html', 'vite.config.ts', ...PACKAGES];

/** The newest change (ms) to the files and folders named, walked whole; those missing are skipped. */
function newestOf(root, inputs) {
  let newest = 0;
  const visit = (file) => {
    if (!fs.existsSync(file)) return;
    const stat = fs.statSync(file);
    if (!stat.isDirectory()) return void (newest = Math.max(newest, stat.mtimeMs));
    for (const entry of fs.readdirSync(file)) visit(path.join(file, entry));
  };
  for (const input of inputs) visit(path.join(root, input));
  return newest;
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : -Infinity);

/** Built means: the page template, the server renderer, the web process, and every asset the template names. */
function isBuilt(files) {
  if (![files.indexHtml, files.serverEntry, files.webProcess].every((file) => fs.existsSync(file))) return false;
  const named = [...fs.readFileSync(files.indexHtml, 'utf8').matchAll(/(?:src|href)="\/assets\/([^"?#]+)"/g)].map((match) => match[1]);
  return named.every((name) => fs.existsSync(path.join(files.clientDir, 'assets', name)));
}

/** The last build step (compressed copies of the assets) may be missing from a build made before it existed, or interrupted. */
function isPrecompressed(clientDir) {
  const assets = path.join(clientDir, 'assets');
  if (!fs.existsSync(assets)) return true;
  return fs
    .readdirSync(assets)
    .filter((name) => wantsVariants(name, fs.statSync(path.join(assets, name)).size))
    .every((name) => fs.existsSync(path.join(assets, `${name}.br`)) && fs.existsSync(path.join(assets, `${name}.gz`)));
}

/**
 * What `npm start` must do, in order, before it starts the server in the checkout at `root`:
 * `build` (npm run build, which builds everything: a client that is missing, incomplete or older
 * than its sources, as after pulling an update that changed the pages, which an old browser bundle
 * would otherwise show against a new server), `server` (only the web process's sources changed),
 * `compress` (compressed copies of the assets are missing). Nothing when all is current.
 */
export function buildPlan(root) {
  const clientDir = path.join(root, 'dist/client');
  const files = {
    clientDir,
    indexHtml: path.join(clientDir, 'index.html'),
    serverEntry: path.join(root, 'dist/server/entry-server.js'),
    webProcess: path.join(root, SERVER_ENTRY),
  };
  if (!isBuilt(files) || Math.min(mtime(files.indexHtml), mtime(files.serverEntry)) < newestOf(root, CLIENT_INPUTS)) return ['build'];
  const steps = [];
  if (mtime(files.webProcess) < newestOf(root, SERVER_INPUTS)) steps.push('server');
  if (!isPrecompressed(clientDir)) steps.push('compress');
  return steps;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  for (const step of buildPlan(root)) {
    if (step === 'build') {
      console.log('The client is missing or older than its sources: building the site (npm run build)…');
      execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    } else if (step === 'server') {
      console.log('The server changed since it was built: building it (a few seconds)…');
      buildServer({ quiet: true });
    } else {
      const { files } = await precompress(path.join(root, 'dist/client'));
      console.log(`Compressed ${files} client asset(s) once for serving.`);
    }
  }
}
