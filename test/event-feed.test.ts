import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { type FeedEvent, insertEvents, listEventsAfter } from '../src/db/events.sql.js';
import { buildEvent, eventDetail } from '../src/domain/events.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import type { FileWrapperRecord } from '../src/products/file-wrapper/record.js';
import { detectScheduledEvents, type ScheduledDetector } from '../src/ingest/scheduled.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { fullRecord, itemsOf, tx } from './helpers/file-wrapper-records.js';

/**
 * DESIGN.md D24: events carry a sequence that commits in order, so a reader paging the feed by
 * `seq` while ingests commit never skips an event. On PostgreSQL the ingests really overlap
 * (each batch its own connection); on the embedded engine one session serializes them.
 */
let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => database?.drop());

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded engine';

/** Reads the whole feed from `after`, a page at a time, as a feed client or the delivery worker does. */
async function drain(after: number, seen: FeedEvent[]): Promise<number> {
  let cursor = after;
  for (;;) {
    const page = await listEventsAfter(db, cursor, 5);
    if (page.length === 0) return cursor;
    seen.push(...page);
    cursor = page.at(-1)!.seq;
  }
}

describe(`the event feed (${engine})`, () => {
  it('an event committed after a later-started batch is not skipped by a reader paging between them', async () => {
    const eventA = buildEvent(
      'office_action',
      { applicationNumber: '19000001' },
      '2026-01-05',
      'A',
      eventDetail.transaction({ code: 'MCTNF', description: 'A' }),
    );
    const eventB = buildEvent(
      'office_action',
      { applicationNumber: '19000002' },
      '2026-01-05',
      'B',
      eventDetail.transaction({ code: 'MCTNF', description: 'B' }),
    );
    const start = await drain(0, []);

    let releaseA!: () => void;
    const gateA = new Promise<void>((resolve) => (releaseA = resolve));
    let aInserted!: () => void;
    const inserted = new Promise<void>((resolve) => (aInserted = resolve));
    const batchA = db.transaction(async (t) => {
      await insertEvents(t, [eventA], new Date(), null);
      aInserted();
      await gateA; // batch A is slow to commit (a big batch, a busy server)
    });
    await inserted;
    let bCommitted = false;
    const batchB = db.transaction((t) => insertEvents(t, [eventB], new Date(), null)).then(() => (bCommitted = true));
    // Time enough for B to commit, unless it must wait for A (without the feed lock it would not).
    await Promise.race([batchB, sleep(300)]);
    expect(bCommitted).toBe(false);
    // A reader pages now (on the embedded engine its query waits its turn behind both batches).
    const seen: FeedEvent[] = [];
    const firstPage = drain(start, seen);
    await Promise.race([firstPage, sleep(50)]);
    releaseA();
    await Promise.all([batchA, batchB]);
    await drain(await firstPage, seen);
    expect(seen.map((e) => e.event_id)).toEqual([eventA.eventId, eventB.eventId]);
    expect(seen[0]!.seq).toBeLessThan(seen[1]!.seq);
  });

  it('a reader paging while two ingests commit concurrently sees every event once, in sequence order', async () => {
    const numbers = Array.from({ length: 40 }, (_, i) => String(18_500_000 + i));
    await loadFileWrapper(db, itemsOf(numbers.map((n) => fullRecord(n))), {
      product: 'PTFWPRE',
      fileName: 'backfile.json',
      fileDate: '2026-11-18',
    });
    // Each changed application yields two events (its office action and its status change).
    const daily = (part: string[]): FileWrapperRecord[] =>
      part.map((n) =>
        fullRecord(
          n,
          { statusCode: 41, statusDescription: 'Non Final Action Mailed', statusDate: '2026-11-19' },
          { transactions: [tx('2026-11-19', 'MCTNF', 'Mail Non-Final Rejection')] },
        ),
      );
    const start = await drain(0, []);
    const seen: FeedEvent[] = [];
    let cursor = start;
    let done = false;
    const ingests = Promise.all([
      loadFileWrapper(db, itemsOf(daily(numbers.slice(0, 20))), {
        product: 'PTFWPRD',
        fileName: 'a.json',
        fileDate: '2026-11-19',
        batchSize: 1,
      }),
      loadFileWrapper(db, itemsOf(daily(numbers.slice(20))), {
        product: 'PTFWPRD',
        fileName: 'b.json',
        fileDate: '2026-11-19',
        batchSize: 1,
      }),
    ]).finally(() => (done = true));
    while (!done) {
      const page = await listEventsAfter(db, cursor, 3);
      seen.push(...page);
      cursor = page.at(-1)?.seq ?? cursor;
      await sleep(1);
    }
    const summaries = await ingests;
    await drain(cursor, seen);

    expect(summaries.map((s) => s.events)).toEqual([40, 40]);
    const all = await db.query<{ event_id: string }>(`SELECT event_id FROM events WHERE seq > $1 ORDER BY seq`, [start]);
    expect(seen.map((e) => e.event_id)).toEqual(all.rows.map((r) => r.event_id));
    expect(new Set(seen.map((e) => e.event_id)).size).toBe(80);
  });
});

describe(`time-driven detection (${engine})`, () => {
  it('records what a scheduled detector finds once, in the same feed', async () => {
    // Stands in for the fee-window and deadline detectors that arrive with their products.
    const windows: ScheduledDetector = {
      name: 'test-windows',
      detect: async (_tx, now) => [
        buildEvent(
          'maintenance_due',
          { applicationNumber: '16695054', patentNumber: '10916753' },
          '2024-08-09',
          '3.5y',
          eventDetail.maintenance({ window: '3.5y', due: now.toISOString().slice(0, 10), surchargeUntil: '2025-02-10' }),
        ),
      ],
    };
    const now = new Date('2026-11-20T05:00:00Z');
    const start = await drain(0, []);
    expect(await detectScheduledEvents(db, [windows], now)).toEqual([{ name: 'test-windows', detected: 1, inserted: 1 }]);
    expect(await detectScheduledEvents(db, [windows], now)).toEqual([{ name: 'test-windows', detected: 1, inserted: 0 }]);
    const seen: FeedEvent[] = [];
    await drain(start, seen);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      event_type: 'maintenance_due',
      application_number: '16695054',
      patent_number: '10916753',
      occurred_on: '2024-08-09',
      detected_at: now,
      detail: { window: '3.5y', due: '2026-11-20', surcharge_until: '2025-02-10' },
    });
  });
});
