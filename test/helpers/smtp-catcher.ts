/**
 * A real SMTP server on a random local port (the `smtp-server` package: no TLS, no login needed)
 * that keeps every message it is handed, raw and parsed (mailparser), so a test can check what an
 * owner would receive through the service's own nodemailer transport.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  /** RCPT TO addresses of the SMTP envelope. */
  envelopeTo: string[];
  /** The message exactly as transmitted (headers and encoded body). */
  raw: string;
  parsed: ParsedMail;
}

export class SmtpCatcher {
  readonly messages: CaughtMail[] = [];
  private readonly waiters: { test: (mail: CaughtMail) => boolean; resolve: (mail: CaughtMail) => void }[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            const mail = { envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, parsed };
            this.messages.push(mail);
            for (const waiter of [...this.waiters]) {
              if (!waiter.test(mail)) continue;
              this.waiters.splice(this.waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  port = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  /** The SMTP_* settings that point the service at this server. */
  env(): Record<string, string> {
    return {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(this.port),
      SMTP_SECURE: 'false',
      SMTP_FROM: 'Patent Status <billing@patents.example.test>',
    };
  }

  /** The first message (received already or to come) that passes `test`. */
  waitFor(test: (mail: CaughtMail) => boolean, timeoutMs = 5_000): Promise<CaughtMail> {
    const seen = this.messages.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no such mail within ${timeoutMs} ms; got ${this.messages.length}`)), timeoutMs);
      this.waiters.push({ test, resolve: (mail) => (clearTimeout(timer), resolve(mail)) });
    });
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
