// `npm test` on a fresh machine: the browser tests need Chromium, the metadata tests an
// independent reader (exiftool), the PostgreSQL suites a PostgreSQL server (initdb), and the
// cluster tests a load balancer (HAProxy) and a cache (nginx with its purge module). All come
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
// The cache in front of the cluster test (tests/cluster/nginx-cache.test.ts) and its purge module.
// Debian starts nginx as a service when installed where services may start; the test runs its own.
if (!fs.existsSync('/usr/sbin/nginx')) missing.push('nginx');
if (!fs.existsSync('/usr/lib/nginx/modules/ngx_http_cache_purge_module.so')) missing.push('libnginx-mod-http-cache-purge');

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
  // Debian's policy hook keeps the packages' services (nginx, PostgreSQL, HAProxy) from starting
  // while they are installed: one that cannot bind its usual port would fail the whole install, and
  // the tests start their own servers on free ports anyway. A hook already there is left as it is.
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !fs.existsSync(policy);
  if (ownPolicy) run(['sh', '-c', `printf '#!/bin/sh\\nexit 101\\n' > ${policy} && chmod 755 ${policy}`]);
  try {
    run(['apt-get', 'install', '-y', '-qq', ...missing]);
  } finally {
    if (ownPolicy) run(['rm', '-f', policy]);
  }
  // The package starts a system nginx on port 80 where services may start; the tests start their
  // own on free ports, so the service this script brought is stopped and kept from starting again.
  if (missing.includes('nginx') && onPath('systemctl')) {
    spawnSync(viaSudo ? 'sudo' : 'systemctl', viaSudo ? ['systemctl', 'disable', '--now', 'nginx'] : ['disable', '--now', 'nginx'], { stdio: 'ignore' });
  }
  if (missing.includes('chromium') && !fs.existsSync(chromiumPath)) {
    console.error(`Chromium was installed but is not at ${chromiumPath}: set CHROMIUM_PATH.`);
    process.exit(1);
  }
}
