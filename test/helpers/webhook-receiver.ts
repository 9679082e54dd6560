import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  path: string;
  headers: IncomingMessage['headers'];
  /** The raw body, as the signature covers it. */
  raw: string;
  body: { delivery_id: string; monitor_id: string; event: { event_id: string; event_type: string } & Record<string, unknown> };
}

/** How the receiver answers the n-th request (0-based) to a path: a status, 'hang' (never answers), a redirect, or a status after a while. */
export type Answer = number | 'hang' | { redirect: string } | { status: number; afterMs: number };

/** A local webhook receiver (a real HTTP server): records every request and answers as each path's script says. */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  private readonly scripts = new Map<string, Answer[]>();
  private readonly hanging = new Set<ServerResponse>();
  private server!: Server;
  url = '';

  /** The answers of a path in order; the last repeats. Paths without a script answer 200. */
  script(path: string, answers: Answer[]): void {
    this.scripts.set(path, answers);
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const path = request.url ?? '/';
        const earlier = this.received.filter((r) => r.path === path).length;
        this.received.push({ path, headers: request.headers, raw, body: JSON.parse(raw) as ReceivedDelivery['body'] });
        const answers = this.scripts.get(path) ?? [200];
        const answer = answers[Math.min(earlier, answers.length - 1)]!;
        if (answer === 'hang') {
          this.hanging.add(response);
          return;
        }
        if (typeof answer === 'object' && 'redirect' in answer) {
          response.writeHead(302, { location: answer.redirect }).end();
          return;
        }
        const status = typeof answer === 'number' ? answer : answer.status;
        const send = () => response.writeHead(status, { 'content-type': 'text/plain' }).end('x'.repeat(status === 200 ? 10 : 100_000));
        if (typeof answer === 'number') send();
        else setTimeout(send, answer.afterMs);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  at(path: string): ReceivedDelivery[] {
    return this.received.filter((r) => r.path === path);
  }

  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
