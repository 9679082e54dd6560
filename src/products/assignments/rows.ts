/**
 * The stored shape of a recordation: its rows in COPY text format, written by load.sql.ts's
 * declarations, and the hash of those rows. Built once per record as it is read (the
 * loader's `item`), while the database writes the batch before, so that a batch's own write is
 * only joining texts.
 */
import * as crypto from 'node:crypto';
import type { CopyFields } from '../../db/copy-rows.js';
import { arrayLiteral } from '../../db/copy-text.js';
import { normalizeName } from '../../domain/names.js';
import type { BatchFile } from '../../ingest/loader.js';
import { remembered } from './memo.js';
import type { AssignmentRecord } from './record.js';
import { ASSIGNMENTS, PARTIES, PROPERTIES, type RecordationRow } from './load.sql.js';

/** `crypto.hash` hashes one string at half the cost of a Hash object. */
const sha256 = (text: string) => crypto.hash('sha256', text, 'base64url');

/**
 * A history file names ~283,000 parties with ~40,000 distinct names (the same banks and
 * companies again and again): normalizing each name once took the benchmark's ~0.7 s of
 * `normalizeName` down to ~0.4 s, most of it the lookups. Pure, so remembering is safe.
 */
const normalized = remembered(normalizeName, 200_000);

/** One recordation's rows, as stored. */
export interface StoredRecordation {
  /** The `assignments` row's own columns (the batch adds the rest). */
  head: CopyFields<RecordationRow>;
  /** Its `assignment_parties` and `assignment_properties` lines. */
  parties: string;
  properties: string;
  /** Same rows, same hash: a re-ingest of an unchanged record writes nothing. */
  hash: string;
}

const NO_ADDRESS = { address_lines: null, city: null, state: null, postcode: null, country: null } as const;

/**
 * Each row is written once (its fields joined once): texts built by `+=` are trees of small
 * strings that every later join, hash and clone has to flatten again.
 */
export function storedRecordation(record: AssignmentRecord): StoredRecordation {
  const key = record.reelFrame;
  const head = ASSIGNMENTS.head.fields({
    reel_frame: key,
    reel: record.reel,
    frame: record.frame,
    recorded_date: record.recordedDate,
    last_update_date: record.lastUpdateDate,
    page_count: record.pageCount,
    conveyance_text: record.conveyanceText,
    conveyance_type: record.conveyanceType,
    correspondent: record.correspondent === null ? null : JSON.stringify(record.correspondent),
    property_count: record.properties.length,
  });
  const parties: string[] = [];
  record.assignors.forEach(({ name, nameType, executionDate, acknowledgedDate }, seq) => {
    // No address: the files carry none for assignors (map-record.ts).
    parties.push(
      PARTIES.line({
        reel_frame: key,
        role: 'assignor',
        seq,
        name,
        name_type: nameType,
        normalized_name: normalized(name),
        execution_date: executionDate,
        acknowledged_date: acknowledgedDate,
        ...NO_ADDRESS,
      }),
    );
  });
  record.assignees.forEach(({ name, nameType, address }, seq) => {
    parties.push(
      PARTIES.line({
        reel_frame: key,
        role: 'assignee',
        seq,
        name,
        name_type: nameType,
        normalized_name: normalized(name),
        execution_date: null,
        acknowledged_date: null,
        address_lines: arrayLiteral(address.lines),
        city: address.city,
        state: address.state,
        postcode: address.postcode,
        country: address.country,
      }),
    );
  });
  const properties = record.properties.map((p, seq) =>
    PROPERTIES.line({
      reel_frame: key,
      seq,
      application_number: p.applicationNumber,
      patent_number: p.patentNumber,
      publication_number: p.publicationNumber,
      international_registration: p.internationalRegistration,
      filing_date: p.filingDate,
      grant_date: p.grantDate,
      publication_date: p.publicationDate,
      title: p.title,
    }),
  );
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
  const provenance = { source_product: file.product, source_file_date: file.fileDate, first_seen_at: now, updated_at: now };
  return {
    assignments: recordations
      .map((r) => ASSIGNMENTS.joined(r.head, ASSIGNMENTS.tail.fields({ content_hash: r.hash, ...provenance })))
      .join(''),
    parties: recordations.map((r) => r.parties).join(''),
    properties: recordations.map((r) => r.properties).join(''),
  };
}
