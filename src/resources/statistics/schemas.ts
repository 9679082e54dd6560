import { Type } from 'typebox';
import { component, Nullable } from '../schemas.js';

const Rate = (what: string) => Nullable(Type.Number({ minimum: 0, maximum: 1, description: `${what}; null when undefined` }));
const Months = (what: string) => Nullable(Type.Number({ minimum: 0, description: `${what}, in months to one decimal` }));

const GroupMetrics = {
  counts: Type.Object({ pending: Type.Integer(), granted: Type.Integer(), abandoned: Type.Integer(), other: Type.Integer() }),
  allowance_rate: Rate('Granted / disposed'),
  median_months_to_first_action: Months('Median from filing to the first action'),
  median_months_to_disposal: Months('Median from filing to grant or abandonment'),
  avg_office_actions_per_disposed: Nullable(Type.Number({ minimum: 0 })),
  rce_rate: Rate('Share of examined applications with an RCE'),
  appeal_rate: Rate('Share of examined applications with an appeal'),
  art_units: Type.Array(Type.Object({ art_unit: Type.String(), n: Type.Integer() })),
  sample_size: Type.Integer(),
  computed_over: Type.Object({
    filing_date_from: Nullable(Type.String({ format: 'date' })),
    filing_date_to: Nullable(Type.String({ format: 'date' })),
    applications: Type.Integer(),
  }),
  definitions: Type.Record(Type.String(), Type.String(), { description: 'One sentence per metric: exactly what is counted' }),
  computed_at: Type.String({ format: 'date-time', description: 'When the nightly run that computed these finished' }),
};

export const ExaminerStatistics = component(
  'ExaminerStatistics',
  Type.Object({ examiner_name: Type.String({ description: 'As the office prints it most often' }), ...GroupMetrics }),
);

export const ArtUnitStatistics = component(
  'ArtUnitStatistics',
  Type.Object({ art_unit: Type.String(), ...GroupMetrics, examiners: Type.Integer({ description: 'Distinct examiners' }) }),
);

export const ExaminerParams = Type.Object({
  examiner_name: Type.String({ minLength: 1, maxLength: 120, description: '`LAST, FIRST M`; case, dots and spacing ignored' }),
});
export const ArtUnitParams = Type.Object({ art_unit: Type.String({ minLength: 1, maxLength: 10, description: 'e.g. 2455' }) });

const Count = Type.Integer({ minimum: 0 });
const PerYear = Type.Array(Type.Object({ year: Type.Integer(), n: Count }));

export const EntityStatistics = component(
  'EntityStatistics',
  Type.Object({
    entity_id: Type.String(),
    portfolio: Type.Object({
      applications: Count,
      patents: Count,
      pending: Count,
      granted: Count,
      abandoned: Count,
      alive_patents: Count,
      expiring_within_12_months: Count,
      computed_over: GroupMetrics.computed_over,
    }),
    velocity: Type.Object({ filings_per_year: PerYear, grants_per_year: PerYear }),
    prosecution: Type.Object({
      allowance_rate: GroupMetrics.allowance_rate,
      median_months_to_first_action: GroupMetrics.median_months_to_first_action,
      median_months_to_grant: Months('Median from filing to grant'),
      avg_office_actions_per_disposed: GroupMetrics.avg_office_actions_per_disposed,
      rce_rate: GroupMetrics.rce_rate,
      appeal_rate: GroupMetrics.appeal_rate,
    }),
    where: Type.Object({
      cpc_subclasses: Type.Array(Type.Object({ subclass: Type.String(), n: Count, share: Type.Number({ minimum: 0, maximum: 1 }) })),
      cpc_coverage: Rate('Share of applications with a CPC symbol'),
      art_units: GroupMetrics.art_units,
    }),
    who: Type.Object({
      examiners: Type.Array(Type.Object({ name: Type.String(), key: Type.String(), n: Count })),
      prosecuted_by: Type.Object({ customer_numbers: Type.Array(Type.Object({ customer_number: Type.String(), n: Count })) }),
    }),
    ptab: Type.Object({
      as_patent_owner: Type.Object({ proceedings: Count, instituted: Count, claims_lost: Count }),
      as_petitioner: Type.Object({
        proceedings: Count,
        instituted: Count,
        claims_outcomes: Type.Object({ all_unpatentable: Count, some_unpatentable: Count, none_unpatentable: Count }),
      }),
    }),
    ownership: Type.Object({ acquired: Count, sold: Count, since: Nullable(Type.String({ format: 'date' })) }),
    definitions: GroupMetrics.definitions,
    computed_at: Type.String({ format: 'date-time' }),
  }),
);
