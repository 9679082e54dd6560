import { DEMO_NUMBERS as n } from '../examples.js';
import { EXAMPLE_AS_OF, type OperationExamples } from './operation-example.js';

export const FEES_OWNERSHIP_EXAMPLES: OperationExamples = {
  getPatentMaintenance: {
    parameters: { patent_number: n.lapsedPatent },
    status: 200,
    response: {
      patent_number: '9563888',
      application_number: '14704320',
      patent_type: 'utility',
      grant_date: '2017-02-07',
      entity_status: 'undiscounted',
      events: [
        {
          code: 'REM.',
          description: 'Maintenance Fee Reminder Mailed.',
          date: '2020-09-08',
          kind: 'reminder',
          window: null,
          source: { product: 'PTMNFEE2', file_date: '2026-11-17' },
        },
      ],
      windows: { '3.5y': 'expired', '7.5y': 'expired', '11.5y': 'expired' },
      deadlines: {
        '3.5y': { opens: '2020-02-07', due: '2020-08-07', surcharge_until: '2021-02-08' },
        '7.5y': { opens: '2024-02-07', due: '2024-08-07', surcharge_until: '2025-02-07' },
        '11.5y': { opens: '2028-02-07', due: '2028-08-07', surcharge_until: '2029-02-07' },
      },
      next_fee: null,
      judged_as_of: '2026-11-20',
      expired: true,
      expiration_reason: 'maintenance fee not paid',
      expiration_estimate: {
        date: '2035-04-13',
        estimate: true,
        possibly_shorter: false,
        calculation: [
          {
            step: 'term start: filing date of 14704320, the earliest in the chain',
            value: '2015-04-13',
            source: 'file wrapper: application 14704320 filing date',
          },
        ],
      },
      note: 'The fee windows are judged as of 2026-11-20, the newest date the fee data covers, older than its cadence: a payment or lapse after it is not in the data.',
      source: { product: 'PTFWPRE', file_date: '2026-11-20' },
      as_of: EXAMPLE_AS_OF,
      stale: false,
    },
  },
  getBatchMaintenance: {
    body: { patent_numbers: [n.lapsedPatent, n.patent] },
    status: 200,
    response: {
      results: [
        {
          patent_number: '9563888',
          application_number: '14704320',
          patent_type: 'utility',
          grant_date: '2017-02-07',
          entity_status: 'undiscounted',
          expired: true,
          expiration_reason: 'maintenance fee not paid',
          expiration_date: '2035-04-13',
          possibly_shorter: false,
          next_fee: null,
          judged_as_of: '2026-11-20',
        },
      ],
      not_found: [],
      invalid: [],
      source: { product: 'PTMNFEE2', file_date: '2026-11-17' },
      as_of: EXAMPLE_AS_OF,
      stale: false,
    },
  },
  listApplicationAssignments: {
    parameters: { application_number: n.application, limit: 2 },
    status: 200,
    response: {
      application_number: '18292528',
      patent_number: '12806921',
      current_owner: {
        names: ['BLUEPEAK NETWORKS'],
        entity_ids: ['ent_r61tiom2d0tt51bu'],
        reel_frame: '058500/0002',
        recorded_date: '2023-07-18',
        conveyance_type: 'assignment',
        source: { product: 'PASDL', file_date: '2026-11-17' },
      },
      current_owner_reason: null,
      security_interests: [],
      assignments: [
        {
          reel_frame: '058500/0002',
          recorded_date: '2023-07-18',
          execution_date: '2023-06-09',
          conveyance_type: 'assignment',
          conveyance_text: 'ASSIGNMENT OF ASSIGNORS INTEREST (SEE DOCUMENT FOR DETAILS).',
          assignors: [{ name: 'DE JONGHE, ERIC L.', execution_date: '2023-06-09' }],
          assignees: [
            {
              name: 'BLUEPEAK NETWORKS',
              entity_id: 'ent_r61tiom2d0tt51bu',
              address: { lines: ['4992 PARK AVENUE'], city: 'CHIXAGO', state: 'ILLINOIS', postcode: '47709', country: null },
            },
          ],
          property_count: 1,
          properties: [
            {
              application_number: '18292528',
              patent_number: '12806921',
              publication_number: '20230245144',
              title: 'ANTI-PD-1 ANTIBODY',
              filing_date: '2023-04-27',
            },
          ],
          source: { product: 'PASDL', file_date: '2026-11-17' },
        },
      ],
      next_cursor: null,
      source: { product: 'PASDL', file_date: '2026-11-20' },
      as_of: EXAMPLE_AS_OF,
      stale: false,
    },
  },
  listPatentAssignments: {
    parameters: { patent_number: n.ownedPatent, limit: 2 },
    status: 200,
    response: {
      application_number: '14581869',
      patent_number: '9828903',
      current_owner: {
        names: ['CORVESSA CHEMICAL CO., LTD.'],
        entity_ids: ['ent_peeapxu5tmsft8mb'],
        reel_frame: '041441/0128',
        recorded_date: '2017-06-12',
        conveyance_type: 'change_of_name',
        source: { product: 'PASDL', file_date: '2026-11-13' },
      },
      current_owner_reason: null,
      security_interests: [],
      assignments: [
        {
          reel_frame: '047630/0042',
          recorded_date: '2019-08-29',
          execution_date: '2019-08-20',
          conveyance_type: 'release',
          conveyance_text: 'RELEASE BY SECURED PARTY (SEE DOCUMENT FOR DETAILS).',
          assignors: [{ name: 'GRANITE PEAK CREDIT FUND, L.P.', execution_date: '2019-08-20' }],
          assignees: [
            {
              name: 'CORVESSA CHEMICAL CO., LTD.',
              entity_id: 'ent_peeapxu5tmsft8mb',
              address: { lines: ['211, DAEHAK-RO'], city: 'SUWON-SI', state: null, postcode: '37624', country: 'KOREA, REPUBLIC OF' },
            },
          ],
          property_count: 5,
          properties: [
            {
              application_number: '14581869',
              patent_number: '9828903',
              publication_number: '20160206227',
              title: 'COATING COMPOSITION',
              filing_date: '2015-01-02',
            },
          ],
          source: { product: 'PASDL', file_date: '2026-11-13' },
        },
      ],
      next_cursor: 'eyJ2IjozLCJrIjoiMHNsTWFjeUYtR2xlcTktTyIsImQiOiIyMDE4LTAxLTE2IiwiciI6IjA0MzExMS8wMTA1In1X6JHCXcDANalv4A1d38uN',
      source: { product: 'PASDL', file_date: '2026-11-20' },
      as_of: EXAMPLE_AS_OF,
      stale: false,
    },
  },
  listAssigneeAssignments: {
    parameters: { assignee: n.assignee, limit: 2 },
    status: 200,
    response: {
      assignee: 'bluepeak networks',
      assignments: [
        {
          reel_frame: '067446/0027',
          recorded_date: '2026-09-28',
          execution_date: '2026-09-13',
          conveyance_type: 'assignment',
          conveyance_text: 'ASSIGNMENT OF ASSIGNORS INTEREST (SEE DOCUMENT FOR DETAILS).',
          assignors: [{ name: 'SULLIVAN, JENNIFER S.', execution_date: '2026-09-11' }],
          assignees: [
            {
              name: 'BLUEPEAK NETWORKS, INC.',
              entity_id: 'ent_r61tiom2d0tt51bu',
              address: { lines: ['4992 PARK AVENUE'], city: 'CHICAGO', state: 'ILLINOIS', postcode: '47709', country: null },
            },
          ],
          property_count: 1,
          properties: [
            {
              application_number: '19743480',
              patent_number: null,
              publication_number: null,
              title: 'CHARGING STATION FOR ELECTRIC VEHICLES, LIDAR SENSOR ASSEMBLY, AND RELATED METHODS',
              filing_date: '2026-09-17',
            },
          ],
          source: { product: 'PASDL', file_date: '2026-11-13' },
        },
      ],
      next_cursor: 'eyJ2IjozLCJrIjoiTHVuYTNBUmdPU2RCWGVzcyIsImQiOiIyMDI2LTA2LTA0IiwiciI6IjA2NjU1OC8wMDExIn0-PxwBHTfe28DgiRt-nugy',
      source: { product: 'PASDL', file_date: '2026-11-20' },
      as_of: EXAMPLE_AS_OF,
      stale: false,
    },
  },
};
