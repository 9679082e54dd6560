import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvents } from '../src/db/events.sql.js';
import { buildEvent, type DetectedEvent, eventDetail } from '../src/domain/events.js';
import { resolveEntities } from '../src/products/registry.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { fullRecord, itemsOf, party } from './helpers/file-wrapper-records.js';

let ctx: TestContext;
let key: string;
const get = async (url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
  return { status: response.statusCode, body: response.json(), charged: response.headers['x-credits-charged'] };
};

const action = (applicationNumber: string, date: string, code = 'MCTNF') =>
  buildEvent(
    'office_action',
    { applicationNumber, patentNumber: null },
    date,
    code,
    eventDetail.transaction({ code, description: 'Mail Non-Final Rejection' }),
  );
const grant = (applicationNumber: string, patentNumber: string, date: string) =>
  buildEvent('grant', { applicationNumber, patentNumber }, date, patentNumber, eventDetail.grant(patentNumber));
const record = (events: DetectedEvent[], at: string) => ctx.db.transaction((tx) => insertEvents(tx, events, new Date(at), null));

let entityId: string;

/** An application whose only party is its applicant company (in Dover, DE). */
const applicant = (number: string, name: string, metadata = {}) =>
  fullRecord(
    number,
    { applicantName: name, ...metadata },
    { parties: [party('applicant', name, { city: 'Dover', region: 'DE', country: 'US' })] },
  );

beforeAll(async () => {
  ctx = await createTestApp();
  key = (await fundedKey(ctx, 'feed@example.com', 1000)).apiKey;
  await loadFileWrapper(
    ctx.db,
    itemsOf([
      applicant('18600001', 'Zephyr Looms, Inc.'),
      applicant('18600002', 'Zephyr Looms, Inc.', { patentNumber: '12100002', grantDate: '2025-03-04' }),
      applicant('18600003', 'Quill & Kettle LLC'),
    ]),
    { product: 'PTFWPRE', fileName: 'backfile.json', fileDate: '2025-01-01' },
  );
  await resolveEntities(ctx.db);
  entityId = (await get('/v1/applications/18600001')).body.applicant_entity_id;
  await record([action('18600001', '2025-02-03'), action('18600003', '2025-02-04')], '2025-02-05T06:00:00Z');
  await record([grant('18600002', '12100002', '2025-03-04')], '2025-03-05T06:00:00Z');
  await record([action('18600003', '2025-04-01', 'MCTFR'), action('18600001', '2025-04-02', 'MCTFR')], '2025-04-03T06:00:00Z');
});
afterAll(async () => ctx.close());

const numbers = (body: { events: { application_number: string; event_type: string }[] }) =>
  body.events.map((e) => `${e.event_type} ${e.application_number}`);

describe('GET /v1/events', () => {
  it('needs a filter besides since (400 missing_filter), and refuses what it cannot read (422)', async () => {
    expect((await get('/v1/events')).status).toBe(400);
    expect(await get('/v1/events?since=2025-01-01')).toMatchObject({ status: 400, body: { error: 'missing_filter' }, charged: '0' });
    expect((await get('/v1/events?types=office_action,nonsense')).body.detail[0]).toMatchObject({
      loc: ['query', 'types'],
      input: 'nonsense',
    });
    expect((await get('/v1/events?application_numbers=1860000')).status).toBe(422);
    expect((await get('/v1/events?types=grant&since=yesterday')).status).toBe(422);
    expect((await get('/v1/events?entity_ids=ent_0000000000000000')).status).toBe(404);
  });

  it('filters by type, application, patent and since, in commit order, with the event fields', async () => {
    const byType = await get('/v1/events?types=office_action');
    expect(byType.status).toBe(200);
    expect(numbers(byType.body)).toEqual([
      'office_action 18600001',
      'office_action 18600003',
      'office_action 18600003',
      'office_action 18600001',
    ]);
    expect(byType.body.events[0]).toEqual({
      event_id: expect.stringMatching(/^evt_/),
      event_type: 'office_action',
      occurred_on: '2025-02-03',
      detected_at: '2025-02-05T06:00:00.000Z',
      application_number: '18600001',
      patent_number: null,
      entity_id: null,
      detail: { code: 'MCTNF', description: 'Mail Non-Final Rejection' },
    });
    expect(numbers((await get('/v1/events?application_numbers=18600003')).body)).toEqual([
      'office_action 18600003',
      'office_action 18600003',
    ]);
    expect(numbers((await get('/v1/events?patent_numbers=12,100,002'.replace(/,/g, ''))).body)).toEqual(['grant 18600002']);
    expect(numbers((await get('/v1/events?types=office_action,grant&since=2025-03-05')).body)).toEqual([
      'grant 18600002',
      'office_action 18600003',
      'office_action 18600001',
    ]);
    expect(numbers((await get('/v1/events?types=grant&since=2025-03-05T06:00:01Z')).body)).toEqual([]);
  });

  it('finds the events of the applications and patents linked to an entity', async () => {
    expect(entityId).toMatch(/^ent_/);
    expect(numbers((await get(`/v1/events?entity_ids=${entityId}`)).body)).toEqual([
      'office_action 18600001',
      'grant 18600002',
      'office_action 18600001',
    ]);
  });

  it('a reader following next_cursor while events commit misses and repeats none, and polls on from the end', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    const pageOf = async () => {
      const { body } = await get(`/v1/events?types=office_action,grant&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...body.events.map((e: { event_id: string }) => e.event_id));
      cursor = body.next_cursor;
      return body.events.length;
    };
    expect(await pageOf()).toBe(2);
    // Committed while the reader is between pages.
    await record([action('18600003', '2025-05-01', 'MCTAV')], '2025-05-02T06:00:00Z');
    while ((await pageOf()) > 0);
    expect(cursor).not.toBeNull();
    await record([grant('18600001', '12100001', '2025-06-03')], '2025-06-04T06:00:00Z');
    expect(await pageOf()).toBe(1);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    // A cursor belongs to its filter.
    expect((await get(`/v1/events?types=grant&cursor=${cursor}`)).status).toBe(422);
  });
});
