/**
 * The demo's webhook walk-through: a receiver page on the demo server itself, and a
 * button to ingest the next day's file. The printed example creates a monitor whose webhook is
 * the receiver, ingests the next-day file, and reads what arrived, with its signature checked
 * by the recipe agents.md gives.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Type } from 'typebox';
import type { Database } from '../db/database.js';
import { addDays } from '../domain/dates.js';
import { verifySignature } from '../domain/webhook-signature.js';
import type { App } from '../http/app.js';
import { ingestFile } from '../products/registry.js';
import { SYNTH_DEFAULTS } from '@patent-status/synth';
import { recordOf, writeNextDayFile } from '@patent-status/synth';
import type { OdpRecord } from '@patent-status/synth';
import { FILE_WRAPPER } from '../products/file-wrapper/module.js';

/** The secret the printed example gives its monitor, so the receiver can check what it signs. */
export const DEMO_WEBHOOK_SECRET = 'demo-webhook-secret-0123456789';
export const DEMO_RECEIVER_PATH = '/demo/webhook-receiver';
export const DEMO_NEXT_DAY_PATH = '/demo/next-day';
const KEPT = 50;

interface Received {
  received_at: string;
  signature_valid: boolean;
  headers: { 'x-signature': string | null; 'x-event-id': string | null; 'x-delivery-attempt': string | null };
  body: unknown;
}

/** A pending application waiting for its first action: the one the example watches. */
export async function demoWatchedApplication(db: Database): Promise<string | null> {
  const { rows } = await db.query<{ application_number: string }>(
    /* SQL */ `SELECT application_number FROM applications WHERE status_code = 30 ORDER BY filing_date DESC, application_number LIMIT 1`,
  );
  return rows[0]?.application_number ?? null;
}

export async function addDemoWebhookRoutes(app: App, db: Database, dataDir: string, applicationNumber: string): Promise<void> {
  const received: Received[] = [];
  let record: OdpRecord | null = null;
  await app.register(async (scope) => {
    // The signature covers the raw bytes: keep them as they came.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(
      DEMO_RECEIVER_PATH,
      {
        config: { access: 'public', cost: 'free' },
        schema: {
          operationId: 'demoReceiveWebhook',
          summary: 'Demo only: a webhook receiver that keeps the last deliveries and checks their signature',
          tags: ['meta'],
          body: Type.String({ maxLength: 65_536 }),
          response: { 204: Type.Null() },
        },
      },
      async (request, reply) => {
        const header = (name: string) => (typeof request.headers[name] === 'string' ? request.headers[name] : null);
        const signature = header('x-signature');
        const raw = String(request.body);
        let body: unknown = raw;
        try {
          body = JSON.parse(raw);
        } catch {
          // Shown as it came.
        }
        received.unshift({
          received_at: new Date().toISOString(),
          signature_valid: signature !== null && verifySignature(DEMO_WEBHOOK_SECRET, raw, signature, Date.now() / 1000),
          headers: { 'x-signature': signature, 'x-event-id': header('x-event-id'), 'x-delivery-attempt': header('x-delivery-attempt') },
          body,
        });
        received.length = Math.min(received.length, KEPT);
        return reply.code(204).send(null);
      },
    );
  });
  app.get(
    DEMO_RECEIVER_PATH,
    {
      config: { access: 'public', cost: 'free' },
      schema: {
        operationId: 'demoListReceivedWebhooks',
        summary: 'Demo only: what the demo receiver got, newest first',
        tags: ['meta'],
        response: {
          200: Type.Object({ count: Type.Integer(), deliveries: Type.Array(Type.Object({}, { additionalProperties: true })) }),
        },
      },
    },
    async () => ({ count: received.length, deliveries: received }),
  );
  app.post(
    DEMO_NEXT_DAY_PATH,
    {
      config: { access: 'public', cost: 'free' },
      schema: {
        operationId: 'demoIngestNextDay',
        summary: `Demo only: ingest a synthetic next-day file: application ${applicationNumber} gets a non-final rejection`,
        tags: ['meta'],
        response: {
          200: Type.Object({ application_number: Type.String(), file_date: Type.String(), events: Type.Integer() }),
        },
      },
    },
    async () => {
      // Generating the corpus to find one record takes a moment: once per demo run.
      record ??= recordOf(SYNTH_DEFAULTS, applicationNumber);
      if (!record) throw new Error(`the demo corpus has no application ${applicationNumber}`);
      const { rows } = await db.query<{ file_date: string }>(
        /* SQL */ `SELECT max(file_date)::text AS file_date FROM product_state WHERE product = ANY($1::text[])`,
        [FILE_WRAPPER.codes],
      );
      const date = addDays(rows[0]?.file_date ?? SYNTH_DEFAULTS.asOf, 1);
      const dir = join(dataDir, 'demo-corpus', 'next-day');
      await mkdir(dir, { recursive: true });
      const file = await writeNextDayFile(dir, record, date);
      const summary = await ingestFile(db, FILE_WRAPPER, file.path, { fileDate: file.fileDate });
      return { application_number: applicationNumber, file_date: date, events: summary.events };
    },
  );
}
