/**
 * An application's portfolio links, recomputed whole from its resolved parties: one link per
 * entity with the strongest role (applicant, then assignee, then inventor), the confidence of the
 * weakest step behind it, and the application's status and bucket as stored now. Each entity's
 * counts move by what its links gained and lost.
 */
import type { Queryable } from '../../db/database.js';
import { companyKey } from '../../domain/entity-keys.js';
import { applicationStatus } from '../../domain/status-codes.js';
import * as sql from './links.sql.js';
import { findCompanyKeys } from './resolve.sql.js';

const ROLE_RANK = { applicant: 0, assignee: 1, inventor: 2 } as const;
/** A recordation names its properties as typed by the submitter: a link through one is a little less certain. */
const RECORDATION_CONFIDENCE = 0.95;

export async function relink(tx: Queryable, applicationNumbers: readonly string[], now: Date): Promise<number> {
  if (applicationNumbers.length === 0) return 0;
  const [held, evidence] = await Promise.all([
    sql.findHeldApplications(tx, applicationNumbers),
    sql.findLinkEvidence(tx, applicationNumbers),
  ]);
  // Status once per application, not per party linking to it.
  const heldByNumber = new Map(
    held.map((row) => [
      row.application_number,
      {
        ...row,
        status: applicationStatus({
          statusCode: row.status_code,
          statusDescription: row.status_description,
          patentNumber: row.patent_number,
          grantDate: row.grant_date,
          officeActionCount: row.office_action_count,
        }),
      },
    ]),
  );
  const applicantKeys = evidence.filter((e) => e.role !== 'inventor' && !e.by_recordation).map((e) => companyKey(e.name));
  const keyConfidence = new Map((await findCompanyKeys(tx, [...new Set(applicantKeys)])).map((row) => [row.name_key, row.confidence]));

  const links = new Map<string, sql.LinkRow>();
  for (const e of evidence) {
    const application = heldByNumber.get(e.application_number);
    const status = application?.status ?? null;
    const confidence =
      e.role === 'inventor'
        ? 1
        : e.by_recordation
          ? RECORDATION_CONFIDENCE * (e.key_confidence ?? 1)
          : (keyConfidence.get(companyKey(e.name)) ?? 1);
    const link: sql.LinkRow = {
      entity_id: e.entity_id,
      application_number: e.application_number,
      role: e.role,
      confidence: Math.round(confidence * 100) / 100,
      patent_number: application ? application.patent_number : e.patent_number,
      grant_date: application ? application.grant_date : e.grant_date,
      category: status?.category ?? null,
      bucket: status?.bucket ?? null,
    };
    const key = `${e.entity_id}\u0000${e.application_number}`;
    const known = links.get(key);
    const stronger =
      !known || ROLE_RANK[link.role] < ROLE_RANK[known.role] || (link.role === known.role && link.confidence > known.confidence);
    const [kept, other] = stronger ? [link, known] : [known, link];
    // Of an application not held, any piece of evidence may be the one naming its patent (a grant, not its publication).
    if (other && kept.patent_number === null) Object.assign(kept, { patent_number: other.patent_number, grant_date: other.grant_date });
    links.set(key, kept);
  }

  const removed = await sql.deleteLinks(tx, applicationNumbers);
  const added = [...links.values()];
  await sql.insertLinks(tx, added);
  await sql.moveCounts(tx, countDeltas(removed, added), now);
  return added.length;
}

function countDeltas(removed: readonly sql.LinkRow[], added: readonly sql.LinkRow[]): sql.CountDelta[] {
  const deltas = new Map<string, sql.CountDelta>();
  const move = (link: sql.LinkRow, sign: number) => {
    const d = deltas.get(link.entity_id) ?? { entity_id: link.entity_id, applications: 0, patents: 0, pending: 0 };
    d.applications += sign;
    if (link.patent_number !== null) d.patents += sign;
    if (link.bucket === 'pending') d.pending += sign;
    deltas.set(link.entity_id, d);
  };
  for (const link of removed) move(link, -1);
  for (const link of added) move(link, 1);
  return [...deltas.values()].filter((d) => d.applications !== 0 || d.patents !== 0 || d.pending !== 0);
}
