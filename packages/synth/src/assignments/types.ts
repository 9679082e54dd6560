/**
 * A planned recordation and the conveyance texts, as the office writes them. Inventor
 * assignments (one per application, the bulk of the files) are not objects: they are columns of
 * InventorAssignments (assignment-inventors.ts), printed from the corpus when written.
 */
import type { PrintedParty } from './print.js';

export type RecordationKind =
  'inventors' | 'sale' | 'merger' | 'name-change' | 'security' | 'release' | 'license' | 'government' | 'corrective' | 'purged';

export const CONVEYANCE = {
  assignment: 'ASSIGNMENT OF ASSIGNORS INTEREST (SEE DOCUMENT FOR DETAILS).',
  nuncProTunc: 'NUNC PRO TUNC ASSIGNMENT (SEE DOCUMENT FOR DETAILS).',
  merger: 'MERGER (SEE DOCUMENT FOR DETAILS).',
  changeOfName: 'CHANGE OF NAME (SEE DOCUMENT FOR DETAILS).',
  securityInterest: 'SECURITY INTEREST (SEE DOCUMENT FOR DETAILS).',
  patentSecurity: 'PATENT SECURITY AGREEMENT',
  lien: 'LIEN (SEE DOCUMENT FOR DETAILS).',
  ipSecurity: 'INTELLECTUAL PROPERTY SECURITY AGREEMENT',
  release: 'RELEASE BY SECURED PARTY (SEE DOCUMENT FOR DETAILS).',
  releaseOfSecurity: 'RELEASE OF SECURITY INTEREST IN PATENTS',
  license: 'LICENSE (SEE DOCUMENT FOR DETAILS).',
  exclusiveLicense: 'EXCLUSIVE LICENSE (SEE DOCUMENT FOR DETAILS).',
  confirmatoryLicense: 'CONFIRMATORY LICENSE (SEE DOCUMENT FOR DETAILS).',
  governmentInterest: 'GOVERNMENT INTEREST AGREEMENT',
} as const;

/** The corrective's text names the reel and frame it corrects, zero-padded as the office prints them. */
export function correctiveText(reel: number, frame: number): string {
  const r = String(reel).padStart(6, '0');
  const f = String(frame).padStart(4, '0');
  return `CORRECTIVE ASSIGNMENT TO CORRECT THE ASSIGNEE NAME PREVIOUSLY RECORDED AT REEL: ${r} FRAME: ${f}. ASSIGNOR(S) HEREBY CONFIRMS THE ASSIGNMENT.`;
}

export interface Recordation {
  kind: RecordationKind;
  /** Empty for a corrective: its text names the reel and frame of the original, known once numbered. */
  conveyance: string;
  /** Epoch days. */
  recorded: number;
  posted: number;
  /** Execution day of the organisations among the assignors. */
  executed: number;
  assignors: PrintedParty[];
  /** When ≥ 0, the assignors are the inventors of this application, with their own execution days. */
  inventorsOf: number;
  assignees: PrintedParty[];
  /** When ≥ 0, the assignee is printed as on this application's inventor assignment (correctly spelled). */
  assigneeOf: number;
  /** Application indexes, by application number. */
  properties: Int32Array;
  pages: number;
  purged: boolean;
  /** Law firm index of the correspondent. */
  correspondent: number;
  /** When ≥ 0, the application whose inventor assignment this corrects. */
  corrects: number;
}

export function recordation(fields: Partial<Recordation> & Pick<Recordation, 'kind' | 'recorded' | 'posted' | 'properties'>): Recordation {
  return {
    conveyance: '',
    executed: fields.recorded,
    assignors: [],
    inventorsOf: -1,
    assignees: [],
    assigneeOf: -1,
    pages: 3,
    purged: false,
    correspondent: 0,
    corrects: -1,
    ...fields,
  };
}
