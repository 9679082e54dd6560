/**
 * The rows derived from a rejection: `oa_rejections` (one row per legal ground — statute and
 * paragraph — with the document-level flags repeated on every row, plus a row per other claim
 * disposition: objected, allowed, canceled, withdrawn) and `oa_citations` (one row per
 * reference a prior-art ground relies on, one per double-patenting ground, and the few
 * applicant-cited references that belong to no action and so have no
 * `obsoleteDocumentIdentifier`). ODP rows have sorted keys, bool indicators and empty strings;
 * DS-API rows keep the sample's key order, 0/1 indicators and leave empty fields out.
 */
import { claimArray } from './claims.js';
import { type RejectionPlan, SECTION_CODE, type Statute } from './grounds.js';
import type { Application, MailedAction } from './history.js';
import { dateOf, type Shape, timestampOf } from './ids.js';
import { nationalClass } from './records.js';
import { type Reference, rowIdentifier } from './references.js';
import type { Rng } from '../core/random.js';

export interface RowMeta {
  app: Application;
  action: MailedAction;
  shape: Shape;
  obsolete: string;
  /** When the rows were loaded (epoch ms). */
  created: number;
}

/** A row id: 32 hex characters from the document's stream (as unique as an MD5, much cheaper). */
function rowId(rng: Rng): string {
  let out = '';
  for (let i = 0; i < 4; i++) out += rng.uint32().toString(16).padStart(8, '0');
  return out;
}

interface Disposition {
  action: string;
  section: string;
  paragraph: string;
  claims: number[];
}

function dispositions(plan: RejectionPlan, summary: boolean): Disposition[] {
  const byGround = new Map<string, Disposition>();
  for (const g of plan.grounds) {
    const key = `${g.statute}|${g.paragraph}`;
    const row = byGround.get(key) ?? { action: 'rejected', section: SECTION_CODE[g.statute], paragraph: g.paragraph, claims: [] };
    for (const c of g.claims) if (!row.claims.includes(c)) row.claims.push(c);
    byGround.set(key, row);
  }
  const rows = [...byGround.values()];
  const other = (action: string, claims: number[]) => claims.length > 0 && rows.push({ action, section: '', paragraph: '', claims });
  other('objected', plan.objected);
  other('allowed', plan.allowed);
  other('allowable', plan.allowable);
  other('canceled', plan.canceled);
  other('withdrawn', plan.withdrawn);
  if (summary) rows.push({ action: '', section: '', paragraph: '', claims: plan.pending });
  return rows;
}

export function rejectionRows(rng: Rng, m: RowMeta, plan: RejectionPlan): Record<string, unknown>[] {
  const has = (s: Statute) => (plan.grounds.some((g) => g.statute === s) ? 1 : 0);
  const cites103 = plan.grounds.filter((g) => g.statute === '103').map((g) => g.references.length);
  const cls = nationalClass(m.app.uspc);
  const q = plan.quality;
  const odp = m.shape === 'odp';
  const rows = dispositions(plan, odp && rng.chance(0.3));
  const signature = rng.int(0, 3);
  const created = timestampOf(m.shape, m.created);
  const submitted = dateOf(m.shape, m.action.mail);
  const [rej101, rej102, rej103, rej112, rejDP] = [has('101'), has('102'), has('103'), has('112'), has('DP')];
  const eq1 = cites103.includes(1) ? 1 : 0;
  const gt3 = cites103.some((n) => n > 3) ? 1 : 0;
  const max = Math.max(0, ...cites103);
  // ODP keys are written in sorted order, as the portal's sample lists them.
  return rows.map((d) => {
    const id = rowId(rng);
    if (odp) {
      return {
        actionTypeCategory: d.action,
        aliceIndicator: plan.alice,
        allowedClaimIndicator: plan.allowed.length > 0,
        bilskiIndicator: false,
        cite103EQ1: eq1,
        cite103GT3: gt3,
        cite103Max: max,
        claimNumberArrayDocument: [claimArray(d.claims)],
        closingMissing: q.closing,
        createDateTime: created,
        createUserIdentifier: 'ETL_SYS',
        formParagraphMissing: q.formParagraph,
        groupArtUnitNumber: m.app.artUnit,
        hasRej101: rej101,
        hasRej102: rej102,
        hasRej103: rej103,
        hasRej112: rej112,
        hasRejDP: rejDP,
        headerMissing: q.header,
        id,
        legacyDocumentCodeIdentifier: m.action.code,
        legalSectionCode: d.section,
        mayoIndicator: plan.mayo,
        myriadIndicator: plan.myriad,
        nationalClass: cls?.[0] ?? '',
        nationalSubclass: cls?.[1] ?? '',
        obsoleteDocumentIdentifier: m.obsolete,
        paragraphNumber: d.paragraph,
        patentApplicationNumber: m.app.number,
        rejectFormMissmatch: q.mismatch,
        submissionDate: submitted,
      };
    }
    return {
      id,
      patentApplicationNumber: m.app.number,
      obsoleteDocumentIdentifier: m.obsolete,
      groupArtUnitNumber: m.app.artUnit,
      legacyDocumentCodeIdentifier: m.action.code,
      submissionDate: submitted,
      nationalClass: cls?.[0],
      nationalSubclass: cls?.[1],
      headerMissing: q.header,
      formParagraphMissing: q.formParagraph,
      rejectFormMissmatch: q.mismatch,
      closingMissing: q.closing,
      hasRej101: rej101,
      hasRejDP: rejDP,
      hasRej102: rej102,
      hasRej103: rej103,
      hasRej112: rej112,
      hasObjection: plan.objected.length > 0 ? 1 : 0,
      cite102GT1: plan.grounds.some((g) => g.statute === '102' && g.references.length > 1) ? 1 : 0,
      cite103GT3: gt3,
      cite103EQ1: eq1,
      cite103Max: max,
      signatureType: signature,
      actionTypeCategory: d.action,
      legalSectionCode: d.section || undefined,
      paragraphNumber: d.paragraph || undefined,
      claimNumberArrayDocument: [claimArray(d.claims)],
      createUserIdentifier: 'ETL_SYS',
      createDateTime: created,
    };
  });
}

interface CitationFacts {
  reference: string;
  parsed: string;
  section: string;
  action: string;
  examiner: boolean;
  applicant: boolean;
  inAction: boolean;
}

function citationRow(rng: Rng, m: RowMeta, c: CitationFacts, linked: boolean): Record<string, unknown> {
  const unit = m.app.artUnit;
  const id = rowId(rng);
  if (m.shape === 'odp') {
    return {
      actionTypeCategory: c.action,
      applicantCitedExaminerReferenceIndicator: c.applicant,
      createDateTime: timestampOf('odp', m.created),
      createUserIdentifier: 'ETL_SYS',
      examinerCitedReferenceIndicator: c.examiner,
      groupArtUnitNumber: unit,
      id,
      legalSectionCode: c.section,
      ...(linked ? { obsoleteDocumentIdentifier: m.obsolete } : {}),
      officeActionCitationReferenceIndicator: c.inAction,
      parsedReferenceIdentifier: c.parsed,
      patentApplicationNumber: m.app.number,
      referenceIdentifier: c.reference,
      techCenter: `${unit.slice(0, 2)}00`,
      workGroup: `${unit.slice(0, 3)}0`,
    };
  }
  return {
    id,
    patentApplicationNumber: m.app.number,
    obsoleteDocumentIdentifier: linked ? m.obsolete : undefined,
    referenceIdentifier: c.reference,
    parsedReferenceIdentifier: c.parsed,
    officeActionCitationReferenceIndicator: c.inAction,
    examinerCitedReferenceIndicator: c.examiner,
    applicantCitedExaminerReferenceIndicator: c.applicant,
    actionTypeCategory: c.action || undefined,
    legalSectionCode: c.section || undefined,
    groupArtUnitNumber: unit,
    techCenter: `${unit.slice(0, 2)}00`,
    workGroup: `${unit.slice(0, 3)}0`,
    createUserIdentifier: 'ETL_SYS',
    createDateTime: timestampOf('dsapi', m.created),
  };
}

/** One row per reference of each prior-art ground, one per double-patenting ground. */
export function citationRows(rng: Rng, m: RowMeta, plan: RejectionPlan): Record<string, unknown>[] {
  const named = m.shape === 'odp' ? 0.6 : 0.1;
  const facts: CitationFacts[] = [];
  for (const g of plan.grounds) {
    if (g.statute === '102' || g.statute === '103') {
      for (const r of g.references) {
        facts.push({
          reference: rowIdentifier(r, rng.chance(named)),
          parsed: r.number,
          section: g.statute,
          action: 'rejected',
          examiner: rng.chance(0.92),
          applicant: rng.chance(0.25),
          inAction: true,
        });
      }
    } else if (g.statute === 'DP') {
      const patent = g.conflict?.patent ?? '';
      facts.push({
        reference: patent,
        parsed: patent,
        section: SECTION_CODE.DP,
        action: 'rejected',
        examiner: false,
        applicant: false,
        inAction: true,
      });
    }
  }
  return facts.map((c) => citationRow(rng, m, c, true));
}

/** References only the applicant cited (an IDS): tied to no action, so without obsoleteDocumentIdentifier. */
export function applicantCitationRows(rng: Rng, m: RowMeta, references: readonly Reference[]): Record<string, unknown>[] {
  return references.map((r) =>
    citationRow(
      rng,
      m,
      { reference: r.number, parsed: r.number, section: '', action: '', examiner: false, applicant: true, inAction: false },
      false,
    ),
  );
}
