import { ENTITY_DEFINITIONS, EXAMINER_DEFINITIONS } from '../../../domain/statistics.js';
import { PER_EXAMINER } from '../../../resources/statistics/service.js';
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
      // The service's own definitions: an example that quotes them stays true when one is reworded.
      definitions: ENTITY_DEFINITIONS,
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
      // The service's own definitions: an example that quotes them stays true when one is reworded.
      definitions: PER_EXAMINER,
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
      // The service's own definitions: an example that quotes them stays true when one is reworded.
      definitions: EXAMINER_DEFINITIONS,
      computed_at: '2026-11-28T17:08:22.261Z',
      examiners: 4,
    },
  },
};
