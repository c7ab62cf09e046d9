import type pg from 'pg';

/** How long connecting, or one statement, of a listening connection may take before it is given up and tried again. */
export const LISTEN_TIMEOUT_MS = 10_000;
/** How long a listening connection may be quiet before TCP asks whether the other end is still there (the system's default: two hours). */
const KEEPALIVE_AFTER_MS = 30_000;

/**
 * A connection of its own for LISTEN, outside the pool: bounded, so a server that does not answer
 * costs seconds, not minutes, before the caller tries again, and kept alive, so a peer gone silent
 * is noticed. pg is loaded on first use: 10 MB a site on SQLite (the default) does not need.
 */
export async function listeningClient(url: string, name: string): Promise<pg.Client> {
  const { default: pg } = await import('pg');
  return new pg.Client({
    connectionString: url,
    application_name: `womens-rights-news ${name}`,
    connectionTimeoutMillis: LISTEN_TIMEOUT_MS,
    query_timeout: LISTEN_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_AFTER_MS,
  });
}
