/**
 * The examiner as an office action prints them: name in running text ("TRACY M DOVE"), employee
 * number (5 digits, stable per examiner; some carry the trailing space the real records show,
 * `"76667 "`), telephone, supervisor (stable per art unit), signature block, and the closing
 * paragraphs every action ends with (PAIR before Patent Center replaced it in November 2023).
 * Everything is a pure function of the examiner's corpus name and art unit.
 */
import { iso, Rng } from '../core/random.js';

const PATENT_CENTER = '2023-11-08';
const SUPERVISOR_FIRST = 'Barbara|Jill|Matthew|Kenneth|Ryan|Lisa|Thomas|Jennifer|Vu|Alexander|Hai|Nathan|Olga|Tariq'.split('|');
const SUPERVISOR_LAST = 'Gilliam|Warden|Kim|Nguyen|Sullivan|Le|Barton|Tran|Pham|Mehta|Ortiz|Baird|Haq|Kessler|Moyer'.split('|');
const HOURS = ['M-F 9:00-3:00', 'M-F, 8-4:30pm', 'Monday-Thursday 7:30am-5:00pm', 'M-F 8:00 AM - 5:00 PM EST', 'Mon-Fri 10am-6pm'];

export interface ExaminerFacts {
  /** `TRACY MAE DOVE` → contact `TRACY M DOVE`, signature `/TRACY M DOVE/`. */
  printed: string;
  employeeNumber: string;
  phone: string;
  hours: string;
  primary: boolean;
  supervisor: string;
  supervisorPhone: string;
}

const cache = new Map<string, ExaminerFacts>();

/** `DOVE, TRACY MAE` (corpus form) in art unit `1727` → how its actions print the examiner. */
export function examinerFacts(name: string, artUnit: string): ExaminerFacts {
  const key = `${name}|${artUnit}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const [last = name, rest = ''] = name.split(', ');
  const [first = '', middle] = rest.split(' ');
  const rng = new Rng(`examiner|${name}`);
  const unit = new Rng(`supervisor|${artUnit}`);
  const facts: ExaminerFacts = {
    printed: [first, middle?.charAt(0), last].filter(Boolean).join(' '),
    employeeNumber: `${rng.int(59_000, 99_999)}${rng.chance(0.15) ? ' ' : ''}`,
    phone: `(571)272-${rng.int(1000, 9999)}`,
    hours: rng.pick(HOURS),
    primary: rng.chance(0.6),
    supervisor: `${unit.pick(SUPERVISOR_FIRST)} ${unit.pick(SUPERVISOR_LAST)}`,
    supervisorPhone: `571-272-${unit.int(1000, 9999)}`,
  };
  if (cache.size > 5000) cache.clear();
  cache.set(key, facts);
  return facts;
}

/** The closing paragraphs and signature of an action mailed on day `mail`. */
export function closing(e: ExaminerFacts, artUnit: string, mail: number): string {
  const status =
    iso(mail) < PATENT_CENTER
      ? 'Information regarding the status of an application may be obtained from the Patent Application Information Retrieval (PAIR) system. Status information for published applications may be obtained from either Private PAIR or Public PAIR. Status information for unpublished applications is available through Private PAIR only. For more information about the PAIR system, see https://ppair-my.uspto.gov/pair/PrivatePair. Should you have questions on access to the Private PAIR system, contact the Electronic Business Center (EBC) at 866-217-9197 (toll-free). If you would like assistance from a USPTO Customer Service Representative or access to the automated information system, call 800-786-9199 (IN USA OR CANADA) or 571-272-1000.'
      : 'Information regarding the status of published or unpublished applications may be obtained from Patent Center. Unpublished application information in Patent Center is available to registered users. To file and manage patent submissions in Patent Center, visit: https://patentcenter.uspto.gov. Visit https://www.uspto.gov/patents/apply/patent-center for more information about Patent Center and https://www.uspto.gov/patents/docx for information about filing in DOCX format. For additional questions, contact the Electronic Business Center (EBC) at 866-217-9197 (toll-free). If you would like assistance from a USPTO Customer Service Representative, call 800-786-9199 (IN USA OR CANADA) or 571-272-1000.';
  const signature = e.primary
    ? [`/${e.printed}/`, `Primary Examiner, Art Unit ${artUnit}`]
    : [
        `/${e.printed}/`,
        `Examiner, Art Unit ${artUnit}`,
        '',
        `/${e.supervisor.toUpperCase()}/`,
        `Supervisory Patent Examiner, Art Unit ${artUnit}`,
      ];
  return [
    `Any inquiry concerning this communication or earlier communications from the examiner should be directed to ${e.printed} whose telephone number is ${e.phone}. The examiner can normally be reached ${e.hours}.`,
    'Examiner interviews are available via telephone, in-person, and video conferencing using a USPTO supplied web-based collaboration tool. To schedule an interview, applicant is encouraged to use the USPTO Automated Interview Request (AIR) at http://www.uspto.gov/interviewpractice.',
    `If attempts to reach the examiner by telephone are unsuccessful, the examiner\u2019s supervisor, ${e.supervisor} can be reached on ${e.supervisorPhone}. The fax phone number for the organization where this application or proceeding is assigned is 571-273-8300.`,
    status,
    '',
    ...signature,
  ].join('\n');
}

/** `Notice of Pre-AIA or AIA Status` paragraph (the office writes two spaces after "AIA"). */
export function aiaNotice(firstInventorToFile: boolean): string {
  return [
    'Notice of Pre-AIA  or AIA  Status',
    firstInventorToFile
      ? 'The present application, filed on or after March 16, 2013, is being examined under the first inventor to file provisions of the AIA .'
      : 'The present application is being examined under the pre-AIA  first to invent provisions. ',
  ].join('\n');
}

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December'.split('|');

/** `January 5, 2021` for an epoch day. */
export function spelled(d: number): string {
  const date = iso(d);
  return `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;
}
