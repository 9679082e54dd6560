/**
 * Which filing date starts a utility or plant patent's 20-year term (DOMAIN-RULES §3.2): the
 * earliest application reached from the patent's own through benefit claims that count. Pure.
 */
import { addYears } from './dates.js';

export interface ChainLink {
  applicationNumber: string;
  filingDate: string | null;
  /** The office's continuity code: CON, DIV, CIP, NST, PRO, REX, REI, … */
  relationship: string;
  /** The child application number of this link. */
  parentOf: string;
  /** The product that printed the link, as answers name it ('file wrapper', 'grant full text'). */
  source: string;
}

/**
 * Links whose parent's filing date can start the 20-year term (35 USC 154(a)(2)): continuation,
 * division and continuation-in-part (120, 121; a bypass continuation of a PCT, 365(c), is coded
 * CON) and national stage entry (NST: the PCT's international filing date). Provisional (PRO)
 * and foreign priority never count (154(a)(3)); REX/REI/SUB/SER are not term starts.
 */
const TERM_START_RELATIONSHIPS: ReadonlySet<string> = new Set(['CON', 'DIV', 'CIP', 'NST']);

/**
 * The end of a term of `years` counted from `start`, the one place this convention lives. A term
 * "ending 20 years from the date on which the application was filed" ends on the same calendar
 * date `years` later (2008-08-15 → 2028-08-15); from 29 February it ends on 28 February of a
 * non-leap year (addMonths' last-day rule). The patent is treated as in force through that date
 * (expired from the day after), and PTA days are added to it with addDays.
 */
export function termEnd(start: string, years: number): string {
  return addYears(start, years);
}

export const relationshipOf = (link: Pick<ChainLink, 'relationship'>) => link.relationship.trim().toUpperCase();

/** `continuity (file wrapper): 17248024 is a CON of 16695054; …`, naming every product the path came from. */
export function describePath(path: readonly ChainLink[]): string {
  const sources = [...new Set(path.map((link) => link.source))].join(', ');
  return `continuity (${sources}): ${path.map((l) => `${l.parentOf} is a ${relationshipOf(l)} of ${l.applicationNumber}`).join('; ')}`;
}

export interface Ancestor {
  link: ChainLink;
  /** The links from the patent's own application to this ancestor. */
  path: ChainLink[];
}

/**
 * Breadth-first from the patent's own application, only through links that count: an ancestor
 * reachable only through a provisional (or a reissue, reexam…) link does not start the term.
 * Where two products print the same link, the caller passes the copy the precedence table keeps.
 */
export function countingAncestors(own: string, links: readonly ChainLink[]): { counted: Ancestor[]; passedOver: ChainLink[] } {
  const counted: Ancestor[] = [];
  const passedOver: ChainLink[] = [];
  const seen = new Set([own]);
  const queue: { number: string; path: ChainLink[] }[] = [{ number: own, path: [] }];
  for (let next = queue.shift(); next; next = queue.shift()) {
    for (const link of links.filter((l) => l.parentOf === next.number)) {
      if (!TERM_START_RELATIONSHIPS.has(relationshipOf(link))) {
        // A provisional claimed by several members of the family is reported once.
        if (!passedOver.some((p) => p.applicationNumber === link.applicationNumber)) passedOver.push(link);
      } else if (!seen.has(link.applicationNumber)) {
        seen.add(link.applicationNumber);
        const path = [...next.path, link];
        counted.push({ link, path });
        queue.push({ number: link.applicationNumber, path });
      }
    }
  }
  return { counted, passedOver };
}
