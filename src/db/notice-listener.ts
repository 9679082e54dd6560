import pg from 'pg';

/** What a listener tells its owner. */
export interface NoticeHandlers {
  /** A notice's payload, in commit order. */
  notice(payload: string): void;
  /** LISTEN is in place: every notice from now on arrives (any sent while it was down were missed). */
  listening(): void;
  /** The connection is gone or stopped answering: notices may be missed until `listening` again. */
  lost(error: Error): void;
}

export interface NoticeListenerOptions {
  /** A `SELECT 1` this often proves the connection alive: an idle one can die silently (a NAT or firewall dropping it). */
  heartbeatMs: number;
  /** A heartbeat or connection attempt unanswered this long counts as a lost connection. */
  answerWithinMs: number;
  /** Reconnection back-off: first delay, doubled per failure up to `maxRetryMs`, with jitter. */
  firstRetryMs: number;
  maxRetryMs: number;
}

const DEFAULTS: NoticeListenerOptions = { heartbeatMs: 2_000, answerWithinMs: 1_000, firstRetryMs: 100, maxRetryMs: 10_000 };

/** Channel names are identifiers, which LISTEN cannot take as parameters: an allow-list instead. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * PostgreSQL LISTEN on a connection of its own (never one of the pool's: a pooled connection
 * goes back to the pool and stops listening). Reconnects with back-off when the connection drops,
 * and tells its owner each time it stops and starts hearing, so the owner can distrust whatever
 * it remembered across the gap.
 */
export class NoticeListener {
  private readonly options: NoticeListenerOptions;
  private client: pg.Client | null = null;
  private heard = false;
  private failures = 0;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly handlers: NoticeHandlers,
    options: Partial<NoticeListenerOptions> = {},
  ) {
    if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
    this.options = { ...DEFAULTS, ...options };
  }

  /** Connects in the background; `listening` follows once LISTEN is in place. */
  start(): this {
    void this.connect();
    return this;
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const { answerWithinMs } = this.options;
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: 'patent-status listener',
      connectionTimeoutMillis: answerWithinMs,
      query_timeout: answerWithinMs,
      keepAlive: true,
    });
    this.client = client;
    client.on('error', (error) => this.drop(client, error));
    client.on('end', () => this.drop(client, new Error('the listener connection ended')));
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.handlers.notice(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(/* SQL */ `LISTEN ${this.channel}`);
    } catch (error) {
      this.drop(client, error as Error);
      return;
    }
    if (this.client !== client) return;
    this.failures = 0;
    this.heard = true;
    this.handlers.listening();
    this.heartbeat = setInterval(() => {
      client.query(/* SQL */ `SELECT 1`).catch((error: Error) => this.drop(client, error));
    }, this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Forgets the connection once (its error and end events both come here) and schedules the next. */
  private drop(client: pg.Client, error: Error): void {
    if (this.client !== client) return;
    void this.release(client);
    if (this.closed) return;
    if (this.heard) this.handlers.lost(error);
    this.heard = false;
    const { firstRetryMs, maxRetryMs } = this.options;
    const delay = Math.min(maxRetryMs, firstRetryMs * 2 ** this.failures) * (0.5 + Math.random() / 2);
    this.failures += 1;
    this.retry = setTimeout(() => void this.connect(), delay);
    this.retry.unref();
  }

  /** Ends the connection; a dead one (no answer to the goodbye) is left after `answerWithinMs`. */
  private async release(client: pg.Client): Promise<void> {
    this.client = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    client.on('error', () => undefined);
    const waited = new Promise<void>((done) => setTimeout(done, this.options.answerWithinMs).unref());
    await Promise.race([client.end().catch(() => undefined), waited]);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.client) await this.release(this.client);
  }
}
