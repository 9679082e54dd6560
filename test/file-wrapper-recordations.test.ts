import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEntities } from '../src/products/registry.js';
import { loadFileWrapper } from '../src/products/file-wrapper/load.js';
import { parseFileWrapperFile } from '../src/products/file-wrapper/parse.js';
import { ingestFile, productNamed } from '../src/products/registry.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';
import { fullRecord, itemsOf } from './helpers/file-wrapper-records.js';
import { collect, records } from './helpers/parsed-items.js';
import { SAMPLES_DIR, samplesPresent } from './helpers/samples.js';

/**
 * Both products print recordations: the assignment files, and each file wrapper record's
 * assignmentBag. Every assignment answer joins them by reel/frame, the assignment files' copy
 * served where both have it (domain/evidence.ts), whichever product came first.
 */
const V1 = join(SAMPLES_DIR, 'file-wrapper-json', 'odp-v1');
const RECORD = join(V1, '16123456.application.record.json');
const HISTORY = join(SAMPLES_DIR, 'assignment-xml', 'ad20150727.excerpt.xml');
const assignments = productNamed('assignments')!;
const ENTITY_ID = expect.stringMatching(/^ent_[a-z0-9]{16}$/);
const dir = mkdtempSync(join(tmpdir(), 'pss-bag-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The bag of 16123456 (patent 10902286), by hand from the JSON: reelNumber 46816 / frameNumber 108, recorded
// 2018-09-07, "ASSIGNMENT OF ASSIGNORS INTEREST", KANADA, SHOJI (executed 2018-07-11) to FUJIFILM CORPORATION at
// "26-30, NISHIAZABU 2-CHOME, MINATO-KU", TOKYO 106-8620, region JPX (Japan: no state).
const FUJIFILM_FROM_BAG = {
  reel_frame: '046816/0108',
  recorded_date: '2018-09-07',
  execution_date: '2018-07-11',
  conveyance_type: 'assignment',
  conveyance_text: 'ASSIGNMENT OF ASSIGNORS INTEREST (SEE DOCUMENT FOR DETAILS).',
  assignors: [{ name: 'KANADA, SHOJI', execution_date: '2018-07-11' }],
  assignees: [
    {
      name: 'FUJIFILM CORPORATION',
      entity_id: null,
      address: { lines: ['26-30, NISHIAZABU 2-CHOME, MINATO-KU'], city: 'TOKYO', state: null, postcode: '106-8620', country: 'JP' },
    },
  ],
  // A bag's copy covers the application that prints it: its own numbers, title and filing date.
  property_count: 1,
  properties: [
    {
      application_number: '16123456',
      patent_number: '10902286',
      publication_number: '20190095759',
      title:
        'LEARNING ASSISTANCE DEVICE, METHOD OF OPERATING LEARNING ASSISTANCE DEVICE, LEARNING ASSISTANCE PROGRAM, LEARNING ASSISTANCE SYSTEM, AND TERMINAL DEVICE',
      filing_date: '2018-09-06',
    },
  ],
  source: { product: 'PTFWPRE', file_date: '2021-01-30' },
};

interface Recordation {
  reel: number;
  frame: number;
  recorded: string;
  conveyance: string;
  assignor: [string, string];
  assignee: string;
  properties: string[];
}

/** A daily assignment file (PASDL) in the office's shape, its recordations' properties as written. */
function assignmentFile(date: string, recordations: Recordation[]): string {
  const path = join(dir, `ad${date}.xml`);
  const record = (r: Recordation) => `<patent-assignment><assignment-record><reel-no>${r.reel}</reel-no><frame-no>${r.frame}</frame-no>
<last-update-date><date>${date}</date></last-update-date><purge-indicator>N</purge-indicator>
<recorded-date><date>${r.recorded}</date></recorded-date><page-count>3</page-count>
<correspondent><name>BIRCH, STEWART, KOLASCH &amp; BIRCH, LLP</name><address-1>8110 GATEHOUSE ROAD, SUITE 100E</address-1></correspondent>
<conveyance-text>${r.conveyance}</conveyance-text></assignment-record>
<patent-assignors><patent-assignor><name>${r.assignor[0]}</name><execution-date><date>${r.assignor[1]}</date></execution-date></patent-assignor></patent-assignors>
<patent-assignees><patent-assignee><name>${r.assignee}</name><address-1>26-30, NISHIAZABU 2-CHOME, MINATO-KU</address-1><city>TOKYO</city>
<country-name>JAPAN</country-name><postcode>106-8620</postcode></patent-assignee></patent-assignees>
<patent-properties>${r.properties.join('')}</patent-properties></patent-assignment>`;
  writeFileSync(
    path,
    `<?xml version="1.0" encoding="utf-8"?>
<us-patent-assignments dtd-version="1.0"><action-key-code>DA</action-key-code><transaction-date><date>${date}</date></transaction-date>
<patent-assignments>${recordations.map(record).join('')}</patent-assignments></us-patent-assignments>`,
  );
  return path;
}

const documentId = (number: string, kind: string, date: string) =>
  `<document-id><country>US</country><doc-number>${number}</doc-number><kind>${kind}</kind><date>${date}</date></document-id>`;
/** 16123456 as the assignment files name it, by application, publication and patent. */
const PROPERTY_16123456 = `<patent-property>${documentId('16123456', 'X0', '20180906')}${documentId('20190095759', 'A1', '20190328')}${documentId('10902286', 'B2', '20210126')}<invention-title lang="en">LEARNING ASSISTANCE DEVICE</invention-title></patent-property>`;

/** The assignment files' copy of the bag's recordation, with a property the bag cannot know: another FUJIFILM application. */
const FUJIFILM_FILE = () =>
  assignmentFile('20210201', [
    {
      reel: 46816,
      frame: 108,
      recorded: '20180907',
      conveyance: 'ASSIGNMENT OF ASSIGNORS INTEREST (SEE DOCUMENT FOR DETAILS).',
      assignor: ['KANADA, SHOJI', '20180711'],
      assignee: 'FUJIFILM CORPORATION',
      properties: [PROPERTY_16123456, `<patent-property>${documentId('16123457', 'X0', '20180906')}</patent-property>`],
    },
  ]);

async function open() {
  const ctx = await createTestApp();
  const { apiKey } = await fundedKey(ctx, 'bags@example.com', 1000);
  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { 'x-api-key': apiKey } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  return { ctx, get, apiKey };
}

const loadRecord = (ctx: TestContext, product: 'PTFWPRE' | 'PTFWPRD', fileDate: string) =>
  loadFileWrapper(ctx.db, parseFileWrapperFile(RECORD), { product, fileName: '16123456.json', fileDate });

describe.skipIf(!samplesPresent('file-wrapper-json', 'assignment-xml'))('recordations of the file wrapper', () => {
  describe('with only the file wrapper loaded', () => {
    let ctx: TestContext;
    let get: Awaited<ReturnType<typeof open>>['get'];
    let apiKey: string;
    beforeAll(async () => {
      ({ ctx, get, apiKey } = await open());
      expect(await loadRecord(ctx, 'PTFWPRE', '2021-01-30')).toMatchObject({ inserted: 1, rejected: 0 });
    });
    afterAll(async () => ctx.close());

    it('serves the FUJIFILM recordation of its bag, and FUJIFILM as the current owner, by application and by patent', async () => {
      for (const url of ['/v1/applications/16123456/assignments', '/v1/patents/10902286/assignments']) {
        const body = await get(url);
        expect(body).toMatchObject({ application_number: '16123456', patent_number: '10902286', next_cursor: null });
        expect(body.assignments).toEqual([FUJIFILM_FROM_BAG]);
        expect(body.current_owner).toEqual({
          names: ['FUJIFILM CORPORATION'],
          entity_ids: [null],
          reel_frame: '046816/0108',
          recorded_date: '2018-09-07',
          conveyance_type: 'assignment',
          source: { product: 'PTFWPRE', file_date: '2021-01-30' },
        });
        expect(body.current_owner_reason).toBeNull();
      }
    });

    it('resolves the bag: FUJIFILM is the applicant entity, KANADA the inventor; the assignee list finds it', async () => {
      expect(await resolveEntities(ctx.db)).toMatchObject({ read: { bags: 1 } });
      const body = await get('/v1/applications/16123456/assignments');
      const fujifilm = body.assignments[0].assignees[0].entity_id;
      expect(fujifilm).toEqual(ENTITY_ID);
      expect(body.current_owner.entity_ids).toEqual([fujifilm]);
      const same = await ctx.db.query(
        `SELECT (SELECT entity_id FROM application_parties WHERE application_number = '16123456' AND role = 'applicant') AS applicant,
                (SELECT entity_id FROM application_parties WHERE application_number = '16123456' AND role = 'inventor') AS inventor,
                (SELECT entity_id FROM file_wrapper_recordation_parties WHERE role = 'assignor') AS assignor`,
      );
      expect(same.rows[0]).toEqual({ applicant: fujifilm, inventor: expect.stringMatching(/^ent_/), assignor: same.rows[0]!.inventor });
      // The MCP tool answers from the same service.
      const mcp = await ctx.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json, text/event-stream' },
        payload: {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'get_assignments', arguments: { patent_number: '10902286' } },
        },
      });
      expect(mcp.json().result.structuredContent).toMatchObject({ assignments: body.assignments, current_owner: body.current_owner });
      for (const assignee of ['fujifilm', fujifilm])
        expect((await get(`/v1/assignments?assignee=${assignee}`)).assignments).toEqual([
          { ...FUJIFILM_FROM_BAG, assignees: body.assignments[0].assignees },
        ]);
    });

    it('lists a later recordation of the assignment files with it, newest first, page by page', async () => {
      const lien = assignmentFile('20210310', [
        {
          reel: 55555,
          frame: 100,
          recorded: '20210309',
          conveyance: 'SECURITY INTEREST (SEE DOCUMENT FOR DETAILS).',
          assignor: ['FUJIFILM CORPORATION', '20210301'],
          assignee: 'MIZUHO BANK, LTD.',
          properties: [PROPERTY_16123456],
        },
      ]);
      expect(await ingestFile(ctx.db, assignments, lien)).toMatchObject({ inserted: 1, rejected: 0 });
      const first = await get('/v1/patents/10902286/assignments?limit=1');
      expect(first.assignments.map((a: { reel_frame: string; source: unknown }) => [a.reel_frame, a.source])).toEqual([
        ['055555/0100', { product: 'PASDL', file_date: '2021-03-10' }],
      ]);
      expect(first.security_interests).toEqual([
        { reel_frame: '055555/0100', recorded_date: '2021-03-09', secured_parties: ['MIZUHO BANK, LTD.'] },
      ]);
      expect(first.current_owner).toMatchObject({ names: ['FUJIFILM CORPORATION'], source: { product: 'PTFWPRE' } });
      const rest = await get(`/v1/patents/10902286/assignments?limit=1&cursor=${first.next_cursor}`);
      expect(rest.assignments.map((a: { reel_frame: string }) => a.reel_frame)).toEqual(['046816/0108']);
      expect(rest.next_cursor).toBeNull();
    });
  });

  describe('with both products loaded, in either order', () => {
    /** Each order's answers (REST bodies, as parsed). */
    const answers: Awaited<ReturnType<Awaited<ReturnType<typeof open>>['get']>>[][] = [];
    const eventRows: unknown[][] = [];

    /** 16123456 held (the backfile without its bag) and the assignment files' history loaded: what follows is news. */
    async function inOrder(order: ('fileWrapper' | 'assignments')[]) {
      const { ctx, get } = await open();
      const [record] = records(await collect(parseFileWrapperFile(RECORD)));
      await loadFileWrapper(ctx.db, itemsOf([{ ...record!, recordations: [] }]), {
        product: 'PTFWPRE',
        fileName: 'backfile.json',
        fileDate: '2021-01-30',
      });
      expect(await ingestFile(ctx.db, assignments, HISTORY)).toMatchObject({ events: 0 });
      const loads = {
        fileWrapper: () => loadRecord(ctx, 'PTFWPRD', '2021-02-02'),
        assignments: () => ingestFile(ctx.db, assignments, FUJIFILM_FILE()),
      };
      // The first copy read announces the recordation; the second finds its event id taken.
      expect(await loads[order[0]!]()).toMatchObject({ updated: order[0] === 'fileWrapper' ? 1 : 0, events: 1 });
      expect(await loads[order[1]!]()).toMatchObject({ events: 0 });
      await resolveEntities(ctx.db);
      const answer = async () =>
        Promise.all(
          ['/v1/applications/16123456/assignments', '/v1/patents/10902286/assignments', '/v1/assignments?assignee=fujifilm'].map(get),
        );
      const before = await answer();
      // Loading either file again changes nothing.
      expect(await loads.fileWrapper()).toMatchObject({ unchanged: 1, updated: 0, events: 0 });
      expect(await loads.assignments()).toMatchObject({ unchanged: 1, updated: 0, events: 0 });
      await resolveEntities(ctx.db);
      expect(await answer()).toEqual(before);
      answers.push(before);
      eventRows.push(
        (await ctx.db.query(`SELECT event_id, event_type, application_number, occurred_on, detail FROM events ORDER BY seq`)).rows,
      );
      await ctx.close();
    }

    beforeAll(async () => {
      await inOrder(['fileWrapper', 'assignments']);
      await inOrder(['assignments', 'fileWrapper']);
    });

    it("serve the assignment files' copy, with every property, the same whichever came first", () => {
      expect(answers[1]).toEqual(answers[0]);
      const [byApplication, byPatent, byAssignee] = answers[0]!;
      expect(byPatent!.assignments).toEqual(byApplication!.assignments);
      expect(byApplication!.assignments).toHaveLength(1);
      expect(byApplication!.assignments[0]).toMatchObject({
        reel_frame: '046816/0108',
        assignees: [{ name: 'FUJIFILM CORPORATION', entity_id: ENTITY_ID, address: { country: 'JAPAN' } }],
        property_count: 2,
        properties: [{ application_number: '16123456', patent_number: '10902286' }, { application_number: '16123457' }],
        source: { product: 'PASDL', file_date: '2021-02-01' },
      });
      expect(byApplication!.current_owner).toMatchObject({
        names: ['FUJIFILM CORPORATION'],
        source: { product: 'PASDL', file_date: '2021-02-01' },
      });
      expect(byAssignee!.assignments.map((a: { reel_frame: string; source: unknown }) => [a.reel_frame, a.source])).toEqual([
        ['046816/0108', { product: 'PASDL', file_date: '2021-02-01' }],
      ]);
    });

    it('announce the recordation once, with the same event id whichever product read it first', () => {
      expect(eventRows[0]).toEqual([
        {
          event_id: expect.stringMatching(/^evt_/),
          event_type: 'assignment',
          application_number: '16123456',
          occurred_on: '2018-09-07',
          detail: { reel_frame: '046816/0108', conveyance_type: 'assignment', assignees: ['FUJIFILM CORPORATION'] },
        },
      ]);
      expect(eventRows[1]).toEqual(eventRows[0]);
    });
  });

  describe('an /assignment answer (a record of the bag alone)', () => {
    it('replaces the bag of an application held, and nothing else; is reported for one not held', async () => {
      const { ctx, get } = await open();
      const answer = join(V1, '15000001.assignment.json');
      const load = () =>
        loadFileWrapper(ctx.db, parseFileWrapperFile(answer), { product: 'PTFWPRD', fileName: 'a.json', fileDate: '2026-01-14' });
      expect(await load()).toMatchObject({
        read: 1,
        rejected: 1,
        rejects: { reasons: { 'partial record for an application not held:': 1 } },
      });
      await loadFileWrapper(ctx.db, itemsOf([fullRecord('15000001')]), { product: 'PTFWPRE', fileName: 'b.json', fileDate: '2026-01-13' });
      // As if held before bags were kept: the first bag stored is its history, not news.
      await ctx.db.query(`UPDATE applications SET recordations_loaded = false WHERE application_number = '15000001'`);
      expect(await load()).toMatchObject({ updated: 1, rejected: 0, events: 0 });
      const marked = await ctx.db.query(`SELECT recordations_loaded FROM applications WHERE application_number = '15000001'`);
      expect(marked.rows).toEqual([{ recordations_loaded: true }]);
      expect(await load()).toMatchObject({ unchanged: 1, updated: 0 });
      const body = await get('/v1/applications/15000001/assignments');
      expect(
        body.assignments.map((a: { reel_frame: string; assignees: { name: string }[]; source: unknown }) => [
          a.reel_frame,
          a.assignees[0]!.name,
          a.source,
        ]),
      ).toEqual([['038323/0190', 'SAMSUNG ELECTRONICS CO., LTD', { product: 'PTFWPRD', file_date: '2026-01-14' }]]);
      expect(body.assignments[0].assignors).toHaveLength(9);
      // The answer carried only the bag: the record's parties stay.
      const parties = await ctx.db.query(`SELECT count(*)::int AS n FROM application_parties WHERE application_number = '15000001'`);
      expect(parties.rows[0]).toEqual({ n: 2 });
      await ctx.close();
    });
  });
});
