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
