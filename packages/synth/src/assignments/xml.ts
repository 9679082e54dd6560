/**
 * One `<patent-assignment>` as the office writes it (ad20160101.xml): the record's fields, the
 * assignors with their execution dates, the assignees with their addresses, and the properties
 * with the document ids known on the file's day (application X0, then the publication, then the
 * patent, as the real files list them) and the title. Printing an inventor assignment draws from
 * the application's own generators, so a record sent again prints the same.
 *
 * Text is escaped the way these files do it (`&amp;`, non-ASCII left as UTF-8, as `JÜNEMANN` in
 * the sample), not with the character references of the full-text files (xml-escape.ts).
 */
import { compact } from './calendar.js';
import type { Corpus } from './corpus.js';
import { EOL } from './dtd.js';
import type { EntityRegistry } from './entities.js';
import type { InventorAssignments } from './inventors.js';
import type { Ledger } from './order.js';
import type { Ownership } from './ownership.js';
import { misspell, type PrintedParty, printEntity, printPerson } from './print.js';
import type { PropertySpool } from './spool.js';
import type { TruthCollector } from './truth.js';
import { CONVEYANCE, correctiveText, type Recordation } from './types.js';
import { iso, Rng } from '../core/random.js';
import { MIDDLE_DROPPED_SHARE } from '../core/variation.js';

export interface RenderContext {
  corpus: Corpus;
  spool: PropertySpool;
  registry: EntityRegistry;
  inventors: InventorAssignments;
  ownership: Ownership;
  ledger: Ledger;
  truth: TruthCollector;
  seed: string | number;
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const text = (s: string) => s.replace(/[&<>]/g, (ch) => ESCAPES[ch]!);
const date = (epochDay: number) => compact(iso(epochDay));

function dateElement(tag: string, epochDay: number, indent: string): string {
  return `${indent}<${tag}>${EOL}${indent}  <date>${date(epochDay)}</date>${EOL}${indent}</${tag}>${EOL}`;
}

/**
 * The inventors of `app` as assignors: names and execution days, in the weeks before `around`
 * (the recording of their assignment to the applicant, or the execution of a later deal).
 */
function inventorAssignors(ctx: RenderContext, app: number, around: number): Array<{ name: string; executed: number; person: number }> {
  const { corpus } = ctx;
  const facts = ctx.spool.read(app);
  const rng = new Rng(`${ctx.seed}|assignment executed|${corpus.applicationNumber[app]}`);
  const base = around - rng.int(0, 40);
  const withMiddle = !rng.chance(MIDDLE_DROPPED_SHARE);
  return facts.inventors.map(([last, first, middle], k) => ({
    name: printPerson(last, first, middle, withMiddle),
    executed: base - rng.int(0, 10),
    person: corpus.personBase[app]! + k,
  }));
}

/** The assignee of `app`'s inventor assignment: the applicant, or its successor by then (60 %), in one printing. */
function inventorAssignee(ctx: RenderContext, app: number, misspelled: boolean): PrintedParty {
  const { corpus, inventors, ownership, registry } = ctx;
  const rng = new Rng(`${ctx.seed}|assignee printed|${corpus.applicationNumber[app]}`);
  const applicant = corpus.applicant[app]!;
  const successor = ownership.resolveAt(applicant, inventors.recorded[app]!);
  const entity = successor !== applicant && rng.chance(0.6) ? successor : applicant;
  const party = printEntity(registry.get(entity), rng, true);
  return misspelled ? { ...party, name: misspell(party.name, rng, (name) => registry.spelledByAnother(name, entity)) } : party;
}

function correspondent(ctx: RenderContext, firmIndex: number): string {
  const firm = ctx.registry.firms[firmIndex]!;
  const where = `${firm.place.city.toUpperCase()}, ${firm.place.regionCode ?? ''} ${firm.postalCode}`;
  const i = '        ';
  return (
    `${i}<correspondent>${EOL}${i}  <name>${text(firm.name)}</name>${EOL}${i}  <address-1>${text(firm.addressLine)}</address-1>${EOL}` +
    `${i}  <address-2>${text(where)}</address-2>${EOL}${i}</correspondent>${EOL}`
  );
}

function assignee(ctx: RenderContext, p: PrintedParty): string {
  ctx.truth.company(p.entity, p.name, p.address);
  const a = p.address!;
  const i = '          ';
  const line = (tag: string, value: string | null) => (value === null ? '' : `${i}<${tag}>${text(value)}</${tag}>${EOL}`);
  return (
    `        <patent-assignee>${EOL}${line('name', p.name)}${line('address-1', a.line1)}${line('address-2', a.line2)}` +
    `${line('city', a.city)}${line('state', a.state)}${line('country-name', a.country)}${line('postcode', a.postcode)}        </patent-assignee>${EOL}`
  );
}

function assignor(name: string, executed: number): string {
  return `        <patent-assignor>${EOL}          <name>${text(name)}</name>${EOL}${dateElement('execution-date', executed, '          ')}        </patent-assignor>${EOL}`;
}

function property(ctx: RenderContext, app: number, fileDay: number): string {
  const facts = ctx.spool.read(app);
  const { published, granted } = ctx.corpus;
  const docId = (number: string, kind: string, day: string) =>
    `          <document-id>${EOL}            <country>US</country>${EOL}            <doc-number>${number}</doc-number>${EOL}` +
    `            <kind>${kind}</kind>${EOL}            <date>${day}</date>${EOL}          </document-id>${EOL}`;
  let out = `        <patent-property>${EOL}${docId(facts.application, 'X0', facts.filing)}`;
  if (facts.publication && published[app]! <= fileDay) out += docId(...facts.publication);
  if (facts.patent && granted[app]! <= fileDay) out += docId(...facts.patent);
  return `${out}          <invention-title lang="en">${text(facts.title)}</invention-title>${EOL}        </patent-property>${EOL}`;
}

/** The record's XML, in pieces (a merger may list thousands of properties). */
export function* renderRecord(ctx: RenderContext, id: number, fileDay: number, lastUpdate: number): Generator<string> {
  const { ledger, corpus } = ctx;
  const r: Recordation | null = id < corpus.size ? null : ledger.objects[id - corpus.size]!;
  const inventorsOf = r ? r.inventorsOf : id;
  const conveyance = !r
    ? CONVEYANCE.assignment
    : r.kind === 'corrective'
      ? correctiveText(ledger.reel[r.corrects]!, ledger.frame[r.corrects]!)
      : r.conveyance;
  let head =
    `    <patent-assignment>${EOL}      <assignment-record>${EOL}        <reel-no>${ledger.reel[id]}</reel-no>${EOL}` +
    `        <frame-no>${ledger.frame[id]}</frame-no>${EOL}${dateElement('last-update-date', lastUpdate, '        ')}` +
    `        <purge-indicator>${r?.purged ? 'Y' : 'N'}</purge-indicator>${EOL}${dateElement('recorded-date', r ? r.recorded : ctx.inventors.recorded[id]!, '        ')}` +
    `        <page-count>${ledger.pages(id)}</page-count>${EOL}${correspondent(ctx, r ? r.correspondent : corpus.firm[id]!)}` +
    `        <conveyance-text>${text(conveyance)}</conveyance-text>${EOL}      </assignment-record>${EOL}      <patent-assignors>${EOL}`;
  if (inventorsOf >= 0) {
    const own = !r || r.kind === 'corrective' || r.kind === 'purged';
    for (const a of inventorAssignors(ctx, inventorsOf, own ? ctx.inventors.recorded[inventorsOf]! : r.executed)) {
      ctx.truth.person(a.person, a.name);
      head += assignor(a.name, a.executed);
    }
  }
  for (const p of r?.assignors ?? []) {
    ctx.truth.company(p.entity, p.name, null);
    head += assignor(p.name, r!.executed);
  }
  head += `      </patent-assignors>${EOL}      <patent-assignees>${EOL}`;
  const assigneeOf = r ? r.assigneeOf : id;
  if (assigneeOf >= 0) head += assignee(ctx, inventorAssignee(ctx, assigneeOf, !r && ctx.inventors.misspelled[id] === 1));
  for (const p of r?.assignees ?? []) head += assignee(ctx, p);
  yield `${head}      </patent-assignees>${EOL}      <patent-properties>${EOL}`;
  const props = ledger.properties(id);
  let chunk = '';
  for (let k = 0; k < props.length; k++) {
    chunk += property(ctx, props[k]!, fileDay);
    if (chunk.length >= 1 << 16) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}      </patent-properties>${EOL}    </patent-assignment>${EOL}`;
}
