/**
 * The stored shape of a recordation: its rows in COPY text format (db/copy-text.ts) in the column
 * order of load.sql.ts, and the hash of those rows. Built once per record as it is read (the
 * loader's `item`), while the database writes the batch before, so that a batch's own write is
 * only joining texts.
 */
import * as crypto from 'node:crypto';
import { copyField } from '../../db/copy-text.js';
import { normalizeName } from '../../domain/names.js';
import type { BatchFile } from '../loader.js';
import { remembered } from './memo.js';
import type { AssignmentRecord } from './record.js';

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
const ARRAY_SPECIAL = /["\\]/;

/** A `text[]` in array-literal form: each element quoted, so spaces, commas and braces stay as written. */
function textArray(values: readonly string[]): string {
  if (values.length === 0) return '{}';
  const quoted = values.map((value) => (ARRAY_SPECIAL.test(value) ? value.replace(/["\\]/g, '\\$&') : value));
  return copyField(`{"${quoted.join('","')}"}`);
}

/** One recordation's rows, as stored. */
export interface StoredRecordation {
  /** The `assignments` row up to its content hash (the columns after it are the batch's). */
  head: string;
  /** Its `assignment_parties` and `assignment_properties` rows, each ending in a newline. */
  parties: string;
  properties: string;
  /** Same rows, same hash: a re-ingest of an unchanged record writes nothing. */
  hash: string;
}

/**
 * Every field is given as text, `\N` for null: `join` would write null as an empty string. Each
 * row is one array joined once: texts built by `+=` are trees of small strings that every later
 * join, hash and clone has to flatten again.
 */
export function storedRecordation(record: AssignmentRecord): StoredRecordation {
  const key = record.reelFrame;
  const correspondent = record.correspondent === null ? null : JSON.stringify(record.correspondent);
  // Dates (`YYYY-MM-DD`), numbers, the reel/frame and the enumerations are ours: never escaped.
  const head = [
    key,
    record.reel,
    record.frame,
    record.recordedDate,
    record.lastUpdateDate ?? NULL,
    record.pageCount ?? NULL,
    copyField(record.conveyanceText),
    record.conveyanceType,
    copyField(correspondent),
    record.properties.length,
  ].join('\t');
  const parties: string[] = [];
  record.assignors.forEach(({ name, nameType, executionDate, acknowledgedDate }, seq) => {
    // No address: the files carry none for assignors (map-record.ts).
    const row = [
      key,
      'assignor',
      seq,
      copyField(name),
      nameType ?? NULL,
      copyField(normalized(name)),
      executionDate ?? NULL,
      acknowledgedDate ?? NULL,
      NULL,
      NULL,
      NULL,
      NULL,
      NULL,
    ];
    parties.push(row.join('\t'), '\n');
  });
  record.assignees.forEach(({ name, nameType, address }, seq) => {
    const row = [
      key,
      'assignee',
      seq,
      copyField(name),
      nameType ?? NULL,
      copyField(normalized(name)),
      NULL,
      NULL,
      textArray(address.lines),
      copyField(address.city),
      copyField(address.state),
      copyField(address.postcode),
      copyField(address.country),
    ];
    parties.push(row.join('\t'), '\n');
  });
  const properties: string[] = [];
  record.properties.forEach((p, seq) => {
    const row = [
      key,
      seq,
      copyField(p.applicationNumber),
      copyField(p.patentNumber),
      copyField(p.publicationNumber),
      copyField(p.internationalRegistration),
      p.filingDate ?? NULL,
      p.grantDate ?? NULL,
      p.publicationDate ?? NULL,
      copyField(p.title),
    ];
    properties.push(row.join('\t'), '\n');
  });
  const rows = { head, parties: parties.join(''), properties: properties.join('') };
  return { ...rows, hash: sha256(`${rows.head}\n${rows.parties}${rows.properties}`) };
}

/**
 * A batch's rows in COPY text, one text per table, joined once from the recordations' texts:
 * built with `+=` across a batch the text would be a tree of many small strings alive across
 * the collections of the next batch's parse.
 */
export function batchRows(
  recordations: readonly StoredRecordation[],
  file: BatchFile,
): { assignments: string; parties: string; properties: string } {
  const now = file.now.toISOString();
  const provenance = `\t${copyField(file.product)}\t${file.fileDate}\t${now}\t${now}\n`;
  return {
    assignments: recordations.map((r) => `${r.head}\t${r.hash}${provenance}`).join(''),
    parties: recordations.map((r) => r.parties).join(''),
    properties: recordations.map((r) => r.properties).join(''),
  };
}
