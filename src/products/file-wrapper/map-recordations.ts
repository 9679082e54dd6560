/**
 * The recordations of a file wrapper record's `assignmentBag`: the office's copy, in each
 * application's file wrapper, of the assignment recordations that name it (ODP v1, the 2024 beta
 * and the /assignment answer alike; JSON-FORMATS.md §1). Pure.
 *
 * - The key is the reel/frame zero-padded as the assignment files write it (`046816/0108`), so
 *   both products' copies of one recordation meet: v1 gives `reelNumber` and `frameNumber` as
 *   numbers, the office's examples as strings, and the combined text unpadded (`60620/769`), the
 *   beta as `reelNumber/frameNumber` (`049654/016`). An entry without a readable reel/frame or
 *   recorded date is dropped and reported, and so is a second entry of one reel/frame.
 * - An assignee's `geographicRegionCode` is a state or province (`VA`), or the office's code of a
 *   foreign country: its two-letter code and an X (`JPX`, `KRX`, `DEX` beside `KOREA, REPUBLIC
 *   OF` and `KR` in the samples). The latter is the country when no country is named, never a
 *   state (a city with a state is read as a place in the US).
 * - A party without a name is dropped and reported; the recordation keeps its other parties.
 */
import { conveyanceTypeOf } from '../../domain/conveyance.js';
import { show } from '../../ingest/show.js';
import { integer, isAbsent, isObject, odpDate, text, type JsonObject } from './fields.js';
import type { BagAddress, BagRecordation, MapIssue } from './record.js';

const ADDRESS_LINES = ['addressLineOneText', 'addressLineTwoText', 'addressLineThreeText', 'addressLineFourText'] as const;
const REEL_FRAME = /^(\d{1,6})\/(\d{1,4})$/;
const FOREIGN_REGION = /^([A-Z]{2})X$/;

export function mapRecordations(entries: unknown[], issues: MapIssue[]): BagRecordation[] {
  const out: BagRecordation[] = [];
  const seen = new Set<string>();
  for (const e of entries) {
    if (!isObject(e)) {
      issues.push({ reason: 'assignmentBag entry dropped: not an object', value: e });
      continue;
    }
    const reelFrame = reelFrameOf(e);
    const recordedDate = odpDate(e.assignmentRecordedDate);
    if (reelFrame === null || recordedDate === null) {
      const what = reelFrame === null ? `unreadable reel/frame ${show(e.reelAndFrameNumber ?? e.reelNumber)}` : 'no assignmentRecordedDate';
      issues.push({ reason: `assignmentBag entry dropped: ${what}`, value: e });
      continue;
    }
    if (seen.has(reelFrame)) {
      issues.push({ reason: `assignmentBag entry dropped: reel/frame ${reelFrame} given twice`, value: e });
      continue;
    }
    seen.add(reelFrame);
    const conveyanceText = text(e.conveyanceText) ?? '';
    out.push({
      reelFrame,
      recordedDate,
      pageCount: integer(e.pageTotalQuantity),
      conveyanceText,
      conveyanceType: conveyanceTypeOf(conveyanceText),
      assignors: list(e.assignorBag, 'assignorBag', issues).flatMap((a) => {
        const name = text(a.assignorName);
        return name === null ? dropped('assignor', a, issues) : [{ name, executionDate: odpDate(a.executionDate) }];
      }),
      assignees: list(e.assigneeBag, 'assigneeBag', issues).flatMap((a) => {
        const name = text(a.assigneeNameText);
        return name === null ? dropped('assignee', a, issues) : [{ name, address: address(a.assigneeAddress) }];
      }),
    });
  }
  return out;
}

/** From the two numbers when both are readable, else from the combined text; null when neither fits the office's widths. */
function reelFrameOf(e: JsonObject): string | null {
  let reel = integer(e.reelNumber);
  let frame = integer(e.frameNumber);
  if (reel === null || frame === null) {
    const match = REEL_FRAME.exec(text(e.reelAndFrameNumber) ?? text(e['reelNumber/frameNumber']) ?? '');
    if (match === null) return null;
    [reel, frame] = [Number(match[1]), Number(match[2])];
  }
  if (reel < 0 || reel > 999_999 || frame < 0 || frame > 9_999) return null;
  return `${String(reel).padStart(6, '0')}/${String(frame).padStart(4, '0')}`;
}

function list(value: unknown, name: string, issues: MapIssue[]): JsonObject[] {
  if (isAbsent(value)) return [];
  if (!Array.isArray(value)) {
    issues.push({ reason: `${name} is not an array; ignored`, value });
    return [];
  }
  const out: JsonObject[] = [];
  for (const entry of value) {
    if (isObject(entry)) out.push(entry);
    else issues.push({ reason: `${name} entry dropped: not an object`, value: entry });
  }
  return out;
}

function dropped(role: string, value: JsonObject, issues: MapIssue[]): [] {
  issues.push({ reason: `${role} dropped: no name`, value });
  return [];
}

function address(a: unknown): BagAddress {
  if (!isObject(a)) return { lines: [], city: null, state: null, postcode: null, country: null };
  const region = text(a.geographicRegionCode) ?? text(a.geographicRegionName);
  const foreign = region === null ? null : FOREIGN_REGION.exec(region);
  return {
    lines: ADDRESS_LINES.flatMap((key) => text(a[key]) ?? []),
    city: text(a.cityName),
    state: foreign ? null : region,
    postcode: text(a.postalCode),
    country: text(a.countryName) ?? text(a.ictCountryCode) ?? foreign?.[1] ?? null,
  };
}
