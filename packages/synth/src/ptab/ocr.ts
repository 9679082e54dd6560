/**
 * The start of a decision's text as the API carries it (`documentOCRText`): the OCR of the
 * paper's first page, line breaks and stray spaces included, cut after a few hundred
 * characters and ended with ` ...`. Board papers open with the Trials@uspto.gov caption, the
 * parties in capitals, the trial and patent numbers and the panel; the Director's notices and
 * the Federal Circuit's mandates have captions of their own.
 */
import type { Rng } from '../core/random.js';
import { resultWord, REVIEW, SECTIONS } from './documents.js';
import type { DecisionKind, Fate, TrialType } from './timeline.js';

export interface OcrContext {
  kind: DecisionKind;
  type: TrialType;
  trial: string;
  paper: number;
  isoDay: string;
  petitioner: string;
  owner: string;
  /** `12,018,298 B2`. */
  patent: string;
  fate: Fate;
  judges: readonly [string, string, string];
}

const MONTHS = 'January February March April May June July August September October November December'.split(' ');

/** `June 11, 2025`. */
function longDate(iso: string): string {
  return `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${Number(iso.slice(8, 10))}, ${iso.slice(0, 4)}`;
}

/** A party as a caption prints it: capitals, without the `et al.` the API's name field adds. */
export const captionName = (name: string) => name.replace(/ et al\.?$/, '').toUpperCase();

function heading(c: OcrContext): string {
  const [institute, settle, decide] = SECTIONS[c.type];
  switch (c.kind) {
    case 'grant':
    case 'deny':
      return `DECISION \n${c.kind === 'grant' ? 'Granting' : 'Denying'} Institution of ${REVIEW[c.type]} \n35 U.S.C. § ${institute} \n\n`;
    case 'settledBefore':
      return `ORDER \nGranting Joint Motion to Terminate Proceeding \n35 U.S.C. § ${settle}; 37 C.F.R. § 42.74 \n\n`;
    case 'settledAfter':
      return `JUDGMENT \nTermination Due to Settlement After Institution of Trial \n35 U.S.C. § ${settle}; 37 C.F.R. § 42.74 \n\n`;
    case 'adverse':
      return 'JUDGMENT \nGranting Patent Owner’s Request for Adverse Judgment \n37 C.F.R. § 42.73(b) \n\n';
    default:
      return `JUDGMENT \nFinal Written Decision \nDetermining ${resultWord(c.fate)} Challenged Claims Unpatentable \n35 U.S.C. § ${decide} \n\n`;
  }
}

function body(rng: Rng, c: OcrContext): string {
  const number = c.patent.replace(/ \w+$/, '');
  const short = `’${number.slice(-3)} patent`;
  switch (c.kind) {
    case 'settledBefore':
    case 'settledAfter':
      return `The parties filed a Joint Motion to Terminate this proceeding in light of their settlement. Paper ${c.paper - 1}. The parties also filed a true copy of their written settlement agreement. `;
    case 'adverse':
      return `Patent Owner requests entry of adverse judgment against itself as to all challenged claims of the ${short}. Paper ${c.paper - 1}. A party may request judgment against itself at any time during a proceeding. `;
    default:
      return (
        `I. INTRODUCTION \n\n${c.petitioner} (“Petitioner”) filed a Petition requesting ${REVIEW[c.type].toLowerCase()} of claims 1–${rng.int(8, 30)} ` +
        `of U.S. Patent No. ${number} (Ex. 1001, “the ${short}”). Paper 2 (“Pet.”). ${c.owner} (“Patent Owner”) filed a Preliminary Response. `
      );
  }
}

function boardPaper(rng: Rng, c: OcrContext): string {
  const date = longDate(c.isoDay);
  const caption = rng.pick([
    `Trials@uspto.gov Paper ${c.paper} \nTel: 571-272-7822 Entered: ${date}  \n\n`,
    `Trials@uspto.gov Paper ${c.paper} \n571-272-7822 Date: ${date}  \n\n`,
    `Trials@uspto.gov Paper: ${c.paper}  \nTel: 571-272-7822 Entered: ${date}  \n\n`,
  ]);
  const [a, b, j] = c.judges;
  return (
    caption +
    'UNITED STATES PATENT AND TRADEMARK OFFICE \n \n\nBEFORE THE PATENT TRIAL AND APPEAL BOARD \n \n\n \n' +
    `${c.petitioner}, \n\nPetitioner, \n\nv. \n\n${c.owner}, \nPatent Owner. \n\n \n\n${c.trial} \nPatent ${c.patent} \n\n \n\n \n` +
    `Before ${a}, ${b}, and  \n${j}, Administrative Patent Judges. \n \n${a.split(' ').at(-1)}, Administrative Patent Judge. \n\n` +
    heading(c) +
    body(rng, c)
  );
}

function directorNotice(c: OcrContext): string {
  return (
    `Trials@uspto.gov  Paper ${c.paper} \n571-272-7822  Date: ${longDate(c.isoDay)} \n \n\nUNITED STATES PATENT AND TRADEMARK OFFICE \n \n\n \n\n \n` +
    'BEFORE THE OFFICE OF THE UNDER SECRETARY OF COMMERCE \n\nFOR INTELLECTUAL PROPERTY AND DIRECTOR OF THE  \nUNITED STATES PATENT AND TRADEMARK OFFICE \n\n \n\n' +
    `${c.petitioner}, \nPetitioner, \n\nv. \n\n${c.owner}, \nPatent Owner. \n\n${c.trial} \nPatent ${c.patent} \n\n` +
    'NOTICE OF DECISIONS ON INSTITUTION \n\n \nNOTICE \n\n \n Pursuant to 35 U.S.C. § 314, the Director has considered the parties’ discretionary denial briefing. ' +
    'Upon consideration of the relevant factors, it is determined that discretionary denial of institution is appropriate. Accordingly, the Petition is denied. '
  );
}

function mandate(rng: Rng, c: OcrContext): string {
  const [y, m, d] = c.isoDay.split('-') as [string, string, string];
  const docket = `${Number(y) - rng.int(1, 2)}-${rng.int(1000, 2400)}`;
  // The side that lost at the Board appeals: the owner when claims fell, else the petitioner.
  const ownerAppeals = c.fate !== 'none';
  const [appellant, appellee] = ownerAppeals ? [c.owner, c.petitioner] : [c.petitioner, c.owner];
  return (
    `Case: ${docket.slice(2)}    Document: ${rng.int(40, 90)}    Page: 1    Filed: ${m}/${d}/${y} \n\nUnited States Court of Appeals \nfor the Federal Circuit \n\n______________________ \n\n` +
    `${appellant}, \nAppellant \n\nv. \n\n${appellee}, \nAppellee \n\n______________________ \n\n${docket} \n______________________ \n\n` +
    `Appeal from the United States Patent and Trademark Office, Patent Trial and Appeal Board in No. ${c.trial} (U.S. Patent No. ${c.patent.replace(/ \w+$/, '')}). \n______________________ \n\n` +
    'MANDATE \n\nIn accordance with the judgment of this Court, and pursuant to Rule 41 of the Federal Rules of Appellate Procedure, the formal mandate is hereby issued. '
  );
}

/** The text, cut at a few hundred characters; one decision in about forty never reached the text store. */
export function ocrText(rng: Rng, c: OcrContext): string {
  if (rng.chance(1 / 40)) return 'upload to S3 failed';
  const text = c.kind === 'discretionary' ? directorNotice(c) : c.kind === 'mandate' ? mandate(rng, c) : boardPaper(rng, c);
  return `${text.slice(0, rng.int(520, 760)).trimEnd()} ...`;
}
