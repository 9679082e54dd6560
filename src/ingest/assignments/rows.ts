/** The stored shape of a recordation: its hash, and its parties and properties as JSON rows for load.sql.ts. */
import { createHash } from 'node:crypto';
import { normalizeName } from '../../domain/names.js';
import type { AssignmentRecord } from './record.js';

/** Same recordation, same hash: a re-ingest of an unchanged record writes nothing. */
export function assignmentHash(record: AssignmentRecord): string {
  return createHash('sha256').update(JSON.stringify(record)).digest('base64url');
}

export function assignmentRow(record: AssignmentRecord, hash: string) {
  return {
    reel_frame: record.reelFrame,
    reel: record.reel,
    frame: record.frame,
    recorded_date: record.recordedDate,
    last_update_date: record.lastUpdateDate,
    page_count: record.pageCount,
    conveyance_text: record.conveyanceText,
    conveyance_type: record.conveyanceType,
    correspondent: record.correspondent,
    property_count: record.properties.length,
    content_hash: hash,
  };
}

export function partyRows(record: AssignmentRecord) {
  const assignors = record.assignors.map((party, seq) => ({
    reel_frame: record.reelFrame,
    role: 'assignor',
    seq,
    name: party.name,
    name_type: party.nameType,
    normalized_name: normalizeName(party.name),
    execution_date: party.executionDate,
    acknowledged_date: party.acknowledgedDate,
    address_lines: null,
    city: null,
    state: null,
    postcode: null,
    country: null,
  }));
  const assignees = record.assignees.map((party, seq) => ({
    reel_frame: record.reelFrame,
    role: 'assignee',
    seq,
    name: party.name,
    name_type: party.nameType,
    normalized_name: normalizeName(party.name),
    execution_date: null,
    acknowledged_date: null,
    address_lines: party.address.lines,
    city: party.address.city,
    state: party.address.state,
    postcode: party.address.postcode,
    country: party.address.country,
  }));
  return [...assignors, ...assignees];
}

export function propertyRows(record: AssignmentRecord) {
  return record.properties.map((property, seq) => ({
    reel_frame: record.reelFrame,
    seq,
    application_number: property.applicationNumber,
    patent_number: property.patentNumber,
    publication_number: property.publicationNumber,
    international_registration: property.internationalRegistration,
    filing_date: property.filingDate,
    grant_date: property.grantDate,
    publication_date: property.publicationDate,
    title: property.title,
  }));
}
