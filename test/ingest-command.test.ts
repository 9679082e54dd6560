import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandFailure, OperatorError } from '../src/commands/operator-error.js';
import { fileDateOf, parseIngestCommand, runIngest, USAGE } from '../src/commands/ingest.js';
import { runSynth } from '../src/commands/synth.js';
import { ensureDemoCorpus } from '../src/commands/demo.js';
import { createTestApp, fundedKey, type TestContext } from './helpers/app.js';

let ctx: TestContext;
let dir: string;
beforeAll(async () => {
  ctx = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'pss-cli-'));
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

it('reads the file date from the file name', () => {
  expect(fileDateOf('/x/PTFWPRD-20261120.zip')).toBe('2026-11-20');
  expect(fileDateOf('/x/pftw_2026-11-19_daily.json')).toBe('2026-11-19');
  expect(fileDateOf('/x/ipg221025.xml')).toBe('2022-10-25');
  expect(fileDateOf('/x/ipa230117.zip')).toBe('2023-01-17');
  expect(fileDateOf('/x/ipgb20221025_wk43.zip')).toBe('2022-10-25');
});

it('writes weekly full text that `ingest grants` and `ingest publications` load and the API serves', async () => {
  const out = join(dir, 'full');
  const corpus = await runSynth(['--out', out, '--applications', '200', '--seed', 'cli-full-text', '--full-text'], () => undefined);
  const files = corpus.fullText!.files;
  const grants = files.filter((f) => f.product === 'PTGRXML').slice(-3);
  const publications = files.filter((f) => f.product === 'APPXML').slice(-3);
  expect(grants.map((f) => basename(f.path))).toEqual(grants.map((f) => `ipg${f.fileDate.slice(2).replace(/-/g, '')}.xml`));

  const lines: string[] = [];
  const output = { line: (text: string) => lines.push(text), progress: null };
  const loaded = [
    ...(await runIngest(ctx.db, ['grants', ...grants.map((f) => f.path)], output)),
    ...(await runIngest(ctx.db, ['publications', ...publications.map((f) => f.path)], output)),
  ];
  expect(loaded.map((s) => [s.product, s.fileDate, s.read, s.rejected])).toEqual(
    [...grants, ...publications].map((f) => [f.product, f.fileDate, f.documents, 0]),
  );
  expect(lines[1]).toMatch(/documents\/s$/);

  const newest = grants.at(-1)!;
  const doc = await ctx.db.query<{ doc_number: string }>(`SELECT doc_number FROM documents WHERE source_file_date = $1 LIMIT 1`, [
    newest.fileDate,
  ]);
  const { apiKey } = await fundedKey(ctx, 'cli-full-text@example.com', 100);
  const claims = await ctx.app.inject({
    method: 'GET',
    url: `/v1/patents/${doc.rows[0]!.doc_number}/claims`,
    headers: { 'x-api-key': apiKey },
  });
  expect(claims.statusCode).toBe(200);
  expect(claims.json()).toMatchObject({
    doc_type: 'grant',
    date: newest.fileDate,
    source: { product: 'PTGRXML', file_date: newest.fileDate },
  });
  expect(claims.json().claim_count).toBeGreaterThan(0);
  await expect(runIngest(ctx.db, ['grants', '--product', 'PTGRXML', grants[0]!.path])).rejects.toThrow(
    /--product applies to file-wrapper, assignments only/,
  );
});

it('writes a synthetic corpus that the ingest command loads and the API serves', async () => {
  const synthLines: string[] = [];
  const corpus = await runSynth(['--out', dir, '--applications', '300', '--seed', 'cli-test'], (line) => synthLines.push(line));
  expect(synthLines[0]).toMatch(/^wrote .*\/ptfwpre-20261120-synthetic-cli-test\.json: 300 applications, \d+ transactions/);

  const lines: string[] = [];
  const [summary] = await runIngest(ctx.db, ['file-wrapper', '--product', 'PTFWPRE', '--file-date', '2026-11-20', corpus.fileWrapperFile], {
    line: (text) => lines.push(text),
    progress: null,
  });
  expect(summary).toMatchObject({ read: 300, inserted: 300, rejected: 0, events: 0, product: 'PTFWPRE', fileDate: '2026-11-20' });
  expect(lines[0]).toMatch(/read 300, inserted 300, updated 0, unchanged 0, rejected 0, events 0$/);
  expect(lines[1]).toMatch(/applications\/s$/);

  const transactions = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM transactions`);
  expect(transactions.rows[0]!.n).toBe(corpus.transactions);

  const { apiKey } = await fundedKey(ctx, 'cli@example.com', 100);
  const granted = await ctx.db.query<{ application_number: string; patent_number: string }>(
    `SELECT application_number, patent_number FROM applications WHERE status_code = 150 LIMIT 1`,
  );
  const { application_number, patent_number } = granted.rows[0]!;
  const response = await ctx.app.inject({ method: 'GET', url: `/v1/patents/${patent_number}`, headers: { 'x-api-key': apiKey } });
  expect(response.json()).toMatchObject({ application_number, status: { code: 150, category: 'granted' } });

  // The same records again, as the next day's daily file: --product overrides the code the name carries.
  const again = await runIngest(ctx.db, ['file-wrapper', '--product', 'PTFWPRD', '--file-date', '2026-11-21', corpus.fileWrapperFile], {
    line: () => undefined,
    progress: null,
  });
  expect(again[0]).toMatchObject({ product: 'PTFWPRD', inserted: 0, updated: 0, unchanged: 300, events: 0 });
});

/** The family `ingest` loads a file synth wrote with: its folder's, or by its name in full-text/. */
function familyOf(out: string, path: string): string {
  const folder = relative(out, dirname(path));
  if (folder === '') return 'file-wrapper';
  if (folder === 'full-text') return basename(path).startsWith('ipg') ? 'grants' : 'publications';
  return folder;
}

/** Every file under `dir`, sorted (the daily files oldest first). */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .sort();

it('loads every file synth writes as it is written, with no --file-date or --product', async () => {
  const out = join(dir, 'as-written');
  await runSynth(['--out', out, '--applications', '120', '--seed', 'as-written', '--full-text'], () => undefined);
  // The generator's truth about assignee names sits beside the daily files; it is for tests, no bulk file.
  const written = filesUnder(out).filter((path) => basename(path) !== 'assignments-truth.json');
  const families = new Map<string, string[]>();
  for (const path of written) families.set(familyOf(out, path), [...(families.get(familyOf(out, path)) ?? []), path]);
  expect([...families.keys()].sort()).toEqual([
    'assignments',
    'file-wrapper',
    'grants',
    'maintenance-fees',
    'office-actions',
    'ptab',
    'publications',
  ]);

  const fresh = await createTestApp();
  try {
    const loaded = [];
    // The file wrapper first: every other product's records name its applications.
    for (const family of ['file-wrapper', ...[...families.keys()].filter((name) => name !== 'file-wrapper')]) {
      loaded.push(...(await runIngest(fresh.db, [family, ...families.get(family)!], { line: () => undefined, progress: null })));
    }
    expect(loaded.map((summary) => summary.fileName).sort()).toEqual(written.map((path) => basename(path)).sort());
    expect(loaded.filter((summary) => summary.rejected > 0)).toEqual([]);
    // Each file is dated by its name: the file wrapper by the day the corpus is as of.
    expect(loaded.map((summary) => summary.fileDate)).toEqual(loaded.map((summary) => fileDateOf(summary.fileName)));
    // Recorded as the backfile its name says, not as the default daily PTFWPRD.
    expect(loaded.find((summary) => summary.fileName === 'ptfwpre-20261120-synthetic-as-written.json')).toMatchObject({
      product: 'PTFWPRE',
      fileDate: '2026-11-20',
      read: 120,
      inserted: 120,
    });
  } finally {
    await fresh.close();
  }
}, 180_000);

it('refuses bad arguments with the usage', async () => {
  await expect(runIngest(ctx.db, ['file-wrapper'])).rejects.toThrow(/usage: patent-status ingest/);
  await expect(runIngest(ctx.db, ['file-wrapper', '--product', 'XYZ', 'a.json'])).rejects.toThrow(/PTFWPRD or PTFWPRE/);
  // Without --product: the code every file's name carries, else the daily file's.
  expect(parseIngestCommand(['file-wrapper', 'in/ptfwpre-20261120-x.json']).code).toBe('PTFWPRE');
  expect(parseIngestCommand(['file-wrapper', 'PTFWPRD_2026-11-20.json', 'ptfwpre-1.json']).code).toBe('PTFWPRD');
  expect(parseIngestCommand(['file-wrapper', 'applications.json']).code).toBe('PTFWPRD');
  expect(parseIngestCommand(['file-wrapper', '--product', 'ptfwprd', 'ptfwpre-1.json']).code).toBe('PTFWPRD');
  await expect(runSynth(['--applications', '5'])).rejects.toThrow('--out DIR is required');
});

it('loads the demo corpus once', async () => {
  const demo = await createTestApp();
  try {
    const log: string[] = [];
    await ensureDemoCorpus(demo.db, dir, (line) => log.push(line));
    await ensureDemoCorpus(demo.db, dir, (line) => log.push(line));
    expect(log[0]).toBe('First start: generating and loading a synthetic corpus of 2000 applications…');
    expect(log[1]).toBe('Loading patent file wrapper records…');
    expect(log[2]).toMatch(/read 2000, inserted 2000, updated 0, unchanged 0, rejected 0, events 0$/);
    expect(log.filter((line) => line.startsWith('First start'))).toHaveLength(1);
    // A year of weekly files each, one per issue or publication date that has documents: each file's
    // documents are that week's rows, read whole and none rejected; a first load records no events.
    for (const [shown, code] of [
      ['grants', 'PTGRXML'],
      ['pre-grant publications', 'APPXML'],
    ] as const) {
      expect(log).toContain(`Loading ${shown}…`);
      const { rows } = await demo.db.query<{ weeks: number; documents: number }>(
        `SELECT count(DISTINCT date)::int AS weeks, count(*)::int AS documents FROM documents WHERE source_product = $1`,
        [code],
      );
      expect(rows[0]!.weeks).toBeGreaterThan(40);
      expect(log).toContain(`  ${rows[0]!.weeks} files, ${rows[0]!.documents} read, 0 rejected, 0 events`);
    }
    // The fee file of the same corpus: every line read, none refused, no events on a first load.
    expect(log).toContain('Loading maintenance fee events…');
    expect(log).toContainEqual(expect.stringMatching(/read (\d+), inserted \1, updated 0, unchanged 0, rejected 0, events 0$/));
    expect(log.filter((line) => line.startsWith('Loading maintenance fee events'))).toHaveLength(1);
    const documents = await demo.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM documents WHERE date >= '2025-11-18'`);
    expect(documents.rows[0]!.n).toBeGreaterThan(100);
  } finally {
    await demo.close();
  }
  // 2,000 applications, a year of weekly full text and a fee file generated and loaded: over a minute on a busy machine.
}, 180_000);

/** One grant, as the weekly files print it; its name carries no date. */
const GRANT_XML = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE us-patent-grant SYSTEM "us-patent-grant-v47-2022-02-17.dtd" [ ]>
<us-patent-grant lang="EN" dtd-version="v4.7 2022-02-17" file="US11000001-20240611.XML" status="PRODUCTION" id="us-patent-grant" country="US" date-produced="20240522" date-publ="20240611">
<us-bibliographic-data-grant>
<publication-reference><document-id><country>US</country><doc-number>11000001</doc-number><kind>B2</kind><date>20240611</date></document-id></publication-reference>
<application-reference appl-type="utility"><document-id><country>US</country><doc-number>17000001</doc-number><date>20210105</date></document-id></application-reference>
<invention-title id="d2e43">Fastening device</invention-title>
</us-bibliographic-data-grant>
</us-patent-grant>
`;
const FILE_WRAPPER_JSON = JSON.stringify({ count: 1, patentFileWrapperDataBag: [{ applicationNumberText: '17000002' }] });

describe('operator mistakes: one line, nothing loaded', () => {
  let files: string;
  const quiet = { line: () => undefined, progress: null };
  const runs = async () => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ingest_runs`)).rows[0]!.n;

  beforeAll(async () => {
    files = join(dir, 'mistakes');
    mkdirSync(join(files, 'a-directory'), { recursive: true });
    writeFileSync(join(files, 'single-grant.xml'), GRANT_XML);
    writeFileSync(join(files, 'ipa240613.xml'), GRANT_XML.replaceAll('us-patent-grant', 'us-patent-application'));
    writeFileSync(join(files, 'application.json'), FILE_WRAPPER_JSON);
    writeFileSync(join(files, 'not-a-zip.zip'), 'this is text, not a zip archive\n');
    const grants = new yazl.ZipFile();
    grants.addBuffer(Buffer.from('Weekly grant full text.\n'), 'README.txt');
    grants.addBuffer(Buffer.from(GRANT_XML), 'ipg240611.xml');
    grants.end();
    await finished(grants.outputStream.pipe(createWriteStream(join(files, 'weekly.zip'))));
  });

  /** The error `runIngest` throws for `argv`: an operator error (or a usage error) of one line, with no ingest run started. */
  async function mistake(argv: string[]): Promise<string> {
    const before = await runs();
    const error = await runIngest(ctx.db, argv, quiet).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OperatorError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(await runs()).toBe(before);
    return message;
  }

  it('a missing file', async () => {
    expect(await mistake(['grants', join(files, 'ipg240611.xml')])).toBe(`ingest grants: no such file: ${join(files, 'ipg240611.xml')}`);
  });

  it('a directory', async () => {
    expect(await mistake(['grants', join(files, 'a-directory')])).toBe(
      `ingest grants: ${join(files, 'a-directory')} is a directory: name the files to load`,
    );
  });

  it('a .zip that is no zip at all (a zip cut short is no mistake: its load fails, below)', async () => {
    expect(await mistake(['file-wrapper', join(files, 'not-a-zip.zip')])).toMatch(
      /^ingest file-wrapper: .*not-a-zip\.zip is not a readable zip archive: /,
    );
  });

  it('an impossible --file-date', async () => {
    expect(await mistake(['grants', '--file-date', '2024-13-01', join(files, 'single-grant.xml')])).toBe(
      'ingest: --file-date 2024-13-01 is not a calendar date (YYYY-MM-DD)',
    );
  });

  it('an unknown option, or an option without its value', async () => {
    expect(await mistake(['grants', '--frobnicate', join(files, 'single-grant.xml')])).toBe("ingest: unknown option '--frobnicate'");
    expect(await mistake(['grants', join(files, 'single-grant.xml'), '--file-date'])).toBe('ingest: option --file-date needs a value');
  });

  it("another product's file: a grant file given to publications and back, file wrapper JSON given to grants", async () => {
    expect(await mistake(['publications', join(files, 'single-grant.xml')])).toBe(
      'ingest publications: single-grant.xml holds grants, not pre-grant publications: load it with "patent-status ingest grants"',
    );
    expect(await mistake(['grants', join(files, 'ipa240613.xml')])).toBe(
      'ingest grants: ipa240613.xml holds pre-grant publications, not grants: load it with "patent-status ingest publications"',
    );
    expect(await mistake(['publications', join(files, 'weekly.zip')])).toBe(
      'ingest publications: weekly.zip (member ipg240611.xml) holds grants, not pre-grant publications: load it with "patent-status ingest grants"',
    );
    expect(await mistake(['grants', join(files, 'application.json')])).toBe(
      'ingest grants: application.json holds JSON, not the XML of grants: load it with "patent-status ingest file-wrapper"',
    );
  });

  it('a file wrapper file whose name carries no date, without --file-date', async () => {
    expect(await mistake(['file-wrapper', join(files, 'application.json')])).toBe(
      'ingest file-wrapper: cannot tell the file date of application.json: its name carries none (YYYYMMDD or YYYY-MM-DD) and patent file wrapper records do not date their file; give --file-date YYYY-MM-DD',
    );
  });

  it('checks every file before loading any', async () => {
    expect(await mistake(['grants', join(files, 'single-grant.xml'), join(files, 'missing.xml')])).toMatch(/no such file: .*missing\.xml$/);
  });

  it('dates a file whose name carries no date by its documents, never by the clock', async () => {
    const [summary] = await runIngest(ctx.db, ['grants', join(files, 'single-grant.xml')], quiet);
    expect(summary).toMatchObject({ product: 'PTGRXML', fileName: 'single-grant.xml', fileDate: '2024-06-11', read: 1, rejected: 0 });
  });

  it('--help prints the usage and loads nothing', async () => {
    const before = await runs();
    const lines: string[] = [];
    const output = { line: (text: string) => lines.push(text), progress: null };
    expect(await runIngest(ctx.db, ['--help'], output)).toEqual([]);
    expect(await runIngest(ctx.db, ['grants', '--help', join(files, 'single-grant.xml')], output)).toEqual([]);
    expect(lines[0]).toBe(USAGE);
    expect(lines[1]).toMatch(/^usage: patent-status ingest grants \[--file-date YYYY-MM-DD\] \[--progress\] <ipgYYMMDD\.xml\|\.zip>…\n/);
    expect(lines[1]).not.toContain('file-wrapper');
    expect(await runs()).toBe(before);
  });

  it('the command exits 2 with the one line, no stack trace', async () => {
    const root = resolve(import.meta.dirname, '..');
    const env = { ...process.env, DATABASE_URL: ctx.url ?? '', PATENT_STATUS_DATA_DIR: join(dir, 'cli-data') };
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/cli.ts'), 'ingest', 'grants', join(files, 'nothing.xml')], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    expect({ code, stderr }).toEqual({ code: 2, stderr: `patent-status ingest grants: no such file: ${join(files, 'nothing.xml')}\n` });
    // A process started from the sources (tsx compiles on the way): tens of seconds on a busy machine.
  }, 180_000);
});

describe('a file that cannot be read to its end: no operator mistake, a failed load', () => {
  it("a zip cut before its central directory: one line, its run recorded failed, the product's newest file kept", async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(GRANT_XML.repeat(20)), 'ipg240611.xml');
    zip.end();
    const bytes = await buffer(zip.outputStream);
    // The archive's start (a zip's signature) intact, its directory gone.
    const path = join(dir, 'ipg240611.zip');
    writeFileSync(path, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const state = () => ctx.db.query(`SELECT file_name, file_date FROM product_state WHERE product = 'PTGRXML'`);
    const before = (await state()).rows;

    const error = await runIngest(ctx.db, ['grants', path], { line: () => undefined, progress: null }).then(
      () => null,
      (e: unknown) => e,
    );
    const why =
      'not a readable zip archive: End of central directory record signature not found. Either not a zip file, or file is truncated.';
    expect(error).toBeInstanceOf(CommandFailure);
    expect((error as Error).message).toBe(`ingest grants: ipg240611.zip cannot be loaded: ${why}`);
    const runs = await ctx.db.query(`SELECT outcome, error, records_read FROM ingest_runs WHERE file_name = 'ipg240611.zip'`);
    expect(runs.rows).toEqual([{ outcome: 'failed', error: why, records_read: 0 }]);
    expect((await state()).rows).toEqual(before);
  });
});
