/**
 * Member of a planned family → ODP v1 record, with the key order of the real records.
 * Continuity bags hold the whole chain, as ODP does: a record's parent bag lists its parents and
 * their ancestors (a grandparent link names the parent as its `childApplicationNumberText`), its
 * child bag lists children and grandchildren. Both sides of a link are written from the same two
 * members, so they always agree.
 */
import { CONTINUITY, eventText, statusText } from '../core/codes.js';
import type { Link, Member } from '../core/member.js';
import type { Person } from '../core/names.js';
import type {
  OdpAddress,
  OdpApplicant,
  OdpChildContinuity,
  OdpDocumentMetaData,
  OdpEvent,
  OdpInventor,
  OdpParentContinuity,
  OdpPatentTermAdjustment,
  OdpRecord,
} from './types.js';
import { cutoff, type Entity, type Timeline } from '../core/prosecution.js';
import { addMonths, day, iso, Rng, year } from '../core/random.js';
import { personPrinting } from '../core/variation.js';

const EGRANT_START = day('2023-04-18'); // first electronically issued patents
const TYPE_LABEL = { UTL: 'Utility', DES: 'Design', PLT: 'Plant', REI: 'Reissue', PRV: 'Provisional' } as const;
const ENTITY_CATEGORY = { large: 'Regular Undiscounted', small: 'Small', micro: 'Micro' } as const;

/** `nameLine`: the name as the address prints it, which may differ from the name itself ("Shoji  KANADA", "GU,Qinying"). */
function inventor(p: Person, nameLine: string): OdpInventor {
  const { place } = p;
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    countryCode: place.countryCode,
    inventorNameText: p.fullName,
    ...(p.middleName ? { middleName: p.middleName } : {}),
    correspondenceAddressBag: [
      {
        cityName: place.city,
        geographicRegionName: place.regionName,
        geographicRegionCode: place.regionCode,
        countryCode: place.countryCode,
        nameLineOneText: nameLine,
        countryName: place.countryName,
        postalAddressCategory: 'postal',
      },
    ],
  };
}

/** The inventors, their address name lines drawn from a generator of the application's own: the record's other draws stay put. */
function inventorBag(m: Member): OdpInventor[] {
  const lines = new Rng(`name line|${m.number}`);
  return m.party.inventors.map((p) => inventor(p, personPrinting(p, lines)));
}

function applicant(m: Member): OdpApplicant {
  const { place } = m.party;
  const address: OdpAddress = {
    cityName: place.city,
    geographicRegionName: place.regionName,
    geographicRegionCode: place.regionCode,
    countryCode: place.countryCode,
    nameLineOneText: place.countryCode === 'US' ? undefined : m.applicantName,
    countryName: place.countryName,
    postalAddressCategory: 'postal',
  };
  return { applicantNameText: m.applicantName, correspondenceAddressBag: [address] };
}

function time(rng: Rng): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(rng.int(0, 23))}:${two(rng.int(0, 59))}:${two(rng.int(0, 59))}`;
}

/** Visible events, newest first; same-day events in reverse recording order (as ODP lists them). */
function events(t: Timeline, limit: number): Array<{ day: number; code: string }> {
  const out: Array<{ day: number; code: string }> = [];
  for (const e of t.events) {
    if (e.day > limit) continue;
    if (e.code !== 'GRANT') out.push(e);
    else if (e.day >= EGRANT_START) for (const code of ['EPG/', 'EPG_NTF', 'MEPG_NTF', 'EML_NTR', 'PGM/']) out.push({ day: e.day, code });
    else for (const code of ['EML_NTR', 'PGM/']) out.push({ day: e.day, code });
  }
  const order = out.map((e, i) => ({ e, i }));
  order.sort((a, b) => b.e.day - a.e.day || b.i - a.i);
  return order.map(({ e }) => e);
}

/** Entity at `asOf`: the last entity event decides (SMAL keeps a micro entity micro). */
function entityAt(m: Member, visible: ReadonlyArray<{ code: string }>): Entity {
  for (const e of visible) {
    if (e.code === 'BIG.') return 'large';
    if (e.code === 'SMAL') return m.entity === 'large' ? 'small' : m.entity;
  }
  return m.entity;
}

function ancestry(m: Member, direction: 'parents' | 'children'): Link[] {
  const out: Link[] = [];
  const queue = [m];
  for (let i = 0; i < queue.length; i++) {
    for (const link of queue[i]![direction]) {
      out.push(link);
      queue.push(direction === 'parents' ? link.parent : link.child);
    }
  }
  return out;
}

function parentEntry(l: Link): OdpParentContinuity {
  const p = l.parent;
  return {
    parentApplicationStatusCode: p.status,
    firstInventorToFileIndicator: l.kind === 'PRO' ? undefined : l.child.firstInventorToFile,
    claimParentageTypeCode: l.kind,
    claimParentageTypeCodeDescriptionText: CONTINUITY[l.kind],
    parentApplicationStatusDescriptionText: statusText(p.status),
    parentApplicationNumberText: p.number,
    parentApplicationFilingDate: iso(p.filing),
    childApplicationNumberText: l.child.number,
    parentPatentNumber: p.patentNumber ?? undefined,
  };
}

function childEntry(l: Link): OdpChildContinuity {
  const c = l.child;
  return {
    firstInventorToFileIndicator: l.kind === 'PRO' ? undefined : c.firstInventorToFile,
    childApplicationStatusDescriptionText: statusText(c.status),
    claimParentageTypeCode: l.kind,
    childApplicationStatusCode: c.status,
    claimParentageTypeCodeDescriptionText: CONTINUITY[l.kind],
    childPatentNumber: c.patentNumber ?? undefined,
    parentApplicationNumberText: l.parent.number,
    childApplicationFilingDate: iso(c.filing),
    childApplicationNumberText: c.number,
  };
}

/** Patent term adjustment derived from the history: A (first action after 14 months), B (pendency over 3 years, less RCE time), C (successful appeal). */
function adjustment(t: Timeline, visibleCount: number, rng: Rng): OdpPatentTermAdjustment {
  const grant = t.grant!;
  const a = Math.min(600, Math.max(0, (t.firstActionMail ?? grant) - addMonths(t.filing, 14)));
  let b = Math.min(450, Math.max(0, grant - addMonths(t.filing, 36) - t.rceDays - t.appealDays));
  let c = t.appealDays;
  const overlap = Math.min(a, b, Math.max(0, Math.min(t.firstActionMail ?? grant, grant) - addMonths(t.filing, 36)));
  const applicantDays = t.applicantDelay + (rng.chance(0.3) ? rng.int(5, 60) : 0);
  let total = Math.max(0, a + b + c - overlap - applicantDays);
  if (total > 900) {
    const cut = total - 900;
    c = Math.max(0, c - cut);
    b = Math.max(0, b - Math.max(0, cut - t.appealDays));
    total = 900;
  }
  const entry = (description: string, sequence: number, origin: number, date: number) => ({
    applicantDayDelayQuantity: 0,
    eventDescriptionText: description,
    eventSequenceNumber: sequence,
    originatingEventSequenceNumber: origin,
    ptaPTECode: 'PTA' as const,
    ipOfficeDayDelayQuantity: 0,
    eventDate: iso(date),
  });
  const history = [
    entry('Patent Issue Date Used in PTA Calculation', visibleCount, 0, grant),
    entry('Issue Notification Mailed', visibleCount - 1, 0, t.wpir!),
  ];
  if (b > 0) history.unshift(entry('PTA 36 Months', visibleCount + 0.5, 0.5, grant));
  return {
    applicantDayDelayQuantity: applicantDays,
    overlappingDayQuantity: overlap,
    ipOfficeAdjustmentDelayQuantity: 0,
    cDelayQuantity: c,
    adjustmentTotalQuantity: total,
    bDelayQuantity: b,
    nonOverlappingDayDelayQuantity: a + b + c - overlap,
    aDelayQuantity: a,
    patentTermAdjustmentHistoryDataBag: history,
  };
}

function documentMeta(product: 'PTGRXML' | 'APPXML', m: Member, date: number, doc: string, asOf: number, rng: Rng): OdpDocumentMetaData {
  const stem = `${product === 'PTGRXML' ? 'ipg' : 'ipa'}${iso(date).replace(/-/g, '').slice(2)}`;
  const xml = `${m.number}_${doc}.xml`;
  return {
    productIdentifier: product,
    zipFileName: `${stem}.zip`,
    fileCreateDateTime: `${iso(Math.min(asOf, date + rng.int(0, 400)))}T${time(rng)}`,
    xmlFileName: xml,
    fileLocationURI: `https://api.uspto.gov/api/v1/datasets/products/files/${product}-SPLT/${year(date)}/${stem}/${xml}`,
  };
}

export function buildRecord(m: Member, asOf: number, rng: Rng): OdpRecord {
  const t = m.timeline;
  const visible = t ? events(t, cutoff(t, asOf)) : provisionalEvents(m, rng);
  const eventDataBag: OdpEvent[] = visible.map((e) => ({
    eventCode: e.code,
    eventDescriptionText: eventText(e.code),
    eventDate: iso(e.day),
  }));
  const entity = entityAt(m, visible);
  const docked = visible.some((e) => e.code === 'DOCK');
  const examined = visible.some((e) => e.code === 'MCTNF' || e.code === 'MCTRS' || e.code === 'MN/=.');
  const central = m.type !== 'PRV' && (!docked || (!examined && m.status === 30 && rng.chance(0.08)));
  const pub = m.publication;
  const granted = m.patentNumber !== null;
  const categories = [...(granted ? ['Granted/Issued'] : []), ...(pub ? ['Pre-Grant Publications - PGPub'] : [])];
  const [uspcClass, uspcSubclass] = m.uspc ? m.uspc.split('/') : [];
  const filing = iso(m.filing);
  const parents = ancestry(m, 'parents');
  const children = ancestry(m, 'children');
  return {
    grantDocumentMetaData: granted ? documentMeta('PTGRXML', m, t!.grant!, m.patentNumber!, asOf, rng) : undefined,
    eventDataBag,
    applicationMetaData: {
      firstInventorToFileIndicator: m.firstInventorToFile ? 'Y' : 'N',
      applicationStatusCode: m.status,
      applicationTypeCode: m.type,
      entityStatusData: {
        smallEntityStatusIndicator: entity !== 'large' && !rng.chance(0.05), // real records sometimes say false next to "Small"
        businessEntityStatusCategory: ENTITY_CATEGORY[entity],
      },
      filingDate: filing,
      uspcSymbolText: m.uspc ?? undefined,
      nationalStageIndicator: false,
      firstInventorName: m.party.inventors[0]!.fullName,
      cpcClassificationBag: m.cpc.length > 0 ? [...m.cpc] : undefined, // copies: records never share objects
      effectiveFilingDate: filing,
      publicationDateBag: pub ? [iso(pub.day)] : undefined,
      publicationSequenceNumberBag: pub ? [pub.sequence] : undefined,
      earliestPublicationDate: pub ? iso(pub.day) : undefined,
      applicationTypeLabelName: TYPE_LABEL[m.type],
      applicationStatusDate: iso(m.statusDay),
      class: uspcClass,
      applicationTypeCategory: m.type === 'REI' ? 'REISSUE' : m.type === 'PRV' ? 'PROVISIONAL' : 'REGULAR',
      inventorBag: inventorBag(m),
      applicationStatusDescriptionText: statusText(m.status),
      patentNumber: m.patentNumber ?? undefined,
      grantDate: granted ? iso(t!.grant!) : undefined,
      applicantBag: [applicant(m)],
      firstApplicantName: m.applicantName,
      customerNumber: m.party.firm.customerNumber,
      groupArtUnitNumber: m.type === 'PRV' ? undefined : central ? 'OPAP' : (m.artUnit ?? undefined),
      earliestPublicationNumber: pub?.number,
      inventionTitle: m.title,
      applicationConfirmationNumber: m.confirmation,
      examinerNameText: m.type === 'PRV' ? undefined : central ? 'CENTRAL, DOCKET' : (m.examiner ?? undefined),
      subclass: uspcSubclass,
      publicationCategoryBag: categories.length > 0 ? categories : undefined,
      docketNumber: m.docket,
    },
    parentContinuityBag: parents.length > 0 ? parents.map(parentEntry) : undefined,
    childContinuityBag: children.length > 0 ? children.map(childEntry) : undefined,
    patentTermAdjustmentData: granted ? adjustment(t!, visible.length, rng) : undefined,
    pgpubDocumentMetaData: pub ? documentMeta('APPXML', m, pub.day, pub.number.slice(2, 13), asOf, rng) : undefined,
    lastIngestionDateTime: `${iso(Math.max(visible[0]?.day ?? m.filing, asOf - rng.int(0, 2)))}T${time(rng)}`,
    applicationNumberText: m.number,
    correspondenceAddressBag: [
      {
        cityName: m.party.firm.place.city,
        geographicRegionName: m.party.firm.place.regionName,
        geographicRegionCode: m.party.firm.place.regionCode,
        countryCode: 'US',
        postalCode: m.party.firm.postalCode,
        nameLineOneText: m.party.firm.name,
        countryName: 'UNITED STATES',
        addressLineOneText: m.party.firm.addressLine,
      },
    ],
  };
}

function provisionalEvents(m: Member, rng: Rng): Array<{ day: number; code: string }> {
  const receipt = m.filing + rng.int(5, 30);
  return [
    { day: receipt, code: 'EML_NTR' },
    { day: receipt, code: 'FLRCPT.O' },
    { day: m.filing, code: m.entity === 'large' ? 'BIG.' : 'SMAL' },
  ];
}
