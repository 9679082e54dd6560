/**
 * Fills the office-action tables of a loaded file-wrapper corpus set-based, for the request
 * benchmark (bench/office-actions.ts): every mailing of an examiner action or notice of allowance
 * gets its document (a body of ~4 kB, a 103 section of ~1.5 kB for rejections), each rejection two
 * rejection rows and two citations; then petition decisions of their own (unpaired documents, as
 * the portal holds them) until the application lists hold `target` actions in all. The texts
 * repeat, so they compress far better than real ones: the list reads none of them.
 */
import type { Database } from '../src/db/database.js';
import { OFFICE_ACTION_MAILING_CODES } from '../src/domain/office-action-types.js';

const PAIRED = /* SQL */ `
  INSERT INTO office_action_documents (application_number, document_id, document_code, mailed_date, has_text, body_text, text_chars,
                                       sections, section_texts, section_chars, content_hash, source_product, source_file_date,
                                       first_seen_at, updated_at)
  SELECT t.application_number, 'B' || t.application_number || '-' || t.seq,
         CASE t.code WHEN 'MCTNF' THEN 'CTNF' WHEN 'MCTFR' THEN 'CTFR' WHEN 'MCTRS' THEN 'CTRS' WHEN 'MCTEQ' THEN 'CTEQ'
                     WHEN 'MCTAV' THEN 'CTAV' ELSE 'NOA' END,
         t.date, true, b.body, length(b.body),
         CASE WHEN t.code IN ('MCTNF', 'MCTFR') THEN jsonb_build_array(jsonb_build_object(
           'statute', '103', 'heading', 'Claim Rejections - 35 USC § 103', 'chars', length(b.section))) ELSE '[]'::jsonb END,
         CASE WHEN t.code IN ('MCTNF', 'MCTFR') THEN ARRAY[b.section] ELSE '{}'::text[] END,
         CASE WHEN t.code IN ('MCTNF', 'MCTFR') THEN length(b.section) ELSE 0 END,
         'bench', 'OA', '2026-11-20', now(), now()
  FROM transactions t
  CROSS JOIN LATERAL (SELECT
    repeat(md5(t.application_number || t.seq) || ' Claims 1-20 are rejected under 35 U.S.C. 103 as being unpatentable over ', 40) AS body,
    repeat(md5(t.seq || t.application_number) || ' in view of Smith (US 2015/0123456 A1). ', 25) AS section) b
  WHERE t.code IN ('MCTNF', 'MCTFR', 'MCTRS', 'MCTEQ', 'MCTAV', 'MN/=.')
  ON CONFLICT DO NOTHING`;

const REJECTIONS = /* SQL */ `
  INSERT INTO office_action_rejections (row_id, application_number, document_id, legal_section, paragraph, action_category, claims,
                                        flagged_statutes, double_patenting, content_hash, source_product, source_file_date, updated_at)
  SELECT d.document_id || '-' || g, d.application_number, d.document_id, CASE g WHEN 1 THEN '103' ELSE '112' END,
         CASE g WHEN 2 THEN 'b' END, 'rejected', CASE g WHEN 1 THEN '{1,2,3,4,5}'::int[] ELSE '{6,7}'::int[] END,
         '{103,112}', false, 'bench', 'OA', '2026-11-20', now()
  FROM office_action_documents d CROSS JOIN generate_series(1, 2) g
  WHERE d.document_code IN ('CTNF', 'CTFR')
  ON CONFLICT DO NOTHING`;

const CITATIONS = /* SQL */ `
  INSERT INTO office_action_citations (row_id, application_number, document_id, legal_section, action_category, reference,
                                       examiner_cited, content_hash, source_product, source_file_date, updated_at)
  SELECT d.document_id || '-c' || g, d.application_number, d.document_id, '103', 'rejected',
         (20150000000 + abs(hashtext(d.document_id || g)) % 999999)::text, true, 'bench', 'OA', '2026-11-20', now()
  FROM office_action_documents d CROSS JOIN generate_series(1, 2) g
  WHERE d.document_code IN ('CTNF', 'CTFR')
  ON CONFLICT DO NOTHING`;

/** Actions the lists hold: one per type and day of the mailings (domain/office-action-list.ts), plus the unpaired documents. */
const LISTED = /* SQL */ `
  SELECT (SELECT count(*) FROM (SELECT DISTINCT application_number, date, CASE WHEN code IN ('INCD', 'MPEN') THEN 'notice' ELSE code END
                                FROM transactions WHERE code = ANY($1::text[])) m)::int AS mailings,
         (SELECT count(*) FROM office_action_documents WHERE document_id LIKE 'XPET-%')::int AS unpaired,
         (SELECT count(*) FROM office_action_documents)::int AS documents,
         (SELECT count(*) FROM office_action_rejections)::int AS rejections`;

const UNPAIRED = /* SQL */ `
  INSERT INTO office_action_documents (application_number, document_id, document_code, mailed_date, has_text, body_text, text_chars,
                                       sections, section_texts, section_chars, content_hash, source_product, source_file_date,
                                       first_seen_at, updated_at)
  SELECT a.application_number, 'XPET-' || a.application_number || '-' || g, 'PETDEC',
         (COALESCE(a.filing_date, DATE '2018-01-01') + 45 * g), true, b.body, length(b.body), '[]'::jsonb, '{}'::text[], 0,
         'bench', 'OA', '2026-11-20', now(), now()
  FROM applications a CROSS JOIN generate_series(1, $1::int) g
  CROSS JOIN LATERAL (SELECT repeat(md5(a.application_number || g) || ' The petition under 37 CFR 1.102 is GRANTED. ', 30) AS body) b
  WHERE random() < $2::float8
  ON CONFLICT DO NOTHING`;

export async function fillOfficeActions(
  db: Database,
  target: number,
): Promise<{ listed: number; mailings: number; documents: number; rejections: number }> {
  await db.query(PAIRED);
  await db.query(REJECTIONS);
  await db.query(CITATIONS);
  const count = async () =>
    (await db.query<{ mailings: number; unpaired: number; documents: number; rejections: number }>(LISTED, [OFFICE_ACTION_MAILING_CODES]))
      .rows[0]!;
  let counted = await count();
  const applications = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM applications')).rows[0]!.n;
  const missing = target - counted.mailings - counted.unpaired;
  if (missing > 0 && applications > 0) {
    const perApplication = Math.ceil(missing / applications);
    await db.query(UNPAIRED, [perApplication, missing / (applications * perApplication)]);
    counted = await count();
  }
  return {
    listed: counted.mailings + counted.unpaired,
    mailings: counted.mailings,
    documents: counted.documents,
    rejections: counted.rejections,
  };
}
