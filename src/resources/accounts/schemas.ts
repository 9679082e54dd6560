import { Type } from 'typebox';
import { component, Nullable } from '../schemas.js';

const Name = Type.String({ maxLength: 200 });

export const SignupBody = Type.Object(
  {
    owner_email: Type.String({ format: 'email', maxLength: 254, description: 'E-mail of the human who owns the account and pays' }),
    agent_name: Type.Optional(Nullable(Name)),
  },
  { additionalProperties: false },
);

const MintedKeyProperties = {
  api_key: Type.String({ description: 'Shown once; store it now' }),
  key_id: Type.String(),
  prefix: Type.String({ description: 'First 12 characters, for recognizing the key later' }),
  name: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
};

export const SignupResponse = component(
  'Signup',
  Type.Object({
    api_key: MintedKeyProperties.api_key,
    org_id: Type.String(),
    key_id: Type.String(),
    prefix: Type.String(),
    note: Type.String({ description: 'What to do next: fund the organization' }),
  }),
);

export const CreateKeyBody = Type.Object({ name: Type.Optional(Nullable(Name)) }, { additionalProperties: false });
export const CreateKeyResponse = component('MintedKey', Type.Object(MintedKeyProperties));

const KeySummary = component(
  'KeySummary',
  Type.Object({
    key_id: Type.String(),
    prefix: Type.String(),
    name: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
    last_used_at: Nullable(Type.String({ format: 'date-time', description: 'When a request last used it, to the minute; null if never' })),
  }),
);

export const KeyList = component('KeyList', Type.Object({ keys: Type.Array(KeySummary, { description: 'Active keys, oldest first' }) }));
export const KeyParams = Type.Object({ key_id: Type.String({ minLength: 1, maxLength: 64 }) });

export const AccountResponse = component(
  'Account',
  Type.Object({
    org_id: Type.String(),
    owner_email: Type.String(),
    agent_name: Nullable(Type.String()),
    balance_units: Type.Integer(),
    funded: Type.Boolean({ description: 'Ever funded (signup with this e-mail then answers 409 org_exists)' }),
    keys: Type.Array(KeySummary, { description: 'Active keys' }),
  }),
);
