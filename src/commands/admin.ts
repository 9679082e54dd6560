import { parseArgs } from 'node:util';
import { sumLeasedByOrg } from '../billing/leases.sql.js';
import { sumUsageSince } from '../billing/usage-journal.sql.js';
import type { Database } from '../db/database.js';
import * as accounts from '../resources/accounts/accounts.sql.js';
import { creditByEmail, normalizeEmail } from '../resources/accounts/service.js';
import { OperatorError, UsageError } from './operator-error.js';

// Other commands still import it from here.
export { UsageError } from './operator-error.js';

export const USAGE = `usage: patent-status admin <subcommand>
  patent-status admin credit --email EMAIL --units N [--reference TEXT]
      add N units (a positive whole number: no command takes units away) to the organization owned
      by EMAIL; a repeated --reference is applied once
  patent-status admin orgs
      every organization: id, owner e-mail, balance (row + units leased by running processes),
      funding date, active keys (tab-separated)
  patent-status admin usage --email EMAIL [--days N]
      what the organization spent on in the last N days (default 30): requests and units per route
  patent-status admin revoke-key --key KEY_ID_OR_PREFIX
      revoke one key, named by its id (key_…) or its 12-character prefix (pss_…)
With the embedded engine, stop the server first: one process at a time opens the data directory.`;

export type AdminCommand =
  | { sub: 'credit'; email: string; units: number; reference: string | null }
  | { sub: 'orgs' }
  | { sub: 'usage'; email: string; days: number }
  | { sub: 'revoke-key'; key: string };

const OPTIONS = {
  credit: { email: { type: 'string' }, units: { type: 'string' }, reference: { type: 'string' } },
  orgs: {},
  usage: { email: { type: 'string' }, days: { type: 'string' } },
  'revoke-key': { key: { type: 'string' } },
} as const;

/** The subcommands, in the order the usage and `patent-status --help` list them. */
export const ADMIN_SUBCOMMANDS = Object.keys(OPTIONS) as readonly (keyof typeof OPTIONS)[];
const SUBCOMMANDS = ADMIN_SUBCOMMANDS.join(', ');
const isSub = (sub: string | undefined): sub is keyof typeof OPTIONS => sub !== undefined && Object.hasOwn(OPTIONS, sub);
const positiveWhole = (value: string | undefined): number => (/^\d{1,12}$/.test(value ?? '') ? Number(value) : NaN);

/** A --units that is no positive whole number; a negative one means a debit, which a credit grant cannot be (credit_grants.units > 0). */
function unitsMistake(value: string): UsageError {
  const debit = value.startsWith('-') ? ': admin credit adds units and takes none away' : '';
  return new UsageError(`--units must be a positive whole number, got "${value}"${debit}`);
}

/** `--units -5` would reach parseArgs as an option of its own ("ambiguous"): the operator hears what was wrong with the number. */
function refuseNegativeUnits(args: string[]): void {
  const at = args.indexOf('--units');
  const value = at === -1 ? undefined : args[at + 1];
  if (value !== undefined && /^-\d/.test(value)) throw unitsMistake(value);
}

/** Reads the command line before any database is opened, so a mistake costs nothing. */
export function parseAdminArgs(argv: string[]): AdminCommand {
  const [sub, ...rest] = argv;
  if (sub === undefined) throw new UsageError(`a subcommand is needed: ${SUBCOMMANDS}`);
  if (!isSub(sub)) throw new UsageError(`unknown subcommand '${sub}' (${SUBCOMMANDS})`);
  if (sub === 'credit') refuseNegativeUnits(rest);
  const { values } = parseArgs({ args: rest, options: OPTIONS[sub], strict: true }) as { values: Record<string, string | undefined> };
  if (sub === 'orgs') return { sub };
  if (sub === 'revoke-key') {
    if (!values.key) throw new UsageError('revoke-key needs --key KEY_ID_OR_PREFIX');
    return { sub, key: values.key };
  }
  if (!values.email) throw new UsageError(`${sub} needs --email EMAIL`);
  if (sub === 'usage') {
    const days = values.days === undefined ? 30 : positiveWhole(values.days);
    if (!(days > 0)) throw new UsageError(`--days must be a positive whole number, got "${values.days}"`);
    return { sub, email: values.email, days };
  }
  const units = positiveWhole(values.units);
  if (values.units === undefined) throw new UsageError('credit needs --units N');
  if (!(units > 0)) throw unitsMistake(values.units);
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
    // The whole balance: units leased by running API processes are still the org's (as of their last write-back).
    const leased = await sumLeasedByOrg(db);
    for (const org of await accounts.listOrgs(db)) {
      const balance = org.balance_units + (leased.get(org.org_id) ?? 0);
      out([org.org_id, org.owner_email, balance, org.funded_at?.toISOString() ?? '-', org.active_keys].join('\t'));
    }
  } else if (command.sub === 'usage') {
    const org = await accounts.findOrgByEmail(db, normalizeEmail(command.email));
    if (!org) throw new OperatorError(`no organization has the owner e-mail ${command.email}`);
    // What the org spent on (usage journal), most units first; the current unwritten second is not in it yet.
    out('channel\twhat\trequests\tunits');
    for (const row of await sumUsageSince(db, org.org_id, new Date(Date.now() - command.days * 86_400_000))) {
      out([row.channel, row.what, row.requests, row.units].join('\t'));
    }
  } else {
    const revoked = await accounts.revokeKey(db, command.key);
    if (!revoked) throw new OperatorError(`no active key has the id or prefix ${command.key}`);
    out(`revoked ${revoked.key_id} (${revoked.prefix}…) of ${revoked.org_id}`);
  }
}
