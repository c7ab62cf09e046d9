import fs from 'node:fs';
import type { Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { Env } from '../env.ts';
import { loadOnFirstUse } from '../load-on-first-use.ts';

/** One mail as the site sends it: both parts, and the few headers a list needs. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The language of the mail, for Content-Language. */
  language: 'en' | 'fa';
  headers?: Record<string, string>;
}

/** Where mail leaves: SMTP in production, the same interface in tests that need to fail on purpose. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * A refused mail: `permanent` when the server said the address cannot receive (a 5xx answer), else
 * temporary (4xx answers, a connection that failed or timed out), which is tried again later. The
 * text is the server's answer without any address in it, since it is stored beside the queue.
 */
export class MailFailure extends Error {
  readonly permanent: boolean;
  constructor(permanent: boolean, message: string) {
    super(message);
    this.permanent = permanent;
  }
}

const ADDRESS = /[^\s<>"'()[\],;:]+@[^\s<>"'()[\],;:]+/g;

/** The server's answer as kept: code and words, addresses replaced, capped. */
export function failureText(error: unknown): string {
  const { responseCode, response, code, message } = (error ?? {}) as { responseCode?: number; response?: string; code?: string; message?: string };
  const label = String(responseCode ?? code ?? 'error');
  const words = (response ?? message ?? String(error)).replace(ADDRESS, '(address)').replace(/\s+/g, ' ').trim();
  // An SMTP answer begins with its own code: said once.
  return `${label}: ${words.startsWith(`${label} `) ? words.slice(label.length + 1) : words}`.slice(0, 300);
}

export function failureOf(error: unknown): MailFailure {
  if (error instanceof MailFailure) return error;
  const responseCode = (error as { responseCode?: unknown } | null)?.responseCode;
  const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
  return new MailFailure(permanent, failureText(error));
}

function dkimOf(env: Env) {
  if (!env.DKIM_DOMAIN || !env.DKIM_SELECTOR || !env.DKIM_PRIVATE_KEY) return undefined;
  const key = env.DKIM_PRIVATE_KEY.includes('-----BEGIN') ? env.DKIM_PRIVATE_KEY : fs.readFileSync(env.DKIM_PRIVATE_KEY, 'utf8');
  return { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: key };
}

/**
 * SMTP through nodemailer, from SMTP_URL and MAIL_FROM; null when SMTP_URL is unset (the site then
 * keeps subscriptions and sends nothing). One pooled connection: mails go one after another, and a
 * minute's rate is kept by the queue, not here.
 *
 * Each wait on the server (connecting, its greeting, each answer) gives up after a third of the
 * lease a mail is held for (MAIL_LEASE_SECONDS), a second at least: a server that stops answering
 * fails the mail for now, to be tried again with the queue's backoff, instead of holding the
 * sender. A connection that closes mid-mail fails it too (nodemailer would otherwise send it again
 * on its own, outside the queue's count of tries).
 */
export function smtpTransport(env: Env): MailTransport | null {
  if (!env.SMTP_URL || !env.MAIL_FROM) return null;
  const url = new URL(env.SMTP_URL);
  const waitMs = Math.max(1_000, Math.floor((env.MAIL_LEASE_SECONDS * 1000) / 3));
  const options: SMTPPool.Options & { maxRequeues: number } = {
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    pool: true,
    maxConnections: 1,
    maxRequeues: 0,
    connectionTimeout: Math.min(20_000, waitMs),
    greetingTimeout: Math.min(20_000, waitMs),
    socketTimeout: Math.min(60_000, waitMs),
    dkim: dkimOf(env),
  };
  // nodemailer is loaded on first use: 22 MB a site that never sends a mail does not need.
  const build = loadOnFirstUse(() => import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options)));
  // The transport as last asked for, which close() ends if it was made.
  let opening: Promise<Transporter> | null = null;
  const open = () => (opening = build());
  const from = env.MAIL_FROM;
  return {
    async send(mail) {
      try {
        const transporter = await open();
        await transporter.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          headers: { 'Content-Language': mail.language, ...mail.headers },
          // Nothing that names the software or this machine: the mail says only what it must.
          xMailer: false,
        });
      } catch (error) {
        throw failureOf(error);
      }
    },
    close: () => void opening?.then((transporter) => transporter.close()).catch(() => undefined),
  };
}
