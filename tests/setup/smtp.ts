import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

/** A mail the test server accepted: the envelope's recipient, and the message as parsed. */
export interface ReceivedMail {
  to: string;
  raw: string;
  parsed: ParsedMail;
  header(name: string): string | undefined;
}

/**
 * A real SMTP server in the test process (the `smtp-server` package), which the site reaches over
 * TCP through SMTP_URL like any provider. `refuse` makes it answer the next messages with a code
 * (4xx: temporary, 5xx: permanent); `refuseRecipient` refuses one address at RCPT TO; `hold`
 * delays each accepted message, so a test can kill the sender mid-send.
 */
export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** The next `count` messages are refused at DATA with `code`. */
  refuse(code: number, count: number): void;
  refuseRecipient(address: string, code: number): void;
  hold(ms: number): void;
  /** Resolves once `count` mails have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

async function readStream(stream: SMTPServerDataStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let refusals: { code: number; count: number } | null = null;
  const refusedRecipients = new Map<string, number>();
  let holdMs = 0;
  const waiters: (() => void)[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = refusedRecipients.get(address.address.toLowerCase());
      if (code) return callback(Object.assign(new Error(`${address.address}: no such mailbox`), { responseCode: code }));
      callback();
    },
    onData(stream, session, callback) {
      void (async () => {
        const raw = await readStream(stream);
        if (refusals && refusals.count > 0) {
          refusals.count -= 1;
          const code = refusals.code;
          return callback(Object.assign(new Error(code < 500 ? 'Try again later' : 'Rejected'), { responseCode: code }));
        }
        if (holdMs) await new Promise((resolve) => setTimeout(resolve, holdMs));
        const parsed = await simpleParser(raw);
        for (const rcpt of session.envelope.rcptTo) {
          received.push({ to: rcpt.address.toLowerCase(), raw, parsed, header: (name) => headerOf(parsed, name) });
        }
        for (const wake of waiters.splice(0)) wake();
        callback();
      })().catch((error: Error) => callback(error));
    },
  });
  // A client that dies mid-mail (a sending process killed on purpose) resets its connection: that
  // is the client's end, not a failure of this server.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(code, count) {
      refusals = { code, count };
    },
    refuseRecipient(address, code) {
      refusedRecipients.set(address.toLowerCase(), code);
    },
    hold(ms) {
      holdMs = ms;
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`Only ${received.length} of ${count} mails arrived within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 100);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    to: (address) => received.filter((mail) => mail.to === address.toLowerCase()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function headerOf(parsed: ParsedMail, name: string): string | undefined {
  const line = parsed.headerLines.find((entry) => entry.key === name.toLowerCase());
  return line ? line.line.slice(line.line.indexOf(':') + 1).trim() : undefined;
}
