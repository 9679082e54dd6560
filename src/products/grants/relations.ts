/**
 * The benefit and origin links a grant prints in `us-related-documents` (XML-FORMATS.md §6): one
 * per `relation` in printed order, coded as the file wrapper codes its continuity, so a term can
 * be worked out from the grant when the application's file wrapper is not held (DOMAIN-RULES
 * §3.2). The list is a whole chain (§11.6): each link keeps its own child.
 *
 * Every child the grant DTDs allow (v4.0 2004-12-02 to v4.5 2014-04-03 list the same fourteen;
 * v4.7 prints the same shapes), decided:
 *
 *   continuation → CON, continuation-in-part → CIP, division → DIV (35 USC 120, 121, 365(c); a
 *     parent may be a PCT application, the bypass continuation of 365(c))
 *   reissue, continuing-reissue, us-divisional-reissue → REI: the original application and patent
 *     of a reissue. `us-divisional-reissue` holds a `us-relation` with one parent and several
 *     `child-doc`s (sibling divisional reissues): one link per child
 *   reexamination → REX: the patent's application under reexamination
 *   us-reexamination-reissue-merger → REX: here the parent is the reexamination proceeding merged
 *     into the reissue proceeding of this patent (the reissue stands as its certificate)
 *   substitution → SUB
 *   us-provisional-application → PRO: a `document-id` without child, whose child is the
 *     document's own application
 *   related-publication: not a link (this application's own earlier publication), skipped
 *   correction: not a link (a notice naming a corrected document), skipped
 *   addition, utility-model-basis: patents of addition and utility models are not US practice
 *     and have no code; one printed anyway is the mapper's issue, as is any child a later DTD adds
 *
 * A `parent-pct-document` (the PCT application a national-stage parent was filed under) is one
 * more link, NST from that parent to the PCT, as the file wrapper codes it: its date, not the
 * parent's own, may start the term (35 USC 363), and the office sometimes prints only it. Numbers
 * go through canonicalOrPrinted; dates through xmlDate (a day `00` date is null).
 */
import { parseAnyApplicationNumber, parsePatentNumber } from '../../domain/numbers.js';
import { xmlDate } from '../full-text/dates.js';
import type { ContinuityCode, GrantRelation, MapIssue } from '../full-text/document.js';
import { elementExcerpt } from '../full-text/excerpt.js';
import { childElements, first, textAt } from '../../ingest/xml/select.js';
import type { XmlElement } from '../../ingest/xml/tree.js';
import { canonicalOrPrinted } from './printed-number.js';

const LINK_CODES: ReadonlyMap<string, ContinuityCode> = new Map([
  ['continuation', 'CON'],
  ['continuation-in-part', 'CIP'],
  ['division', 'DIV'],
  ['reissue', 'REI'],
  ['continuing-reissue', 'REI'],
  ['us-divisional-reissue', 'REI'],
  ['reexamination', 'REX'],
  ['us-reexamination-reissue-merger', 'REX'],
  ['substitution', 'SUB'],
]);

const NOT_LINKS: ReadonlySet<string> = new Set(['related-publication', 'correction']);

const RELATION_ELEMENTS: ReadonlySet<string> = new Set(['relation', 'us-relation']);

export function mapRelations(bibliographic: XmlElement | null, issues: MapIssue[]): GrantRelation[] {
  const related = first(bibliographic, 'us-related-documents');
  if (related === null) return [];
  const out: GrantRelation[] = [];
  for (const entry of childElements(related)) {
    if (NOT_LINKS.has(entry.name)) continue;
    if (entry.name === 'us-provisional-application') {
      const link = provisional(entry, issues);
      if (link !== null) out.push(link);
      continue;
    }
    const code = LINK_CODES.get(entry.name);
    if (code === undefined) {
      issues.push({ reason: `related document <${entry.name}> has no US continuity code, not stored`, excerpt: elementExcerpt(entry) });
      continue;
    }
    const relations = childElements(entry).filter((e) => RELATION_ELEMENTS.has(e.name));
    if (relations.length === 0)
      issues.push({ reason: `related document <${entry.name}> without a relation dropped`, excerpt: elementExcerpt(entry) });
    for (const relation of relations) out.push(...links(code, relation, issues));
  }
  return out;
}

/** A `relation` (one child) or `us-relation` (one or more): one link per child, or one without child when none is printed. */
function links(code: ContinuityCode, relation: XmlElement, issues: MapIssue[]): GrantRelation[] {
  const parent = first(relation, 'parent-doc');
  const id = first(parent, 'document-id');
  const printed = textAt(id, 'doc-number');
  if (parent === null || printed === null) {
    issues.push({ reason: `${code} link without a parent number dropped`, excerpt: elementExcerpt(relation) });
    return [];
  }
  const grant = first(parent, 'parent-grant-document/document-id');
  const patent = textAt(grant, 'doc-number');
  const base: Omit<GrantRelation, 'childNumber'> = {
    relation: code,
    parentNumber: canonicalOrPrinted(printed, parseAnyApplicationNumber, `${code} parent application number`, relation, issues),
    parentFilingDate: xmlDate(textAt(id, 'date')),
    parentStatus: textAt(parent, 'parent-status'),
    parentPatentNumber:
      patent === null ? null : canonicalOrPrinted(patent, parsePatentNumber, `${code} parent patent number`, relation, issues),
    parentPatentDate: xmlDate(textAt(grant, 'date')),
  };
  const children = childElements(relation, 'child-doc').map((child) => textAt(child, 'document-id/doc-number'));
  const own = (children.length > 0 ? children : [null]).map((child) => ({
    ...base,
    childNumber:
      child === null ? null : canonicalOrPrinted(child, parseAnyApplicationNumber, `${code} child application number`, relation, issues),
  }));
  const pct = first(parent, 'parent-pct-document/document-id');
  const pctNumber = textAt(pct, 'doc-number');
  if (pctNumber === null) return own;
  const nationalStage: GrantRelation = {
    relation: 'NST',
    parentNumber: canonicalOrPrinted(pctNumber, parseAnyApplicationNumber, 'NST parent PCT number', relation, issues),
    parentFilingDate: xmlDate(textAt(pct, 'date')),
    parentStatus: null,
    parentPatentNumber: null,
    parentPatentDate: null,
    childNumber: base.parentNumber,
  };
  return [...own, nationalStage];
}

function provisional(entry: XmlElement, issues: MapIssue[]): GrantRelation | null {
  const id = first(entry, 'document-id');
  const printed = textAt(id, 'doc-number');
  if (printed === null) {
    issues.push({ reason: 'provisional application without a number dropped', excerpt: elementExcerpt(entry) });
    return null;
  }
  return {
    relation: 'PRO',
    parentNumber: canonicalOrPrinted(printed, parseAnyApplicationNumber, 'PRO parent application number', entry, issues),
    parentFilingDate: xmlDate(textAt(id, 'date')),
    // The DTDs allow it on grants too; the samples print it on publications only.
    parentStatus: textAt(entry, 'us-provisional-application-status'),
    parentPatentNumber: null,
    parentPatentDate: null,
    childNumber: null,
  };
}
