/**
 * One office-action text record (`oa_actions`) in either shape. ODP v1: keys in the order the
 * portal's sample lists them (sorted), most values one-element arrays, dates without zone,
 * `groupArtUnitNumber` an int, `patentNumber: [" "]` before grant. DS-API (retired, every
 * twentieth or so document): the sample's key order, Eastern-midnight UTC dates, `"null"` inside
 * arrays and a few fields the portal dropped. Section texts sit under literal dotted keys
 * (`"sections.section103RejectionText"`), only on rejections (CTNF/CTFR) as in both samples.
 * A record is a snapshot: most were extracted when the text arrived (status as mailed, no grant
 * yet), some re-extracted later (status, grant date and patent number as of `asOf`).
 */
import { dateOf, SENTINEL, type Shape, timestampOf } from './ids.js';
import type { Application, MailedAction } from './history.js';
import type { ActionText } from './rejection.js';

export interface DocumentMeta {
  app: Application;
  action: MailedAction;
  shape: Shape;
  /** 56 hex. */
  id: string;
  obsolete: string;
  /** Instants (epoch ms): the text's arrival (`createDateTime`) and last change. */
  arrival: number;
  lastModified: number;
  snapshot: { status: number; grant: { day: number; number: string } | null };
  examinerNumber: string;
  /** Pending claims and independent claims when the action was written (DS-API quantities). */
  claimTotal: number;
  independentTotal: number;
}

/** `429/231.95` → `["429", "231950"]`; `D7/309` → `["D7", "309000"]`. */
export function nationalClass(uspc: string | null): [string, string] | null {
  if (!uspc) return null;
  const [cls = '', sub = ''] = uspc.split('/');
  const [whole = '0', fraction = ''] = sub.split('.');
  return [cls, `${whole.padStart(3, '0')}${fraction.padEnd(3, '0').slice(0, 3)}`];
}

const techCenter = (unit: string) => `${unit.slice(0, 2)}00`;
const workGroup = (unit: string) => `${unit.slice(0, 3)}0`;

/** The `sections.*` metadata and texts, keyed with their literal dotted names. */
function sections(m: DocumentMeta, text: ActionText): Record<string, unknown> {
  const { app, shape } = m;
  const cls = nationalClass(app.uspc);
  const grant = m.snapshot.grant;
  const out: Record<string, unknown> = {
    'sections.examinerEmployeeNumber': [m.examinerNumber],
    'sections.filingDate': dateOf(shape, app.filing),
    'sections.grantDate': grant ? dateOf(shape, grant.day) : SENTINEL[shape],
    'sections.groupArtUnitNumber': [app.artUnit],
    'sections.legacyDocumentCodeIdentifier': [m.action.code],
    ...(cls ? { 'sections.nationalClass': [cls[0]], 'sections.nationalSubclass': [cls[1]] } : {}),
    'sections.officeActionIdentifier': [m.id],
    'sections.submissionDate': dateOf(shape, m.action.mail),
    'sections.techCenterNumber': [techCenter(app.artUnit)],
    'sections.workGroupNumber': [workGroup(app.artUnit)],
    'sections.obsoleteDocumentIdentifier': [m.obsolete],
    'sections.patentApplicationNumber': [app.number],
  };
  for (const [name, value] of Object.entries(text.sections)) {
    // The portal's field list has no double-patenting section; the DS-API had one.
    if (shape === 'odp' && name.startsWith('doublePatenting')) continue;
    out[`sections.${name}`] = [value];
  }
  return out;
}

function sorted(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(o).sort()) out[key] = o[key];
  return out;
}

function odpTextRecord(m: DocumentMeta, text: ActionText): Record<string, unknown> {
  const { app, action } = m;
  const cls = nationalClass(app.uspc);
  const grant = m.snapshot.grant;
  const rejection = action.code === 'CTNF' || action.code === 'CTFR';
  // Written in sorted key order (the sections' keys sort between patentNumber and sourceSystemName).
  return {
    accessLevelCategory: ['PUBLIC'],
    applicationDeemedWithdrawnDate: SENTINEL.odp,
    applicationStatusNumber: m.snapshot.status,
    applicationTypeCategory: [app.typeCategory],
    bodyText: [text.body],
    createDateTime: timestampOf('odp', m.arrival),
    customerNumber: app.customerNumber,
    documentActiveIndicator: ['0'],
    effectiveFilingDate: SENTINEL.odp,
    examinerEmployeeNumber: [m.examinerNumber],
    filingDate: dateOf('odp', app.filing),
    grantDate: grant ? dateOf('odp', grant.day) : SENTINEL.odp,
    groupArtUnitNumber: Number(app.artUnit),
    id: m.id,
    inventionSubjectMatterCategory: [app.type],
    inventionTitle: [app.title],
    lastModifiedTimestamp: timestampOf('odp', m.lastModified),
    legacyCMSIdentifier: [`0000${m.id.slice(0, 4)}`],
    legacyDocumentCodeIdentifier: [action.code],
    nationalClass: cls ? [cls[0]] : undefined,
    nationalSubclass: cls ? [cls[1]] : undefined,
    obsoleteDocumentIdentifier: [m.obsolete],
    patentApplicationConfirmationNumber: app.confirmation,
    patentApplicationNumber: [app.number],
    patentNumber: [grant ? grant.number : ' '],
    ...(rejection ? sorted(sections(m, text)) : {}),
    sourceSystemName: ['OC'],
    submissionDate: dateOf('odp', action.mail),
    techCenter: [techCenter(app.artUnit)],
    workGroup: [workGroup(app.artUnit)],
  };
}

/** The DS-API sample's order: sorted, then the document and application identifiers. */
function dsapiSections(all: Record<string, unknown>): Record<string, unknown> {
  const { 'sections.obsoleteDocumentIdentifier': obsolete, 'sections.patentApplicationNumber': number, ...rest } = all;
  return { ...sorted(rest), 'sections.obsoleteDocumentIdentifier': obsolete, 'sections.patentApplicationNumber': number };
}

function dsapiTextRecord(m: DocumentMeta, text: ActionText): Record<string, unknown> {
  const { app, action } = m;
  const cls = nationalClass(app.uspc);
  const grant = m.snapshot.grant;
  const rejection = action.code === 'CTNF' || action.code === 'CTFR';
  const flag = (yes: boolean) => [yes ? 'Y' : 'N'];
  const record: Record<string, unknown> = {
    obsoleteDocumentIdentifier: [m.obsolete],
    patentApplicationNumber: [app.number],
    accessLevelCategory: ['PUBLIC'],
    applicantFileReference: [app.docket],
    applicationDeemedWithdrawnDate: SENTINEL.dsapi,
    applicationStatusNumber: m.snapshot.status,
    applicationTypeCategory: [app.typeCategory],
    businessAreaCategory: ['PATENT'],
    businessEntityStatusCategory: flag(app.smallEntity),
    customerNumber: app.customerNumber,
    documentActiveIndicator: ['0'],
    documentDirectionCategory: ['OUTGOING'],
    effectiveClaimTotalQuantity: m.claimTotal,
    effectiveFilingDate: SENTINEL.dsapi,
    examinerEmployeeNumber: [m.examinerNumber],
    figureQuantity: 0,
    filingDate: dateOf('dsapi', app.filing),
    grantDate: grant ? dateOf('dsapi', grant.day) : SENTINEL.dsapi,
    groupArtUnitNumber: Number(app.artUnit),
    id: m.id,
    independentClaimTotalQuantity: m.independentTotal,
    inventionSubjectMatterCategory: [app.type],
    inventionTitle: [app.title],
    lastModifiedTimestamp: timestampOf('dsapi', m.lastModified),
    lastModifiedUserIdentifier: ['CMS_ADD'],
    legacyCMSIdentifier: [`PATENT-${app.number}-OACS-${m.obsolete}`],
    legacyDocumentCodeIdentifier: [action.code],
    nSRDCurrentLocationDate: SENTINEL.dsapi,
    nSRDCurrentLocationNumber: ['e'],
    nationalClass: cls ? [cls[0]] : undefined,
    nationalSubclass: cls ? [cls[1]] : undefined,
    patentApplicationConfirmationNumber: app.confirmation,
    patentApplicationPatentCooperationTreatyNumber: ['null'],
    patentNumber: [grant ? grant.number : 'null'],
    priorityClaimIndicator: flag(app.priorityClaim),
    priorityClaimRequirementMetIndicator: flag(app.priorityClaim),
    relatedDocumentCategory: ['null'],
    sourceSystemName: ['OACS'],
    submissionDate: dateOf('dsapi', action.mail),
    techCenter: [techCenter(app.artUnit)],
    workGroup: [workGroup(app.artUnit)],
    ...(rejection ? dsapiSections(sections(m, text)) : {}),
    createDateTime: timestampOf('dsapi', m.arrival, true),
    bodyText: [text.body],
  };
  return record;
}

export const textRecord = (m: DocumentMeta, text: ActionText) => (m.shape === 'odp' ? odpTextRecord(m, text) : dsapiTextRecord(m, text));
