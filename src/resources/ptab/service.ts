import type { Queryable } from '../../db/database.js';
import { CURSOR_DATE, CursorCodec } from '../../domain/cursor.js';
import { AppError, invalidParameter, notFound } from '../../domain/errors.js';
import { parseTrialNumber } from '../../domain/numbers.js';
import { TRIAL_TYPE_NAMES } from '../../domain/ptab.js';
import type { EntityService } from '../entities/service.js';
import { requirePatentNumber } from '../path-numbers.js';
import type { ProvenanceService } from '../provenance/service.js';
import * as sql from './ptab.sql.js';
import { cursorKey } from '../cursor-key.js';
import { PTAB_PRODUCTS } from '../../domain/products.js';

const TRIAL = { kind: 'text', pattern: /^(IPR|PGR|CBM|DER)\d{4}-\d{5}$/ } as const;
/** Keyset (filing date, UNDATED for a trial without one; trial number) of the last trial shown, bound to the search. */
const SEARCH_CURSOR = new CursorCodec('ptab-search', { f: CURSOR_DATE, t: TRIAL });
const UNDATED = '0001-01-01';

function partyOf(row: sql.TrialRow, role: 'petitioner' | 'patent_owner') {
  const party = row.parties.find((p) => p.role === role);
  return party ? { name: party.name, entity_id: party.entity_id } : null;
}

function decisionView(row: sql.DecisionRow, withText: boolean) {
  return {
    kind: row.kind,
    date: row.decision_date,
    outcome: row.outcome,
    claims_outcome: row.claims_outcome,
    statutes: row.statutes,
    issue_types: row.issue_types,
    title: row.title,
    document_type: row.document_type,
    document_number: row.document_number,
    pdf_url: row.pdf_url,
    text_chars: row.text_chars,
    text_note: row.text_note,
    ...(withText ? { text: row.text } : {}),
  };
}

/** A proceeding as served (spec §2 "PTAB proceeding", D6). */
function trialView(row: sql.TrialRow, decisions: readonly sql.DecisionRow[], withText: boolean) {
  return {
    trial_number: row.trial_number,
    type: row.trial_type,
    type_name: TRIAL_TYPE_NAMES[row.trial_type],
    patent_number: row.patent_number,
    application_number: row.application_number,
    petitioner: partyOf(row, 'petitioner'),
    patent_owner: partyOf(row, 'patent_owner'),
    filed_date: row.filed_date,
    accorded_filing_date: row.accorded_filing_date,
    institution_decision_date: row.institution_decision_date,
    termination_date: row.termination_date,
    status: row.status,
    instituted: row.instituted,
    claims_outcome: row.claims_outcome,
    final_decision_date: row.final_decision_date,
    decisions: decisions.filter((d) => d.trial_number === row.trial_number).map((d) => decisionView(d, withText)),
  };
}

/** Spec §4 "PTAB": trials by patent, by number, and by party, filing date and status. */
export class PtabService {
  constructor(
    private readonly db: Queryable,
    private readonly provenance: ProvenanceService,
    private readonly entities: EntityService,
  ) {}

  private async views(rows: readonly sql.TrialRow[], withText: boolean) {
    const decisions = await sql.findDecisions(
      this.db,
      rows.map((r) => r.trial_number),
      withText,
    );
    return rows.map((row) => trialView(row, decisions, withText));
  }

  async ofPatent(input: { patentNumber: string; includeText: boolean }) {
    const patentNumber = requirePatentNumber(input.patentNumber);
    const found = await sql.findTrialsOfPatent(this.db, patentNumber);
    if (!found.known) throw notFound(`No patent ${patentNumber} is on file, and no PTAB trial names it.`);
    return {
      patent_number: patentNumber,
      application_number: found.applicationNumber,
      proceedings: await this.views(found.trials, input.includeText),
      ...(await this.provenance.ofFamily(PTAB_PRODUCTS)),
    };
  }

  async trial(input: { trialNumber: string; includeText: boolean }) {
    const trialNumber = parseTrialNumber(input.trialNumber);
    if (trialNumber === null)
      throw invalidParameter({
        loc: ['path', 'trial_number'],
        msg: 'Not an AIA trial number (IPR, PGR, CBM or DER, a year and a sequence: IPR2021-01599)',
        type: 'trial_number_format',
        input: input.trialNumber,
      });
    const row = await sql.findTrial(this.db, trialNumber);
    if (row === null) throw notFound(`No PTAB trial ${trialNumber} is on file.`);
    const [view] = await this.views([row], input.includeText);
    return { ...view!, ...(await this.provenance.ofFamily(PTAB_PRODUCTS)) };
  }

  async search(input: {
    petitioner?: string;
    patent_owner?: string;
    filed_after?: string;
    status?: string;
    limit: number;
    cursor?: string;
  }) {
    const petitioner = input.petitioner?.trim() || null;
    const patentOwner = input.patent_owner?.trim() || null;
    const status = input.status?.trim() || null;
    if (petitioner === null && patentOwner === null && input.filed_after === undefined && status === null)
      throw new AppError('missing_filter', 'Give at least one of petitioner, patent_owner, filed_after or status.');
    const scope = [petitioner, patentOwner, input.filed_after ?? null, status?.toLowerCase() ?? null];
    const key = await cursorKey(this.db);
    const after = SEARCH_CURSOR.decode(key, input.cursor, scope);
    const rows = await sql.searchTrials(this.db, {
      petitioner: petitioner === null ? null : await this.partyMatch(petitioner),
      patentOwner: patentOwner === null ? null : await this.partyMatch(patentOwner),
      filedAfter: input.filed_after ?? null,
      status,
      after: after ? { filed: after.f === UNDATED ? null : after.f, trial: after.t } : null,
      limit: input.limit + 1,
    });
    const page = rows.slice(0, input.limit);
    const last = page.at(-1);
    return {
      proceedings: await this.views(page, false),
      next_cursor:
        rows.length > input.limit && last
          ? SEARCH_CURSOR.encode(key, scope, { f: last.filed_date ?? UNDATED, t: last.trial_number })
          : null,
      ...(await this.provenance.ofFamily(PTAB_PRODUCTS)),
    };
  }

  /** An entity or family id (404 when unknown), else a fragment of the printed name (case, punctuation, spacing and accents ignored). */
  private async partyMatch(party: string): Promise<sql.PartyMatch> {
    if (/^(ent|fam)_/.test(party)) return { entityIds: await this.entities.idsOf(party) };
    return { fragment: party };
  }
}
