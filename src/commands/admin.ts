import { parseArgs } from 'node:util';
import type { Database } from '../db/database.js';
import * as accounts from '../resources/accounts/accounts.sql.js';
import { creditByEmail } from '../resources/accounts/service.js';
import { OperatorError, UsageError } from './operator-error.js';

// Other commands still import it from here.
export { UsageError } from './operator-error.js';

export const USAGE = `usage: patent-status admin <subcommand>
  patent-status admin credit --email EMAIL --units N [--reference TEXT]
      add N units to the organization owned by EMAIL; a repeated --reference is applied once
  patent-status admin orgs
      every organization: id, owner e-mail, balance, funding date, active keys (tab-separated)
  patent-status admin revoke-key --key KEY_ID_OR_PREFIX
      revoke one key, named by its id (key_…) or its 12-character prefix (pss_…)
With the embedded engine, stop the server first: one process at a time opens the data directory.`;

export type AdminCommand =
  { sub: 'credit'; email: string; units: number; reference: string | null } | { sub: 'orgs' } | { sub: 'revoke-key'; key: string };

const OPTIONS = {
  credit: { email: { type: 'string' }, units: { type: 'string' }, reference: { type: 'string' } },
  orgs: {},
  'revoke-key': { key: { type: 'string' } },
} as const;

const isSub = (sub: string | undefined): sub is keyof typeof OPTIONS => sub !== undefined && Object.hasOwn(OPTIONS, sub);

/** Reads the command line before any database is opened, so a mistake costs nothing. */
export function parseAdminArgs(argv: string[]): AdminCommand {
  const [sub, ...rest] = argv;
  if (sub === undefined) throw new UsageError('a subcommand is needed: credit, orgs or revoke-key');
  if (!isSub(sub)) throw new UsageError(`unknown subcommand '${sub}' (credit, orgs or revoke-key)`);
  const { values } = parseArgs({ args: rest, options: OPTIONS[sub], strict: true }) as { values: Record<string, string | undefined> };
  if (sub === 'orgs') return { sub };
  if (sub === 'revoke-key') {
    if (!values.key) throw new UsageError('revoke-key needs --key KEY_ID_OR_PREFIX');
    return { sub, key: values.key };
  }
  const units = /^\d{1,12}$/.test(values.units ?? '') ? Number(values.units) : NaN;
  if (!values.email) throw new UsageError('credit needs --email EMAIL');
  if (values.units === undefined) throw new UsageError('credit needs --units N');
  if (!(units > 0)) throw new UsageError(`--units must be a positive whole number, got "${values.units}"`);
  return { sub, email: values.email, units, reference: values.reference ?? null };
}

/** Operator commands on an open, migrated database; each prints one line per fact. */
export async function runAdmin(db: Database, argv: string[], out: (line: string) => void = console.log): Promise<void> {
  const command = parseAdminArgs(argv);
  if (command.sub === 'credit') {
    const { email, units, reference } = command;
    const result = await creditByEmail(db, { email, units, source: 'admin', reference });
    out(
      result.applied
        ? `credited ${units} units to ${result.orgId}; balance ${result.balance}`
        : `reference already applied; ${result.orgId} balance ${result.balance}`,
    );
  } else if (command.sub === 'orgs') {
    out('org_id\towner_email\tbalance_units\tfunded_at\tactive_keys');
    for (const org of await accounts.listOrgs(db)) {
      out([org.org_id, org.owner_email, org.balance_units, org.funded_at?.toISOString() ?? '-', org.active_keys].join('\t'));
    }
  } else {
    const revoked = await accounts.revokeKey(db, command.key);
    if (!revoked) throw new OperatorError(`no active key has the id or prefix ${command.key}`);
    out(`revoked ${revoked.key_id} (${revoked.prefix}…) of ${revoked.org_id}`);
  }
}
