/**
 * A planned trial as the ODP trials API prints it: the proceeding record, and one record per
 * decision carrying the trial's metadata as of that decision (its status then, the dates known
 * then). Keys come in the order the real records list them, which differs between the two
 * endpoints; a key whose event has not happened is left out (JSON.stringify drops undefined).
 * Every random choice is drawn from the trial's own stream, so the two files agree on a trial
 * however they are written.
 */
import type { ChallengeablePatents } from './corpus.js';
import { documentFacts } from './documents.js';
import { captionName, ocrText } from './ocr.js';
import { ownerCounsel, panel, type PetitionerPool } from './parties.js';
import { type Decision, statusAfter, type Trial } from './timeline.js';
import { iso, Rng } from '../core/random.js';

export interface RecordContext {
  patents: ChallengeablePatents;
  pool: PetitionerPool;
  seed: string | number;
  asOf: number;
}

const FILES = 'https://api.uspto.gov/api/v1/patent/ptab-files';

/** `HH:MM:SS`, `seconds` after midnight. */
const clock = (seconds: number) =>
  [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60].map((n) => String(n).padStart(2, '0')).join(':');

/** A modification time on day `d`, and the record's own a little later the same day (the API re-indexes after the change). */
function modified(rng: Rng, d: number): { date: string; dateTime: string; recordTime: string } {
  const seconds = rng.int(0, 20 * 3600);
  const later = Math.min(86_399, seconds + rng.int(60, 5 * 3600));
  return { date: iso(d), dateTime: `${iso(d)}T${clock(seconds)}`, recordTime: `${iso(d)}T${clock(later)}` };
}

const folder = (t: Trial) => `${FILES}/${t.type}/${t.number.slice(3, 7)}/${t.number.slice(8)}`;

interface Parties {
  owner: string | undefined;
  ownerCounsel: string;
  petitionerCounsel: string;
  judges: [string, string, string];
}

function parties(ctx: RecordContext, t: Trial): Parties {
  const rng = new Rng(`${ctx.seed}|ptab|${t.number}|parties`);
  const name = ctx.patents.ownerName(t.patent);
  return {
    owner: name === null ? undefined : name + (rng.chance(0.25) ? ' et al.' : ''),
    ownerCounsel: ownerCounsel(rng, ctx.patents.owner[t.patent]!, ctx.patents.companies),
    petitionerCounsel: rng.pick(ctx.pool.petitioners[t.petitioner]!.counsel),
    judges: panel(rng),
  };
}

/** The patent's facts; the owner's name and counsel once the owner has appeared (by day `on`). */
function ownerFacts(ctx: RecordContext, t: Trial, p: Parties, on: number) {
  const i = t.patent;
  const unit = ctx.patents.artUnit[i]!;
  const appeared = t.schedule.ownerAppears <= on;
  return {
    patentNumber: String(ctx.patents.patentNumber[i]!),
    grantDate: iso(ctx.patents.granted[i]!),
    realPartyInInterestName: appeared ? p.owner : undefined,
    technologyCenterNumber: unit > 0 ? `${String(unit).slice(0, 2)}00` : undefined,
    groupArtUnitNumber: unit > 0 ? String(unit) : undefined,
    applicationNumberText: String(ctx.patents.applicationNumber[i]!),
    inventorName: ctx.patents.inventorName[i]!,
    counselName: appeared ? p.ownerCounsel : undefined,
  };
}

export function proceedingRecord(ctx: RecordContext, t: Trial): object {
  const rng = new Rng(`${ctx.seed}|ptab|${t.number}|proceeding`);
  const p = parties(ctx, t);
  const s = t.schedule;
  const { status, institution, termination } = statusAfter(t, t.decisions.length, ctx.asOf);
  const known = [s.filed, s.accorded, s.ownerAppears, t.appealNoticed ?? 0, ...t.decisions.map((d) => d.day)].filter((d) => d <= ctx.asOf);
  const last = Math.max(...known);
  const at = modified(rng, Math.min(ctx.asOf, last + (rng.chance(0.5) ? 0 : rng.int(1, 60))));
  const latest = t.decisions.at(-1);
  return {
    lastModifiedDateTime: at.recordTime,
    patentOwnerData: ownerFacts(ctx, t, p, ctx.asOf),
    trialMetaData: {
      accordedFilingDate: s.accorded <= ctx.asOf ? iso(s.accorded) : undefined,
      terminationDate: termination === undefined ? undefined : iso(termination),
      trialTypeCode: t.type,
      latestDecisionDate: latest ? iso(latest.day) : undefined,
      fileDownloadURI: `${folder(t)}/${t.number}.zip`,
      institutionDecisionDate: institution === undefined ? undefined : iso(institution),
      trialStatusCategory: status,
      trialLastModifiedDate: at.date,
      petitionFilingDate: iso(s.filed),
      trialLastModifiedDateTime: at.dateTime,
    },
    trialNumber: t.number,
    regularPetitionerData: { realPartyInInterestName: t.petitionerName, counselName: p.petitionerCounsel },
  };
}

/** The trial's decision records, newest first (as the API lists a trial's decisions). */
export function* decisionRecords(ctx: RecordContext, t: Trial): Generator<object> {
  const p = parties(ctx, t);
  const owner = ownerFacts(ctx, t, p, ctx.asOf);
  const caption = {
    petitioner: captionName(t.petitionerName),
    owner: captionName(p.owner ?? owner.inventorName.replace(/ et al$/, '')),
    patent: `${owner.patentNumber.replace(/\B(?=(\d{3})+$)/g, ',')} ${ctx.patents.published[t.patent] ? 'B2' : 'B1'}`,
  };
  for (let k = t.decisions.length - 1; k >= 0; k--) yield decisionRecord(ctx, t, k, p, caption);
}

function decisionRecord(
  ctx: RecordContext,
  t: Trial,
  k: number,
  p: Parties,
  caption: { petitioner: string; owner: string; patent: string },
) {
  const rng = new Rng(`${ctx.seed}|ptab|${t.number}|decision ${k}`);
  const d: Decision = t.decisions[k]!;
  const isoDay = iso(d.day);
  // The snapshot was taken some time before the trial's next event.
  const after = [t.decisions[k + 1]?.day, t.appealNoticed ?? undefined, ctx.asOf + 1].filter(
    (x): x is number => x !== undefined && x > d.day,
  );
  const until = Math.min(...after) - 1;
  const snapshotDay = rng.chance(0.5) ? d.day : rng.int(d.day, until);
  const snap = modified(rng, snapshotDay);
  const recordDay = Math.min(until, snapshotDay + (rng.chance(0.6) ? 0 : rng.int(1, 10)));
  const recordTime = recordDay === snapshotDay ? snap.recordTime : modified(rng, recordDay).recordTime;
  const { status, institution, termination } = statusAfter(t, k + 1, snapshotDay);
  const doc = documentFacts(rng, d.kind, { type: t.type, trial: t.number, fate: t.fate, affirmed: t.affirmed, paper: d.paper, isoDay });
  const owner = ownerFacts(ctx, t, p, d.day);
  const s = t.schedule;
  const ocr = { kind: d.kind, type: t.type, trial: t.number, paper: d.paper, isoDay, fate: t.fate, judges: p.judges, ...caption };
  return {
    trialNumber: t.number,
    lastModifiedDateTime: recordTime,
    trialDocumentCategory: 'Decision',
    trialMetaData: {
      institutionDecisionDate: institution === undefined ? undefined : iso(institution),
      accordedFilingDate: iso(s.accorded),
      petitionFilingDate: iso(s.filed),
      trialLastModifiedDateTime: snap.dateTime,
      trialLastModifiedDate: snap.date,
      terminationDate: termination === undefined ? undefined : iso(termination),
      trialStatusCategory: status,
      latestDecisionDate: isoDay,
      trialTypeCode: t.type,
    },
    patentOwnerData: {
      applicationNumberText: owner.applicationNumberText,
      counselName: owner.counselName,
      grantDate: owner.grantDate,
      groupArtUnitNumber: owner.groupArtUnitNumber,
      inventorName: owner.inventorName,
      realPartyInInterestName: owner.realPartyInInterestName,
      patentNumber: owner.patentNumber,
      technologyCenterNumber: owner.technologyCenterNumber,
    },
    regularPetitionerData: { counselName: p.petitionerCounsel, realPartyInInterestName: t.petitionerName },
    documentData: {
      documentCategory: doc.category,
      documentFilingDate: isoDay,
      documentIdentifier: String(d.id),
      documentName: doc.name,
      documentNumber: d.paper,
      documentSizeQuantity: doc.size,
      documentTitleText: doc.title,
      documentTypeDescriptionText: doc.type,
      fileDownloadURI: `${folder(t)}/${d.id}.pdf`,
      filingPartyCategory: 'BOARD',
      documentOCRText: ocrText(rng, ocr),
    },
    decisionData: {
      statuteAndRuleBag: doc.statutes,
      decisionIssueDate: isoDay,
      decisionTypeCategory: 'Decision',
      issueTypeBag: doc.issues,
      trialOutcomeCategory: doc.outcome,
    },
  };
}
