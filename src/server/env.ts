import { isIP } from 'node:net';
import { z } from 'zod';
import { parseStorageUrl } from './uploads/storage-url.ts';

/** An optional setting: unset and blank are the same. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : typeof value === 'string' ? value.trim() : value), schema.optional());

const optionalUrl = optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).transform((url) => url.replace(/\/+$/, '')));

/** A number setting; blank counts as unset too, since coercion would read `PORT=` as 0 (a random port, or a limit turned off). */
const numeric = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

const proxyNames = ['loopback', 'linklocal', 'uniquelocal'];
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Which proxies in front of the site may say who the visitor is (X-Forwarded-For). Unset: none,
 * the address of the connection is the visitor's. A number: that many proxies in front (the
 * visitor is that many entries from the end). Otherwise a comma-separated list of addresses,
 * ranges (10.0.0.0/8) or Express's names (loopback, linklocal, uniquelocal). "Everything" is not
 * offered: it would let any visitor choose the address their limits are counted by.
 */
const trustProxy = optional(
  z.string().transform((value, ctx): number | string[] => {
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 10) return hops;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !proxyNames.includes(entry) && !isAddressOrRange(entry));
    if (!entries.length || bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a number of proxies (1-10) or a comma-separated list of addresses, ranges or ${proxyNames.join('/')}${bad.length ? `; not understood: ${bad.join(', ')}` : ''}`,
      });
      return z.NEVER;
    }
    return entries;
  }),
);

const megabytes = (fallback: number) => numeric(z.coerce.number().positive().max(4096).default(fallback));
const hours = (fallback: number) =>
  numeric(
    z.coerce
      .number()
      .positive()
      .max(24 * 365)
      .default(fallback),
  );

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: numeric(z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATABASE_URL: z.string().trim().min(1).default('./data/site.db'),
    STORAGE_DIR: z.string().trim().min(1).default('./storage'),
    /**
     * An S3-compatible bucket for the stored files instead of STORAGE_DIR (which then holds only
     * this node's scratch folder): s3://bucket/prefix?endpoint=…&region=…&forcePathStyle=true.
     */
    STORAGE_URL: optional(
      z
        .string()
        .trim()
        .superRefine((value, ctx) => {
          try {
            parseStorageUrl(value);
          } catch (error) {
            ctx.addIssue({ code: 'custom', message: (error as Error).message });
          }
        }),
    ),
    PUBLIC_URL: optionalUrl,
    /** The site's onion-service address (http://….onion); HTML answers then name it in Onion-Location. */
    ONION_URL: optional(
      z
        .url({ protocol: /^https?$/, hostname: /\.onion$/, error: 'must be an http(s) URL whose host ends in .onion' })
        .transform((url) => url.replace(/\/+$/, '')),
    ),
    ADMIN_EMAIL: optional(z.email('must be an e-mail address')),
    ADMIN_PASSWORD: optional(z.string().min(10, 'must be at least 10 characters')),
    ADMIN_NAME: z.string().trim().min(1).default('Administrator'),
    FACEBOOK_URL: optionalUrl,
    TWITTER_URL: optionalUrl,
    CONTACT_EMAIL: optional(z.email('must be an e-mail address')),
    MAX_IMAGE_MB: megabytes(10),
    MAX_VIDEO_MB: megabytes(100),
    /**
     * The secret every key that signs something a browser holds is derived from (security/site-keys.ts).
     * Unset: one made at random and kept in the database, so every node and restart share it.
     */
    SITE_SECRET: optional(z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)')),
    SESSION_IDLE_HOURS: hours(8),
    SESSION_MAX_HOURS: hours(24),
    /** Contact messages, stories and subscriptions one visitor may send per hour; 0 turns the limit off. */
    RATE_LIMIT_PUBLIC_WRITES: numeric(z.coerce.number().int().min(0).max(100_000).default(30)),
    /** File uploads one visitor may send per hour (editors included); 0 turns the limit off. */
    RATE_LIMIT_UPLOADS: numeric(z.coerce.number().int().min(0).max(100_000).default(60)),
    /** Searches one visitor may make per hour, at most a tenth of them in one minute; 0 turns the limit off (docs/decisions/019). */
    RATE_LIMIT_SEARCHES: numeric(z.coerce.number().int().min(0).max(100_000).default(300)),
    /** Searches run at once, each on its own low-priority thread with a read-only connection (docs/decisions/019). */
    SEARCH_WORKERS: numeric(z.coerce.number().int().min(1).max(16).default(1)),
    /**
     * Milliseconds of the server's time one visitor may use per second (cached answers and the
     * work no cache answers: rendering a page, reading a list), saved up to 10 times that; beyond
     * it her requests are held, then uncached ones answered 429 (docs/decisions/021). 0: no limit.
     */
    VISITOR_WORK_MS_PER_SECOND: numeric(z.coerce.number().int().min(0).max(1000).default(100)),
    /**
     * Answers no cache holds (a page rendered, a list read) made at once; the others wait their
     * turn in arrival order (http/work-gate.ts, docs/decisions/046).
     */
    WORK_AT_ONCE: numeric(z.coerce.number().int().min(1).max(256).default(4)),
    /** Uploads cleaned at once, each in its own low-priority process (docs/decisions/012). */
    MEDIA_WORKERS: numeric(z.coerce.number().int().min(1).max(64).default(1)),
    /** Uploads allowed to wait for a worker; one more is answered 503 with Retry-After. */
    MEDIA_QUEUE_LIMIT: numeric(z.coerce.number().int().min(0).max(1000).default(4)),
    /** An upload still being cleaned after this many seconds is killed and refused. */
    MEDIA_JOB_TIMEOUT_SECONDS: numeric(z.coerce.number().positive().max(3600).default(300)),
    /** Archived contact messages and unpublished stories are deleted after this many days; 0 keeps them. */
    TRUST_PROXY: trustProxy,
    RETENTION_DAYS: numeric(z.coerce.number().int().min(0).max(36_500).default(0)),
    /** Saved revisions kept per news item, article, report or legal-awareness item; older ones are deleted. */
    REVISIONS_KEEP: numeric(z.coerce.number().int().min(1).max(10_000).default(50)),
    /**
     * How precisely the arrival of what visitors send (stories, messages, subscriptions, uploads) is
     * kept: the UTC day, or the hour. Never finer: on a seized server exact times line up with network logs.
     */
    /**
     * The mail server newsletters and confirmations leave through: smtp://user:pass@host:587
     * (STARTTLS when offered) or smtps://user:pass@host:465. Unset: nothing is sent, subscriptions
     * are kept and get their confirmation once it is set.
     */
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
    /** The sender of every mail, e.g. "Women's Rights News <news@example.org>". */
    MAIL_FROM: optional(z.string().max(300)),
    /** Mails all nodes together send per minute (newsletters and confirmations), to stay within the provider's limit. */
    MAIL_RATE_PER_MINUTE: numeric(z.coerce.number().int().min(1).max(100_000).default(60)),
    /** The wait before the first retry of a mail the server refused for now; each further retry waits twice as long. */
    MAIL_RETRY_SECONDS: numeric(z.coerce.number().positive().max(86_400).default(60)),
    /** How long a node holds a mail it is sending; a node that stops holds it no longer, and another sends it. */
    MAIL_LEASE_SECONDS: numeric(z.coerce.number().positive().max(3600).default(120)),
    /** DKIM signing where the provider does not sign: the domain, the selector, and the private key (PEM, or a path to it). */
    DKIM_DOMAIN: optional(z.string().max(253)),
    DKIM_SELECTOR: optional(z.string().max(63)),
    DKIM_PRIVATE_KEY: optional(z.string()),
    /**
     * A cache in front (docs/decisions/038, docs/deploy.md). How long shared caches may keep a public
     * answer (s-maxage) and serve it stale while they fetch a fresh one (stale-while-revalidate).
     * Purges make changes reach readers sooner; addresses a purge cannot name live this long.
     */
    CDN_MAX_AGE_SECONDS: numeric(z.coerce.number().int().min(0).max(31_536_000).default(60)),
    CDN_STALE_SECONDS: numeric(z.coerce.number().int().min(0).max(86_400).default(30)),
    /**
     * The request header in which the cache in front passes the one language it keyed the request
     * on (the reference nginx configuration sends X-Cache-Language). Set: such a request is answered
     * in that language (unless its address says ?lang=) and a request without it is never
     * shared-cacheable. Unset: answers vary by Cookie, X-Lang and Accept-Language.
     */
    CDN_LANGUAGE_HEADER: optional(z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name')),
    /** Called with the keys and addresses of every public change (docs/decisions/038). Unset: nothing is queued. */
    CDN_PURGE_URL: optionalUrl,
    /** json: one POST of {keys, urls} with a Surrogate-Key header; nginx: one PURGE per address and language (ngx_cache_purge). */
    CDN_PURGE_STYLE: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
      z.enum(['json', 'nginx'], { error: 'must be json or nginx' }).default('json'),
    ),
    /** Sent as "Authorization: Bearer …" with every purge call; never logged. */
    CDN_PURGE_TOKEN: optional(z.string().min(1).max(500)),
    /** The wait before the first retry of a failed purge; each further retry waits twice as long, up to an hour. */
    CDN_PURGE_RETRY_SECONDS: numeric(z.coerce.number().positive().max(3600).default(5)),
    SUBMISSION_TIME_PRECISION: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
      z.enum(['day', 'hour'], { error: 'must be day or hour' }).default('day'),
    ),
  })
  .refine((env) => Boolean(env.DKIM_DOMAIN) === Boolean(env.DKIM_SELECTOR) && Boolean(env.DKIM_DOMAIN) === Boolean(env.DKIM_PRIVATE_KEY), {
    message: 'DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set together',
    path: ['DKIM_PRIVATE_KEY'],
  })
  .refine((env) => !env.SMTP_URL || Boolean(env.MAIL_FROM), { message: 'MAIL_FROM must be set with SMTP_URL', path: ['MAIL_FROM'] })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  });

export type Env = z.infer<typeof envSchema>;

/** The names of every variable the server reads (.env.example lists each; a test keeps them in step). */
export const envVariables = Object.keys(envSchema.shape);

export class EnvError extends Error {}

/** Parses the environment; a bad value throws an EnvError naming each offending variable. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
  throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Test and tool helper: a complete Env from a few overrides. */
export function envFor(overrides: Record<string, string | undefined> = {}): Env {
  return readEnv({ NODE_ENV: 'test', ...overrides });
}

/** Loads ./.env into process.env when it exists (Node's own parser); real environment variables win. */
export function loadDotEnv(): void {
  try {
    process.loadEnvFile();
  } catch {
    /* no .env file: the environment alone configures the site */
  }
}

export function isHttps(env: Env): boolean {
  return env.PUBLIC_URL?.startsWith('https://') ?? false;
}

/**
 * The address the site names itself by in canonical links, share tags, the sitemap and the feeds:
 * only ever a configured one (PUBLIC_URL, else ONION_URL), else a loopback default. Never the Host
 * of a request: anyone can send any Host, and these answers are cached (by the site, by a proxy in
 * front), so a reflected Host would hand the next readers an attacker's links.
 */
export function siteOrigin(env: Pick<Env, 'PUBLIC_URL' | 'ONION_URL' | 'PORT'>): string {
  return env.PUBLIC_URL ?? env.ONION_URL ?? `http://localhost${env.PORT && env.PORT !== 80 ? `:${env.PORT}` : ''}`;
}

const isLoopbackHost = (host: string) => host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);

/**
 * What to print at start when the site has no PUBLIC_URL and is (or may be) reached by readers:
 * in production, or listening on an address other than loopback. Null when nothing is wrong.
 */
export function publicUrlWarning(env: Pick<Env, 'PUBLIC_URL' | 'ONION_URL' | 'PORT' | 'NODE_ENV' | 'HOST'>): string | null {
  if (env.PUBLIC_URL) return null;
  if (env.NODE_ENV !== 'production' && isLoopbackHost(env.HOST)) return null;
  return [
    'Warning: PUBLIC_URL is not set.',
    `  Canonical links, share tags, the sitemap and the feeds will name ${siteOrigin(env)} (never the Host a request names, which anyone can forge),`,
    '  so search engines and feed readers will not find the site under its real address.',
    '  Set PUBLIC_URL to the address readers use, e.g. PUBLIC_URL=https://example.org',
  ].join('\n');
}
