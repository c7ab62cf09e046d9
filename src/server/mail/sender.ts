import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { newsletters } from '../db/schema.ts';
import { IDLE_LOOK_MS, QueueLoop } from '../db/queue-loop.ts';
import { siteOrigin, type Env } from '../env.ts';
import { editionContentOf } from './edition-store.ts';
import { renderConfirmation, renderEdition, type EditionContent } from './edition.ts';
import { claimDueMail, holdForSending, nextDueAt, recordOutcome, releaseClaims, renewLease, type ClaimedMail } from './queue.ts';
import { failureOf, type MailFailure, type MailTransport } from './transport.ts';
import { confirmPath, unsubscribePath } from '../../shared/newsletter-paths.ts';

/** Mails claimed at once; each is held again, for its own lease, just before it leaves (queue.ts holdForSending). */
const BATCH = 10;

/**
 * Sends what the queue holds (queue.ts): confirmation mails and newsletter copies, from every node,
 * each mail by one node. A loop per node: claim what is due within the minute's allowance, send
 * one after another, record each outcome as it comes; then sleep until the next mail is due, a
 * look at the queue (IDLE_LOOK_MS), or a wake-up from this node. Without a transport (no SMTP_URL)
 * it never starts, and the queue waits.
 */
export class MailSender extends QueueLoop {
  /** Set by stop(): a turn under way gives back what it has not sent yet. */
  private stopping = false;
  private readonly editions = new Map<number, { content: EditionContent; at: number }>();

  private readonly env: Env;
  readonly transport: MailTransport | null;
  private readonly now: () => number;

  constructor(db: Db, env: Env, transport: MailTransport | null, now: () => number = Date.now) {
    super(db, 'Sending mail failed');
    this.env = env;
    this.transport = transport;
    this.now = now;
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  override async stop(): Promise<void> {
    this.stopping = true;
    await super.stop();
    this.transport?.close();
  }

  async turn(): Promise<number> {
    const retryMs = this.env.MAIL_RETRY_SECONDS * 1000;
    const leaseMs = this.env.MAIL_LEASE_SECONDS * 1000;
    const claimed = await claimDueMail(this.db, { now: this.now(), perMinute: this.env.MAIL_RATE_PER_MINUTE, leaseMs, batch: BATCH });
    for (let index = 0; index < claimed.length; index++) {
      if (this.stopping) {
        await releaseClaims(this.db, claimed.slice(index));
        return 0;
      }
      // Paused, unsubscribed or lapsed to another node since the claim: this one stays here.
      const heldUntil = await holdForSending(this.db, claimed[index]!, this.now(), leaseMs);
      if (heldUntil === null) continue;
      const failure = await this.sendHeld(claimed[index]!, heldUntil, leaseMs);
      await recordOutcome(this.db, claimed[index]!, failure, this.now(), retryMs);
      // The server refused for now (or could not be reached): the rest waits with it, untried.
      if (failure && !failure.permanent) {
        await releaseClaims(this.db, claimed.slice(index + 1));
        return Math.min(retryMs, IDLE_LOOK_MS);
      }
    }
    if (claimed.length) return 0;
    const next = await nextDueAt(this.db);
    const untilMinute = 60_000 - (this.now() % 60_000);
    if (next === null) return IDLE_LOOK_MS;
    const wait = Math.max(0, next - this.now());
    // Due now but nothing was claimed: this minute's allowance is spent (or another node holds them).
    return Math.min(IDLE_LOOK_MS, wait > 0 ? wait : Math.min(untilMinute, 1_000));
  }

  /**
   * Sends one held mail, renewing its lease every third of it meanwhile: however slow the server,
   * the mail stays this node's while the node lives, and only one that died lets another send it.
   */
  private async sendHeld(mail: ClaimedMail, heldUntil: number, leaseMs: number): Promise<MailFailure | undefined> {
    let until = heldUntil;
    let renewing = Promise.resolve();
    const timer = setInterval(() => {
      const next = this.now() + leaseMs;
      renewing = renewing
        .then(async () => {
          if (await renewLease(this.db, mail, until, next)) until = next;
        })
        .catch((error: unknown) => console.error('Keeping the lease of a mail being sent failed:', error));
    }, leaseMs / 3);
    try {
      return await this.send(mail);
    } finally {
      clearInterval(timer);
      await renewing;
    }
  }

  private async edition(id: number): Promise<EditionContent> {
    const kept = this.editions.get(id);
    if (kept && this.now() - kept.at < 60_000) return kept.content;
    const content = await editionContentOf(this.db, id);
    this.editions.set(id, { content, at: this.now() });
    return content;
  }

  private async send(mail: ClaimedMail): Promise<MailFailure | undefined> {
    const origin = siteOrigin(this.env);
    try {
      if (mail.kind === 'confirmation') {
        const rendered = renderConfirmation(mail.language, origin, `${origin}${confirmPath(mail.token, mail.language)}`);
        await this.transport!.send({ to: mail.email, language: mail.language, ...rendered });
      } else {
        const unsubscribeUrl = `${origin}${unsubscribePath(mail.unsubscribeToken, mail.language)}`;
        const rendered = renderEdition(await this.edition(mail.newsletterId), mail.language, origin, unsubscribeUrl, await this.startedAt(mail.newsletterId));
        await this.transport!.send({
          to: mail.email,
          language: mail.language,
          ...rendered,
          headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', Precedence: 'bulk' },
        });
      }
      return undefined;
    } catch (error) {
      return failureOf(error);
    }
  }

  private async startedAt(id: number): Promise<Date> {
    const [row] = await this.db.select({ at: newsletters.startedAt }).from(newsletters).where(eq(newsletters.id, id));
    return row?.at ?? new Date(this.now());
  }
}
