// `npm start` on a fresh clone: build the client (browser bundle and server renderer) when it is missing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = ['dist/client/index.html', 'dist/server/entry-server.js'].every((file) => fs.existsSync(new URL(`../${file}`, import.meta.url)));
if (!built) {
  console.log('No client build found: building it once (npm run build)…');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
