/**
 * The stored shape of a recordation: its content hash, and its rows in COPY text format
 * (db/copy-text.ts) in the column order of load.sql.ts.
 */
import * as crypto from 'node:crypto';
import { normalizeName } from '../../domain/names.js';
import type { BatchFile } from '../loader.js';
import { remembered } from './memo.js';
import type { AssignmentRecord } from './record.js';

/** What a recordation's JSON tells: its content hash, and whether any of its text needs an escape. */
export interface Fingerprint {
  /** Same recordation, same hash: a re-ingest of an unchanged record writes nothing. */
  hash: string;
  /** No quote, backslash or control character anywhere in it (nearly every record). */
  plain: boolean;
}

/** `crypto.hash` (Node 20.12) hashes one string at half the cost of a Hash object; `engines` allows older 20s. */
const sha256 =
  typeof crypto.hash === 'function'
    ? (text: string) => crypto.hash('sha256', text, 'base64url')
    : (text: string) => crypto.createHash('sha256').update(text).digest('base64url');

/**
 * A history file names ~283,000 parties with ~40,000 distinct names (the same banks and
 * companies again and again): normalizing each name once took the benchmark's ~0.7 s of
 * `normalizeName` down to ~0.4 s, most of it the lookups. Pure, so remembering is safe.
 */
const normalized = remembered(normalizeName, 200_000);

const NULL = '\\N';

function escapeChar(c: string): string {
  return c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r';
}

/** Text as COPY reads it: backslash, tab, newline and carriage return escaped. */
function escaped(value: string | null): string {
  return value === null ? NULL : value.replace(/[\\\t\n\r]/g, escapeChar);
}

/** Text known to hold no character COPY escapes. */
function bare(value: string | null): string {
  return value ?? NULL;
}

/** A `text[]` in array-literal form: each element quoted, so spaces, commas and braces stay as written. */
function textArray(values: readonly string[], plain: boolean): string {
  if (values.length === 0) return '{}';
  if (plain) return `{"${values.join('","')}"}`;
  return escaped(`{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
}

export function fingerprint(record: AssignmentRecord): Fingerprint {
  const json = JSON.stringify(record);
  // JSON writes a backslash for every quote, backslash and control character: a record without
  // one needs no escape anywhere, which saves a test of every value (~0.3 s a benchmark run).
  return { hash: sha256(json), plain: !json.includes('\\') };
}

/**
 * One batch's rows in COPY text, one text per table. Each row is joined from an array of its
 * fields and the table's text joined once from its rows: built with `+=` the text is a tree of
 * millions of small strings, alive across the collections the parse of the next batch causes,
 * and copying them took ~1 s more of the benchmark's load.
 */
export class AssignmentRows {
  private readonly assignmentRows: string[] = [];
  private readonly partyRows: string[] = [];
  private readonly propertyRows: string[] = [];
  /** The last fields of every `assignments` row: source product and file date, first seen and updated. */
  private readonly provenance: string;

  constructor(file: BatchFile) {
    const now = file.now.toISOString();
    this.provenance = [escaped(file.product), file.fileDate, now, now].join('\t');
  }

  get assignments(): string {
    return this.assignmentRows.join('');
  }

  get parties(): string {
    return this.partyRows.join('');
  }

  get properties(): string {
    return this.propertyRows.join('');
  }

  /** Every field is given as text, `NULL` for null: `join` would write null as an empty string. */
  add(record: AssignmentRecord, { hash, plain }: Fingerprint): void {
    const text = plain ? bare : escaped;
    const key = record.reelFrame;
    const correspondent = record.correspondent === null ? null : JSON.stringify(record.correspondent);
    // Dates (`YYYY-MM-DD`), numbers, the reel/frame and the enumerations are ours: never escaped.
    this.assignmentRows.push(
      [
        key,
        record.reel,
        record.frame,
        record.recordedDate,
        record.lastUpdateDate ?? NULL,
        record.pageCount ?? NULL,
        text(record.conveyanceText),
        record.conveyanceType,
        text(correspondent),
        record.properties.length,
        hash,
        this.provenance,
      ].join('\t'),
      '\n',
    );
    for (let seq = 0; seq < record.assignors.length; seq += 1) {
      const { name, nameType, executionDate, acknowledgedDate } = record.assignors[seq]!;
      const row = [
        key,
        'assignor',
        seq,
        text(name),
        nameType ?? NULL,
        text(normalized(name)),
        executionDate ?? NULL,
        acknowledgedDate ?? NULL,
        // No address: the files carry none for assignors (map-record.ts).
        NULL,
        NULL,
        NULL,
        NULL,
        NULL,
      ];
      this.partyRows.push(row.join('\t'), '\n');
    }
    for (let seq = 0; seq < record.assignees.length; seq += 1) {
      const { name, nameType, address } = record.assignees[seq]!;
      const row = [
        key,
        'assignee',
        seq,
        text(name),
        nameType ?? NULL,
        text(normalized(name)),
        NULL,
        NULL,
        textArray(address.lines, plain),
        text(address.city),
        text(address.state),
        text(address.postcode),
        text(address.country),
      ];
      this.partyRows.push(row.join('\t'), '\n');
    }
    for (let seq = 0; seq < record.properties.length; seq += 1) {
      const property = record.properties[seq]!;
      const row = [
        key,
        seq,
        text(property.applicationNumber),
        text(property.patentNumber),
        text(property.publicationNumber),
        text(property.internationalRegistration),
        property.filingDate ?? NULL,
        property.grantDate ?? NULL,
        property.publicationDate ?? NULL,
        text(property.title),
      ];
      this.propertyRows.push(row.join('\t'), '\n');
    }
  }
}
