import { DEMO_NUMBERS as n } from '../examples.js';
import { EXAMPLE_AS_OF, type OperationExamples } from './operation-example.js';

export const ENTITY_EXAMPLES: OperationExamples = {
  searchEntities: {
    parameters: { q: n.entityQuery, limit: 2 },
    status: 200,
    response: {
      query: 'bluepeak',
      count: 2,
      results: [
        {
          entity_id: 'ent_r61tiom2d0tt51bu',
          name: 'Bluepeak Networks,  Inc.',
          type: 'assignee',
          aliases: ['BLUEEPEAK NETWORKS INC.', 'BLUEPEAK NETWORKS', 'BLUEPEAK NETWORKS INC.', 'BLUEPEAK NETWORKS, INC'],
          location: { city: 'Chicago', state: 'IL', country: 'US' },
          family_id: null,
          counts: { applications: 90, patents: 50, pending: 15 },
          match: 'prefix',
        },
      ],
      source: { product: 'PASDL', file_date: '2026-11-20' },
      as_of: EXAMPLE_AS_OF,
      stale: false,
    },
  },
  getEntity: {
    parameters: { entity_id: n.entity },
    status: 200,
    response: {
      entity_id: 'ent_r61tiom2d0tt51bu',
      name: 'Bluepeak Networks,  Inc.',
      type: 'assignee',
      aliases: ['BLUEEPEAK NETWORKS INC.', 'BLUEPEAK NETWORKS', 'BLUEPEAK NETWORKS INC.', 'BLUEPEAK NETWORKS, INC'],
      location: { city: 'Chicago', state: 'IL', country: 'US' },
      family_id: null,
      counts: { applications: 90, patents: 50, pending: 15 },
      source: { product: 'PASDL', file_date: '2026-11-20' },
      as_of: EXAMPLE_AS_OF,
      stale: false,
    },
  },
  listEntityApplications: {
    parameters: { entity_id: n.entity, limit: 2 },
    status: 200,
    response: {
      entity_id: 'ent_r61tiom2d0tt51bu',
      applications: [
        {
          application_number: '63377662',
          title: 'SECURE ENCLAVE FOR AUTHENTICATING A USER DEVICE',
          filing_date: '2022-08-30',
          status: {
            code: 159,
            description: 'Provisional Application Expired',
            category: 'provisional',
            bucket: 'other',
            date: '2023-08-30',
          },
          patent_number: null,
          role: 'applicant',
          confidence: 0.85,
        },
      ],
      next_cursor: 'eyJ2IjozLCJrIjoiRlYzTzBuaGpnZ1J1d0NZUCIsImEiOiI2MzA4NzY2MSJ9SEUNIswoEbEdyNmqXW0aeQ',
      source: { product: 'PASDL', file_date: '2026-11-20' },
      as_of: EXAMPLE_AS_OF,
      stale: false,
    },
  },
  listEntityPatents: {
    parameters: { entity_id: n.entity, limit: 2 },
    status: 200,
    response: {
      entity_id: 'ent_r61tiom2d0tt51bu',
      patents: [
        {
          patent_number: '12806921',
          application_number: '18292528',
          title: 'ANTI-PD-1 ANTIBODY',
          grant_date: '2026-11-17',
          role: 'applicant',
          confidence: 0.85,
          expired: false,
          expiration_estimate: {
            date: '2040-12-09',
            estimate: true,
            possibly_shorter: false,
            calculation: [
              {
                step: 'term start: filing date of 16986187, the earliest in the chain',
                value: '2020-08-18',
                source: 'continuity (file wrapper): 18292528 is a CON of 16986187',
              },
            ],
          },
        },
      ],
      next_cursor: 'eyJ2IjozLCJrIjoibjI2VDBPd3lWRHkxUEVWWCIsImQiOiIyMDI2LTA4LTExIiwicCI6IjEyNzE5MzMzIn0xNbk9KjoZElRB1c71XnHc',
      source: { product: 'PASDL', file_date: '2026-11-20' },
      as_of: EXAMPLE_AS_OF,
      stale: false,
    },
  },
  getEntityStatistics: {
    parameters: { entity_id: n.entity },
    status: 200,
    response: {
      entity_id: 'ent_r61tiom2d0tt51bu',
      portfolio: {
        applications: 90,
        patents: 50,
        pending: 15,
        granted: 50,
        abandoned: 13,
        alive_patents: 47,
        expiring_within_12_months: 0,
        computed_over: { filing_date_from: '2015-01-06', filing_date_to: '2026-10-13', applications: 90 },
      },
      velocity: { filings_per_year: [{ year: 2015, n: 4 }], grants_per_year: [{ year: 2017, n: 3 }] },
      prosecution: {
        allowance_rate: 0.794,
        median_months_to_first_action: 18.5,
        median_months_to_grant: 34.3,
        avg_office_actions_per_disposed: 2.02,
        rce_rate: 0.308,
        appeal_rate: 0.013,
      },
      where: { cpc_subclasses: [{ subclass: 'G06F', n: 32, share: 0.405 }], cpc_coverage: 0.878, art_units: [{ art_unit: '2648', n: 6 }] },
      who: {
        examiners: [{ name: 'DOVE, MAZDA MAE', key: 'DOVE, MAZDA MAE', n: 5 }],
        prosecuted_by: { customer_numbers: [{ customer_number: '193886', n: 90 }] },
      },
      ptab: {
        as_patent_owner: { proceedings: 0, instituted: 0, claims_lost: 0 },
        as_petitioner: {
          proceedings: 0,
          instituted: 0,
          claims_outcomes: { all_unpatentable: 0, some_unpatentable: 0, none_unpatentable: 0 },
        },
      },
      ownership: { acquired: 75, sold: 0, since: '2015-02-12' },
      definitions: {
        applications: "Applications linked to the entity (a family: to any member), each once, whatever the link's role.",
        patents: 'Distinct patents granted on those applications.',
        pending:
          "Applications in the pending bucket. An application's bucket comes from its status: pending (examined and not disposed, allowed included), granted (expired patents included), abandoned (after examinati…",
        granted: 'Applications in the granted bucket (expired patents included).',
        abandoned: 'Applications in the abandoned bucket (abandoned after examination).',
        alive_patents:
          'Patents not expired by the maintenance answer: within their term today, and no fee lapse as of the date the fee data covers.',
        expiring_within_12_months:
          'Alive patents whose estimated expiry (the maintenance answer’s expiration_estimate) falls within the next 12 months.',
        computed_over: 'Earliest and latest filing date of the linked applications, and how many they are.',
        filings_per_year: 'Linked applications by the year of their filing date.',
        grants_per_year: 'Granted linked applications by the year of their grant.',
        allowance_rate: 'Granted applications divided by disposed applications (granted or abandoned); null when none is disposed.',
        median_months_to_first_action:
          'Median months from the filing date to the first mailed office_action or allowance transaction, over applications that have one.',
        median_months_to_grant: 'Median months from the filing date to the grant date, over granted applications.',
        avg_office_actions_per_disposed:
          'Mailed office_action transactions (non-final, final, restriction, Quayle, advisory …) per disposed application; null when none is disposed.',
        rce_rate:
          'Share of applications with a first action that have at least one rce (RCEX) transaction; null when none has a first action.',
        appeal_rate:
          'Share of applications with a first action that have at least one appeal transaction (notice of appeal or a later step); null when none has a first action.',
        cpc_subclasses: 'The 20 most frequent subclasses of the main CPC symbol, with their share of the applications that have one.',
        cpc_coverage: 'Share of the linked applications with a CPC symbol on file: how far cpc_subclasses can be trusted.',
        art_units: 'The 20 art units examining most of the linked applications, with how many each.',
        examiners: 'The 20 examiners of most of the linked applications (docket placeholders not counted), with how many each.',
        customer_numbers: 'The 20 correspondence customer numbers on most of the linked applications: who prosecutes them.',
        as_patent_owner:
          'PTAB trials naming the entity as patent owner: how many, how many were instituted, and claims_lost: those whose latest final written decision found some or all challenged claims unpatentable.',
        as_petitioner:
          'PTAB trials naming the entity as petitioner: how many, how many were instituted, and their claims outcomes from the latest final written decision.',
        acquired: 'Recordations that pass title (assignment, merger, change of name) naming the entity as assignee.',
        sold: 'Recordations that pass title naming the entity as assignor.',
        since: 'Recording date of the first such recordation naming the entity.',
      },
      computed_at: '2026-11-28T17:09:26.463Z',
    },
  },
  getExaminerStatistics: {
    parameters: { examiner_name: 'TAYLOR, JOHN L' },
    status: 200,
    response: {
      examiner_name: 'TAYLOR, JOHN L',
      counts: { pending: 3, granted: 18, abandoned: 3, other: 2 },
      allowance_rate: 0.857,
      median_months_to_first_action: 16.4,
      median_months_to_disposal: 31.9,
      avg_office_actions_per_disposed: 2.14,
      rce_rate: 0.25,
      appeal_rate: 0,
      art_units: [{ art_unit: '1729', n: 21 }],
      sample_size: 26,
      computed_over: { filing_date_from: '2016-07-22', filing_date_to: '2026-02-09', applications: 26 },
      definitions: {
        counts:
          "Applications on file in each bucket. An application's bucket comes from its status: pending (examined and not disposed, allowed included), granted (expired patents included), abandoned (after examinat…",
        allowance_rate: 'Granted applications divided by disposed applications (granted or abandoned); null when none is disposed.',
        median_months_to_first_action:
          'Median months from the filing date to the first mailed office_action or allowance transaction, over applications that have one.',
        median_months_to_disposal:
          'Median months from the filing date to the grant date (granted) or to the first mailed abandonment notice, else the status date (abandoned), over disposed applications.',
        avg_office_actions_per_disposed:
          'Mailed office_action transactions (non-final, final, restriction, Quayle, advisory …) per disposed application; null when none is disposed.',
        rce_rate:
          'Share of applications with a first action that have at least one rce (RCEX) transaction; null when none has a first action.',
        appeal_rate:
          'Share of applications with a first action that have at least one appeal transaction (notice of appeal or a later step); null when none has a first action.',
        art_units: 'Art units of the applications counted, with how many each, largest first.',
        sample_size: 'Applications counted: every application on file with this examiner (or in this art unit).',
        computed_over: 'Earliest and latest filing date of the applications counted, and how many they are.',
      },
      computed_at: '2026-11-28T17:08:22.261Z',
    },
  },
  getArtUnitStatistics: {
    parameters: { art_unit: '1729' },
    status: 200,
    response: {
      art_unit: '1729',
      counts: { pending: 9, granted: 29, abandoned: 9, other: 5 },
      allowance_rate: 0.763,
      median_months_to_first_action: 17.2,
      median_months_to_disposal: 31.8,
      avg_office_actions_per_disposed: 2.03,
      rce_rate: 0.17,
      appeal_rate: 0.021,
      art_units: [{ art_unit: '1729', n: 52 }],
      sample_size: 52,
      computed_over: { filing_date_from: '2016-03-10', filing_date_to: '2026-02-09', applications: 52 },
      definitions: {
        counts:
          "Applications on file in each bucket. An application's bucket comes from its status: pending (examined and not disposed, allowed included), granted (expired patents included), abandoned (after examinat…",
        allowance_rate: 'Granted applications divided by disposed applications (granted or abandoned); null when none is disposed.',
        median_months_to_first_action:
          'Median months from the filing date to the first mailed office_action or allowance transaction, over applications that have one.',
        median_months_to_disposal:
          'Median months from the filing date to the grant date (granted) or to the first mailed abandonment notice, else the status date (abandoned), over disposed applications.',
        avg_office_actions_per_disposed:
          'Mailed office_action transactions (non-final, final, restriction, Quayle, advisory …) per disposed application; null when none is disposed.',
        rce_rate:
          'Share of applications with a first action that have at least one rce (RCEX) transaction; null when none has a first action.',
        appeal_rate:
          'Share of applications with a first action that have at least one appeal transaction (notice of appeal or a later step); null when none has a first action.',
        art_units: 'Art units of the applications counted, with how many each, largest first.',
        sample_size: 'Applications counted: every application on file with this examiner (or in this art unit).',
        computed_over: 'Earliest and latest filing date of the applications counted, and how many they are.',
        examiners: 'Distinct examiners of the applications in the art unit (docket placeholders not counted).',
      },
      computed_at: '2026-11-28T17:08:22.261Z',
      examiners: 4,
    },
  },
};
