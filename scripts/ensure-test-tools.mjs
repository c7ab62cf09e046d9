// `npm test` on a fresh machine: the browser tests need Chromium, the metadata tests an
// independent reader (exiftool), the PostgreSQL suites a PostgreSQL server (initdb), and the
// cluster test a load balancer (HAProxy). All come
// from Debian's packages; install them when they are
// missing and this user may (root, or sudo without a password). Otherwise say exactly what to run.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import './require-node.mjs';

const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const missing = [];
if (!fs.existsSync(chromiumPath)) missing.push('chromium');
if (!onPath('exiftool')) missing.push('libimage-exiftool-perl');
const hasPostgres = fs.existsSync('/usr/lib/postgresql') && fs.readdirSync('/usr/lib/postgresql').some((version) => fs.existsSync(`/usr/lib/postgresql/${version}/bin/initdb`));
if (!hasPostgres) missing.push('postgresql');
if (!fs.existsSync('/usr/sbin/haproxy')) missing.push('haproxy');

if (missing.length > 0) {
  const asRoot = process.getuid?.() === 0;
  const viaSudo = !asRoot && onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  if (!onPath('apt-get') || (!asRoot && !viaSudo)) {
    console.error(
      `The tests need Debian's ${missing.join(' and ')}, which this user cannot install.\n` +
        `Ask an administrator to run: apt-get install -y ${missing.join(' ')}\n` +
        'or point CHROMIUM_PATH at a Chromium or Chrome already on this machine.',
    );
    process.exit(1);
  }
  const run = (args) => execFileSync(viaSudo ? 'sudo' : args[0], viaSudo ? args : args.slice(1), {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  console.log(`Installing Debian's ${missing.join(' and ')} for the tests (once)…`);
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', ...missing]);
  if (missing.includes('chromium') && !fs.existsSync(chromiumPath)) {
    console.error(`Chromium was installed but is not at ${chromiumPath}: set CHROMIUM_PATH.`);
    process.exit(1);
  }
}
