import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../setup/paths.ts';
import { waitFor } from './haproxy.ts';

/** Debian's nginx and its purge module (`nginx`, `libnginx-mod-http-cache-purge`; scripts/ensure-test-tools.mjs installs them). */
export const NGINX = '/usr/sbin/nginx';
export const PURGE_MODULE = '/usr/lib/nginx/modules/ngx_http_cache_purge_module.so';

/** The documented configuration (docs/deploy.md), read as the operator copies it. */
export const SITE_CONF = path.join(repoRoot, 'deploy/nginx/site.conf');

export interface CacheProxy {
  url: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** deploy/nginx/site.conf with its placeholders filled; throws if one is left. */
export function siteConf(values: { listen: string; purgeListen: string; cacheDir: string; upstreams: number[]; purgeAllowed: string }): string {
  const filled = fs
    .readFileSync(SITE_CONF, 'utf8')
    .replaceAll('{{LISTEN}}', values.listen)
    .replaceAll('{{PURGE_LISTEN}}', values.purgeListen)
    .replaceAll('{{CACHE_DIR}}', values.cacheDir)
    .replaceAll('{{UPSTREAM_SERVERS}}', values.upstreams.map((port) => `server 127.0.0.1:${port};`).join('\n    '))
    .replaceAll('{{PURGE_ALLOWED}}', values.purgeAllowed);
  const left = /\{\{[A-Z_]+\}\}/.exec(filled);
  if (left) throw new Error(`deploy/nginx/site.conf has a placeholder the test does not fill: ${left[0]}`);
  return filled;
}

/**
 * nginx in the foreground, one process (no user switch, so it runs as whoever runs the tests),
 * everything it writes under `dir`, the site's configuration included as Debian's nginx.conf would.
 */
export async function startNginx(dir: string, ports: { site: number; purge: number }, upstreams: number[]): Promise<CacheProxy> {
  const prefix = path.join(dir, 'nginx');
  for (const sub of ['cache', 'temp', 'logs']) fs.mkdirSync(path.join(prefix, sub), { recursive: true });
  fs.writeFileSync(
    path.join(prefix, 'site.conf'),
    siteConf({
      listen: `127.0.0.1:${ports.site}`,
      purgeListen: `127.0.0.1:${ports.purge}`,
      cacheDir: path.join(prefix, 'cache'),
      upstreams,
      purgeAllowed: '127.0.0.1',
    }),
  );
  const temp = path.join(prefix, 'temp');
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      `load_module ${PURGE_MODULE};`,
      'daemon off;',
      'master_process off;',
      'worker_processes 1;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events { worker_connections 512; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${path.join(temp, kind)};`),
      `  include ${path.join(prefix, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const proxy: CacheProxy = {
    url: `http://127.0.0.1:${ports.site}`,
    process: child,
    output: () => printed,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${printed}`);
        return (await fetch(`${proxy.url}/healthz`).catch(() => null))?.ok ?? false;
      },
      { timeoutMs: 10_000, what: () => `nginx answering:\n${printed}` },
    );
  } catch (error) {
    await proxy.stop();
    throw error;
  }
  return proxy;
}
