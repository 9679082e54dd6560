import { createHash } from 'node:crypto';
import { connect, type AddressInfo, type Socket } from 'node:net';
import ICAL from 'ical.js';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toEasternDate } from '../src/domain/provenance.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { resolveEntities } from '../src/products/registry.js';
import { balanceOf, createTestApp, fundedKey, signUp, type TestContext } from './helpers/app.js';
import { fullRecord, itemsOf, party, tx } from './helpers/file-wrapper-records.js';

// Dates are worked out in plain UTC arithmetic here, apart from the service's calendar code. The
// feed's window starts today, so the portfolio is dated from today's real date.
const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daysAfter = (date: string, days: number) => iso(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);
/** The same day of the month `months` later; days 12–18 exist in every month, so nothing is clamped. */
function monthsAfter(date: string, months: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return iso(d.getTime());
}
/**
 * A Tuesday, Wednesday or Thursday the 12th–18th is a business day every year: the fixed federal
 * holidays fall on the 1st, 4th, 11th, 19th and 25th (and Inauguration Day the 20th), the others on
 * Mondays, and Thanksgiving on a Thursday the 22nd–28th. A due date there is never rolled.
 */
function plainBusinessDay(date: string): boolean {
  const day = Number(date.slice(8));
  return day >= 12 && day <= 18 && [2, 3, 4].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
}
function firstDay(from: string, last: string, fits: (date: string) => boolean): string {
  for (let date = from; date <= last; date = daysAfter(date, 1)) if (fits(date)) return date;
  throw new Error(`no day from ${from} to ${last} fits`);
}

const TODAY = toEasternDate(new Date());
const FILE_DATE = daysAfter(TODAY, -1);
const HOST = 'patents.example.test';

// 18500101, a non-final rejection mailed on M1: 3 months (35 USC 133, MPEP 710.02(b)) → due D1 =
// M1 + 3 months; extensions reach 3 + 5 = 8 months, capped at 6 by 35 USC 133 → last L1 = M1 + 6 months.
// D1 is chosen 20–85 days ahead with D1 and L1 plain business days, so neither rolls.
const D1 = firstDay(daysAfter(TODAY, 20), daysAfter(TODAY, 85), (d) => plainBusinessDay(d) && plainBusinessDay(monthsAfter(d, 3)));
const M1 = monthsAfter(D1, -3);
const L1 = monthsAfter(M1, 6);
// 18500102, a notice of allowance mailed on M2: the issue fee is due M2 + 3 months, not extendable
// (37 CFR 1.311(a)) → due = last = D2, a plain business day 14–85 days ahead.
const D2 = firstDay(daysAfter(TODAY, 14), daysAfter(TODAY, 85), (d) => plainBusinessDay(d) && d !== D1);
const M2 = monthsAfter(D2, -3);
// Soonest first (D1 ≠ D2).
const [FIRST, SECOND] = D1 < D2 ? (['18500101', '18500102'] as const) : (['18500102', '18500101'] as const);

const NON_FINAL_ID = `18500101:office_action_reply:${M1}:non_final`;
const ISSUE_FEE_ID = `18500102:issue_fee:${M2}:notice_of_allowance`;

const nonFinal = (number: string, applicant = 'Acme Widgets, Inc.') =>
  fullRecord(
    number,
    { statusCode: 41, statusDescription: 'Non Final Action Mailed', statusDate: M1, applicantName: applicant },
    {
      transactions: [tx(M1, 'MCTNF', 'Mail Non-Final Rejection'), tx(daysAfter(M1, -4), 'CTNF', 'Non-Final Rejection')],
      parties: [party('applicant', applicant, { city: 'Dover', region: 'DE', country: 'US' })],
    },
  );
const allowed = (number: string) =>
  fullRecord(
    number,
    { statusCode: 93, statusDescription: 'Notice of Allowance Mailed -- Application Received in Office of Publications', statusDate: M2 },
    { transactions: [tx(M2, 'MN/=.', 'Mail Notice of Allowance')] },
  );

let ctx: TestContext;
let key: string;
let orgId: string;
let otherKey: string;
const logs: string[] = [];

const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, apiKey: string | null = key) => {
  const response = await ctx.app.inject({
    method,
    url,
    headers: apiKey === null ? {} : { 'x-api-key': apiKey },
    ...(payload ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    body: response.body && String(response.headers['content-type']).startsWith('application/json') ? response.json() : null,
    text: response.body,
    type: response.headers['content-type'],
    charged: response.headers['x-credits-charged'],
    remaining: response.headers['x-credits-remaining'],
  };
};
const create = (input: object, apiKey = key) => call('POST', '/v1/calendars', input, apiKey);
/** What a calendar program does: GET the address, no key, no other header. */
const subscribe = (url: string) => call('GET', new URL(url).pathname, undefined, null);

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((event) => {
    const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
    const alarm = event.getFirstSubcomponent('valarm');
    return {
      uid: event.getFirstPropertyValue('uid'),
      start: start.toString(),
      allDay: start.isDate,
      summary: event.getFirstPropertyValue('summary'),
      description: event.getFirstPropertyValue('description') as string,
      alarm: alarm && { action: alarm.getFirstPropertyValue('action'), trigger: String(alarm.getFirstPropertyValue('trigger')) },
    };
  });
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    prodId: calendar.getFirstPropertyValue('prodid') as string,
    version: calendar.getFirstPropertyValue('version'),
    events,
  };
}

beforeAll(async () => {
  ctx = await createTestApp({ logger: pino({ level: 'info' }, { write: (line: string) => void logs.push(line) }) });
  ({ apiKey: key, orgId } = await fundedKey(ctx, 'calendars@example.com', 1000));
  otherKey = (await fundedKey(ctx, 'other-calendars@example.com', 1000)).apiKey;
  const summary = await loadFileWrapper(ctx.db, itemsOf([nonFinal('18500101'), allowed('18500102'), nonFinal('18500103')]), {
    product: 'PTFWPRD',
    fileName: 'daily.json',
    fileDate: FILE_DATE,
  });
  expect(summary).toMatchObject({ read: 3, rejected: 0 });
});
afterAll(async () => ctx.close());

describe('a calendar feed of a portfolio', () => {
  let created: Record<string, unknown> & { token: string; url: string; calendar_id: string };

  it('POST /v1/calendars saves the query and shows the token and address once, free', async () => {
    const before = await balanceOf(ctx, orgId);
    const response = await create({ name: 'Acme docket', application_numbers: '18500101,18500102' });
    expect(response.status).toBe(201);
    expect(response.charged).toBe('0');
    created = response.body;
    expect(created).toEqual({
      calendar_id: expect.stringMatching(/^cal_[0-9A-Za-z]{20}$/),
      name: 'Acme docket',
      prefix: created.token.slice(0, 12),
      query: { application_numbers: '18500101,18500102', horizon_days: 365 },
      alarm_days: 7,
      created_at: expect.any(String),
      last_used_at: null,
      token: expect.stringMatching(/^psc_[0-9A-Za-z]{32}$/),
      url: `https://${HOST}/calendars/${created.token}.ics`,
    });
    expect(await balanceOf(ctx, orgId)).toBe(before);
  });

  it('serves RFC 5545 to a program that sends no key: one all-day event per deadline, stable UIDs, the basis, a 7-day alarm', async () => {
    const response = await subscribe(created.url);
    expect(response.status).toBe(200);
    expect(response.type).toBe('text/calendar; charset=utf-8');
    const calendar = parse(response.text);
    expect(calendar.name).toBe('Acme docket');
    expect(calendar.version).toBe('2.0');
    expect(calendar.prodId).toContain('Patent Status Service');
    const byUid = new Map(calendar.events.map((event) => [event.uid, event]));
    expect(calendar.events.map((event) => event.uid)).toEqual(
      [FIRST, SECOND].map((n) => `${n === '18500101' ? NON_FINAL_ID : ISSUE_FEE_ID}@${HOST}`),
    );

    const reply = byUid.get(`${NON_FINAL_ID}@${HOST}`)!;
    expect(reply).toMatchObject({
      start: D1,
      allDay: true,
      summary: '18/500,101 — reply to non-final rejection due',
      alarm: { action: 'DISPLAY', trigger: '-P7D' },
    });
    for (const line of [
      `Due: ${D1}`,
      `Last date: ${L1}`,
      'If missed: the application is abandoned',
      'Rule: 35 USC 133; 37 CFR 1.134; MPEP 710.02(b)',
      `Counts from: ${M1}`,
      `Transaction: MCTNF of ${M1}`,
      `Source: PTFWPRD file of ${FILE_DATE}`,
    ])
      expect(reply.description).toContain(line);

    const issueFee = byUid.get(`${ISSUE_FEE_ID}@${HOST}`)!;
    expect(issueFee).toMatchObject({
      start: D2,
      allDay: true,
      summary: '18/500,102 — issue fee due',
      alarm: { action: 'DISPLAY', trigger: '-P7D' },
    });
    for (const line of [
      `Last date: ${D2} (no extension or surcharge can move it)`,
      'Rule: 35 USC 151; 37 CFR 1.311(a); MPEP 1306',
      `Counts from: ${M2}`,
      `Transaction: MN/=. of ${M2}`,
    ])
      expect(issueFee.description).toContain(line);
  });

  it('holds what the docket answers for the same query, and keeps each UID from one refresh to the next', async () => {
    const docket = await call('GET', `/v1/deadlines?application_numbers=18500101,18500102&from=${TODAY}`);
    const ids = docket.body.deadlines.map((d: { deadline_id: string; due_date: string }) => [`${d.deadline_id}@${HOST}`, d.due_date]);
    const again = parse((await subscribe(created.url)).text);
    expect(again.events.map((event) => [event.uid, event.start])).toEqual(ids);
  });

  it('charges the feed’s organization 1 unit for up to 100 deadlines, and tells the token’s holder nothing of its balance', async () => {
    const before = await balanceOf(ctx, orgId);
    const response = await subscribe(created.url);
    expect(response.status).toBe(200);
    expect(response.charged).toBe('1');
    expect(response.remaining).toBeUndefined();
    expect(await balanceOf(ctx, orgId)).toBe(before - 1);
  });

  it('lists the feed with its last read, never the token', async () => {
    const listed = await call('GET', '/v1/calendars');
    expect(listed.status).toBe(200);
    expect(listed.charged).toBe('0');
    expect(listed.text).not.toContain(created.token);
    expect(listed.body.calendars).toEqual([
      {
        calendar_id: created.calendar_id,
        name: 'Acme docket',
        prefix: created.prefix,
        query: created.query,
        alarm_days: 7,
        created_at: created.created_at,
        last_used_at: expect.any(String),
      },
    ]);
  });

  it('keeps only the token’s SHA-256 hash', async () => {
    const { rows } = await ctx.db.query<{ token_hash: Uint8Array; prefix: string }>(`SELECT * FROM calendar_feeds WHERE calendar_id = $1`, [
      created.calendar_id,
    ]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(created.token);
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(12));
    expect(Buffer.from(rows[0]!.token_hash).equals(createHash('sha256').update(created.token).digest())).toBe(true);
    expect(rows[0]!.prefix).toBe(created.token.slice(0, 12));
  });

  it('answers 404 in the error shape to a tampered, malformed or absent token, free', async () => {
    const path = new URL(created.url).pathname;
    const last = created.token.at(-1)!;
    const tampered = path.replace(`${created.token}.ics`, `${created.token.slice(0, -1)}${last === 'a' ? 'b' : 'a'}.ics`);
    for (const url of [tampered, '/calendars/psc_nope.ics', '/calendars/.ics', `/calendars/${created.token.toLowerCase()}x.ics`]) {
      const response = await call('GET', url, undefined, null);
      expect(response.status, url).toBe(404);
      expect(response.body, url).toMatchObject({ error: 'not_found', message: expect.any(String), request_id: expect.any(String) });
      expect(response.charged, url).toBe('0');
    }
  });

  it('never writes the token to the log', () => {
    expect(logs.some((line) => line.includes('/calendars/[token].ics'))).toBe(true);
    expect(logs.filter((line) => line.includes(created.token))).toEqual([]);
  });

  it('another organization’s feed reads its own query only, and it cannot see or delete this one', async () => {
    const theirs = await create({ name: 'Other docket', application_numbers: '18500103' }, otherKey);
    expect(theirs.status).toBe(201);
    const events = parse((await subscribe(theirs.body.url)).text).events;
    expect(events.map((event) => event.uid)).toEqual([`18500103:office_action_reply:${M1}:non_final@${HOST}`]);
    expect((await call('GET', '/v1/calendars', undefined, otherKey)).body.calendars.map((c: { name: string }) => c.name)).toEqual([
      'Other docket',
    ]);
    expect((await call('DELETE', `/v1/calendars/${created.calendar_id}`, undefined, otherKey)).status).toBe(404);
    expect((await subscribe(created.url)).status).toBe(200);
  });

  it('DELETE revokes it: 204, then its address answers 404 and the list drops it', async () => {
    const deleted = await call('DELETE', `/v1/calendars/${created.calendar_id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.charged).toBe('0');
    const after = await subscribe(created.url);
    expect(after.status).toBe(404);
    expect(after.body).toMatchObject({ error: 'not_found' });
    expect((await call('GET', '/v1/calendars')).body.calendars).toEqual([]);
    expect((await call('DELETE', `/v1/calendars/${created.calendar_id}`)).status).toBe(404);
  });
});

describe('the saved query', () => {
  it('looks horizon_days ahead of today and leaves the alarm out when alarm_days is null', async () => {
    // The horizon ends on the sooner of the two due dates: the later one is outside.
    const horizon = Math.round((Date.parse(D1 < D2 ? D1 : D2) - Date.parse(TODAY)) / DAY_MS);
    const response = await create({ name: 'Soon', application_numbers: '18500101,18500102', horizon_days: horizon, alarm_days: null });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ query: { horizon_days: horizon }, alarm_days: null });
    const events = parse((await subscribe(response.body.url)).text).events;
    expect(events.map((event) => [event.start, event.alarm])).toEqual([[D1 < D2 ? D1 : D2, null]]);
  });

  it('sets the alarm alarm_days before, and narrows to kinds', async () => {
    const response = await create({ name: 'Fees', application_numbers: '18500101,18500102', kinds: 'issue_fee', alarm_days: 30 });
    const events = parse((await subscribe(response.body.url)).text).events;
    expect(events.map((event) => [event.uid, event.alarm])).toEqual([[`${ISSUE_FEE_ID}@${HOST}`, { action: 'DISPLAY', trigger: '-P30D' }]]);
  });

  it('is checked as the docket checks its query, in body terms, free', async () => {
    const before = await balanceOf(ctx, orgId);
    const refused = [
      [{ name: 'x', application_numbers: '18500101', patent_numbers: '11646472' }, 422, ['body', 'patent_numbers']],
      [{ name: 'x' }, 422, ['body']],
      [{ name: 'x', application_numbers: '185001' }, 422, ['body', 'application_numbers']],
      [{ name: 'x', application_numbers: '18500101', kinds: 'lunch' }, 422, ['body', 'kinds']],
      [{ name: 'x', entity_id: 'acme' }, 422, ['body', 'entity_id']],
      [{ name: 'x', application_numbers: '18500101', horizon_days: 1831 }, 422, ['body', 'horizon_days']],
      [{ name: 'x', application_numbers: '18500101', alarm_days: 91 }, 422, ['body', 'alarm_days']],
      [{ name: 'line\nbreak', application_numbers: '18500101' }, 422, ['body', 'name']],
      [{ name: 'x', entity_id: 'ent_0000000000000000' }, 404, null],
      [{ name: 'x', monitor_id: 'mon_00000000000000000000' }, 404, null],
    ] as const;
    for (const [input, status, loc] of refused) {
      const response = await create(input);
      expect(response.status, JSON.stringify(input)).toBe(status);
      expect(response.charged).toBe('0');
      if (loc) expect(response.body.detail[0].loc, JSON.stringify(input)).toEqual(loc);
      else expect(response.body.error).toBe('not_found');
    }
    expect(await balanceOf(ctx, orgId)).toBe(before);
  });
});

describe('an organization that cannot pay', () => {
  it('may save a feed (free), but reading it is a 402 in the error shape, charging nothing', async () => {
    const unfunded = await signUp(ctx.app, 'unfunded-calendars@example.com');
    const response = await create({ name: 'Unpaid', application_numbers: '18500101' }, unfunded.apiKey);
    expect(response.status).toBe(201);
    const feed = await subscribe(response.body.url);
    expect(feed.status).toBe(402);
    expect(feed.charged).toBe('0');
    expect(feed.body).toMatchObject({ error: 'payment_required', checkout: { path: '/agent/checkout-link' } });
    expect(await balanceOf(ctx, unfunded.orgId)).toBe(0);
  });
});

describe('a portfolio of more than one page', () => {
  // 1,050 applications of one applicant, each with the non-final rejection of M1: 1,050 deadlines.
  const BULK = 1050;
  let entityId: string;

  beforeAll(async () => {
    const numbers = Array.from({ length: BULK }, (_, i) => String(18_600_000 + i));
    await loadFileWrapper(ctx.db, itemsOf(numbers.map((n) => nonFinal(n, 'Calendar Mills, Inc.'))), {
      product: 'PTFWPRD',
      fileName: 'bulk.json',
      fileDate: FILE_DATE,
    });
    await resolveEntities(ctx.db);
    entityId = (await call('GET', '/v1/applications/18600000')).body.applicant_entity_id;
  });

  it('costs ⌈1,050 / 100⌉ = 11 units, as paging GET /v1/deadlines 100 at a time does', async () => {
    const payer = await fundedKey(ctx, 'bulk-calendars@example.com', 100);
    let docketUnits = 0;
    let docketRows = 0;
    for (let url: string | null = `/v1/deadlines?entity_id=${entityId}&limit=100`; url !== null;) {
      const page: Awaited<ReturnType<typeof call>> = await call('GET', url, undefined, payer.apiKey);
      docketUnits += Number(page.charged);
      docketRows += page.body.deadlines.length;
      url = page.body.next_cursor ? `/v1/deadlines?entity_id=${entityId}&limit=100&cursor=${page.body.next_cursor}` : null;
    }
    expect([docketRows, docketUnits]).toEqual([BULK, 11]);

    const feed = await create({ name: 'Mills', entity_id: entityId, alarm_days: null }, payer.apiKey);
    const before = await balanceOf(ctx, payer.orgId);
    const response = await subscribe(feed.body.url);
    expect(response.status).toBe(200);
    expect(response.charged).toBe('11');
    const events = parse(response.text).events;
    expect(events).toHaveLength(BULK);
    expect(new Set(events.map((event) => event.uid)).size).toBe(BULK);
    expect(await balanceOf(ctx, payer.orgId)).toBe(before - 11);
  });

  it('serves an organization that has exactly the 11 units, and refuses one with 10 before reading on, charging nothing', async () => {
    for (const [units, status] of [
      [11, 200],
      [10, 402],
    ] as const) {
      const payer = await fundedKey(ctx, `bulk-${units}@example.com`, units);
      const feed = await create({ name: 'Mills', entity_id: entityId }, payer.apiKey);
      const response = await subscribe(feed.body.url);
      expect(response.status, `${units} units`).toBe(status);
      if (status === 402) {
        expect(response.body).toMatchObject({ error: 'payment_required', message: expect.stringContaining('1 unit per 100 deadlines') });
        // The token's holder learns nothing of the organization's balance.
        expect(response.text).not.toContain(`${units} units`);
        expect(response.charged).toBe('0');
      }
      expect(await balanceOf(ctx, payer.orgId)).toBe(status === 200 ? 0 : units);
    }
  });
});

describe('over real connections', () => {
  let port: number;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });

  /** Sends a calendar program's request, does `then` to the connection, and resolves with what arrived until it closed. */
  const exchange = (path: string, then: (socket: Socket) => void, close = false) =>
    new Promise<string>((resolve) => {
      let received = '';
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET ${path} HTTP/1.1\r\nHost: ${HOST}\r\n${close ? 'Connection: close\r\n' : ''}\r\n`);
        then(socket);
      });
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(received));
    });
  const delivered = (received: string) => (received.match(/HTTP\/1\.1 200 /g) ?? []).length;

  it('charges a read only when the calendar reached the program (D30)', async () => {
    const payer = await fundedKey(ctx, 'socket-calendars@example.com', 100);
    const small = await create({ name: 'Socket', application_numbers: '18500101,18500102' }, payer.apiKey);
    const entityId = (await call('GET', '/v1/applications/18600000')).body.applicant_entity_id;
    const bulk = await create({ name: 'Socket bulk', entity_id: entityId }, payer.apiKey);
    const before = await balanceOf(ctx, payer.orgId);
    const paths = [new URL(small.body.url).pathname, new URL(bulk.body.url).pathname];
    // Reset as soon as asked: the server learns it when it writes, and that answer is not charged.
    for (const path of paths) expect(delivered(await exchange(path, (socket) => socket.resetAndDestroy()))).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await balanceOf(ctx, payer.orgId)).toBe(before);
    // Read whole, each costs what it holds: 1 unit, and 11.
    let spent = 0;
    for (const [path, units] of [
      [paths[0]!, 1],
      [paths[1]!, 11],
    ] as const) {
      const whole = await exchange(path, () => undefined, true);
      expect(delivered(whole)).toBe(1);
      expect(whole).toContain('END:VCALENDAR');
      spent += units;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(before - (await balanceOf(ctx, payer.orgId))).toBe(spent);
    }
  });
});
