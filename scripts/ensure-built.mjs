// `npm start` on a fresh clone: build the client first when there is nothing built yet.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!fs.existsSync(new URL('../dist/client/index.html', import.meta.url))) {
  console.log('No client build found: building it once (npm run build)…');
  execFileSync(process.execPath, [fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url)), 'build'], { cwd: root, stdio: 'inherit' });
}
