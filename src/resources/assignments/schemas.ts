import { Type } from 'typebox';
import { component, Nullable, withProvenance } from '../schemas.js';

const DateString = Type.String({ format: 'date' });

const ConveyanceType = Type.Unsafe<
  'assignment' | 'security_interest' | 'release' | 'merger' | 'change_of_name' | 'license' | 'correction' | 'government_interest' | 'other'
>({
  type: 'string',
  enum: ['assignment', 'security_interest', 'release', 'merger', 'change_of_name', 'license', 'correction', 'government_interest', 'other'],
  description: "Normalised from the office's conveyance text (kept verbatim in conveyance_text)",
});

const RecordationSource = Type.Object(
  {
    product: Type.String({
      description:
        'The bulk product this copy was read from: the assignment files (PASDL, PASYR), or the file wrapper (PTFWPRD, PTFWPRE) ' +
        'of an application it names (its assignmentBag), served only where the assignment files do not have the recordation',
    }),
    file_date: DateString,
  },
  { description: 'Where this recordation came from (DESIGN.md D29: both products print recordations; one copy of each is served)' },
);

const Assignment = component(
  'Assignment',
  Type.Object({
    reel_frame: Type.String({ description: 'The recordation\'s reel and frame, "012345/0678"' }),
    recorded_date: DateString,
    execution_date: Nullable(Type.String({ format: 'date', description: 'The latest execution date of its assignors' })),
    conveyance_type: ConveyanceType,
    conveyance_text: Type.String({ description: "The office's text, verbatim" }),
    assignors: Type.Array(Type.Object({ name: Type.String(), execution_date: Nullable(Type.String({ format: 'date' })) })),
    assignees: Type.Array(
      Type.Object({
        name: Type.String(),
        entity_id: Nullable(Type.String({ description: 'The resolved entity; null until resolution has named one' })),
        address: Type.Object({
          lines: Type.Array(Type.String()),
          city: Nullable(Type.String()),
          state: Nullable(Type.String()),
          postcode: Nullable(Type.String()),
          country: Nullable(Type.String()),
        }),
      }),
    ),
    property_count: Type.Integer({
      description: "Applications and patents the recordation covers (a file wrapper's copy: the applications whose file wrappers print it)",
    }),
    properties: Type.Array(
      Type.Object({
        application_number: Nullable(Type.String()),
        patent_number: Nullable(Type.String()),
        publication_number: Nullable(Type.String()),
        title: Nullable(Type.String()),
        filing_date: Nullable(Type.String({ format: 'date' })),
      }),
    ),
    source: RecordationSource,
  }),
);

const Owner = Type.Object({
  names: Type.Array(Type.String(), { description: 'The assignees of that recordation' }),
  entity_ids: Type.Array(Nullable(Type.String()), { description: "Each assignee's entity (ent_…), null until resolution has named it" }),
  reel_frame: Type.String(),
  recorded_date: DateString,
  conveyance_type: ConveyanceType,
  source: RecordationSource,
});

export const AssignmentListQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});

export const CoveringAssignments = component(
  'CoveringAssignments',
  withProvenance({
    application_number: Nullable(Type.String()),
    patent_number: Nullable(Type.String()),
    current_owner: Nullable(Owner),
    current_owner_reason: Nullable(
      Type.String({ description: 'Why current_owner is null: no recordation moves ownership, or the chain is broken' }),
    ),
    security_interests: Type.Array(
      Type.Object({ reel_frame: Type.String(), recorded_date: DateString, secured_parties: Type.Array(Type.String()) }),
      { description: 'Security interests (liens included) that no later release by their secured party lifted' },
    ),
    assignments: Type.Array(Assignment, { description: 'Newest recorded first' }),
    next_cursor: Nullable(Type.String({ description: 'Pass as cursor for the next page; null at the end' })),
  }),
);

export const AssigneeQuery = Type.Object({
  assignee: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'An entity id, a family id, or a name matched as a prefix of the normalised assignee name',
  }),
  recorded_after: Type.Optional(Type.String({ format: 'date', description: 'Strictly after this date' })),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});

export const AssigneeAssignments = component(
  'AssigneeAssignments',
  withProvenance({
    assignee: Type.String(),
    assignments: Type.Array(Assignment, { description: 'Newest recorded first' }),
    next_cursor: Nullable(Type.String({ description: 'Pass as cursor for the next page; null at the end' })),
  }),
);
