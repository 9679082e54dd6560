import { parseArgs } from 'node:util';
import { sumLeasedByOrg } from '../billing/leases.sql.js';
import { sumUsageSince } from '../billing/usage-journal.sql.js';
import type { Database } from '../db/database.js';
import * as accounts from '../resources/accounts/accounts.sql.js';
import { creditByEmail, normalizeEmail } from '../resources/accounts/service.js';

const USAGE = `usage:
  patent-status admin credit --email EMAIL --units N [--reference TEXT]
  patent-status admin orgs
  patent-status admin usage --email EMAIL [--days N]
  patent-status admin revoke-key --key KEY_ID_OR_PREFIX`;

export class UsageError extends Error {}

/** Operator commands on an open, migrated database; each prints one line per fact. */
export async function runAdmin(db: Database, argv: string[], out: (line: string) => void = console.log): Promise<void> {
  const [sub, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      units: { type: 'string' },
      reference: { type: 'string' },
      key: { type: 'string' },
      days: { type: 'string' },
    },
    strict: true,
  });
  if (sub !== 'credit' && sub !== 'orgs' && sub !== 'usage' && sub !== 'revoke-key') throw new UsageError(USAGE);
  if (sub === 'credit') {
    const units = Number(values.units);
    if (!values.email || !Number.isInteger(units) || units <= 0)
      throw new UsageError(`credit needs --email and a positive integer --units\n${USAGE}`);
    const result = await creditByEmail(db, { email: values.email, units, source: 'admin', reference: values.reference ?? null });
    out(
      result.applied
        ? `credited ${units} units to ${result.orgId}; balance ${result.balance}`
        : `reference already applied; ${result.orgId} balance ${result.balance}`,
    );
  } else if (sub === 'orgs') {
    out('org_id\towner_email\tbalance_units\tfunded_at\tactive_keys');
    // The whole balance: units leased by running API processes are still the org's (as of their last write-back).
    const leased = await sumLeasedByOrg(db);
    for (const org of await accounts.listOrgs(db)) {
      const balance = org.balance_units + (leased.get(org.org_id) ?? 0);
      out([org.org_id, org.owner_email, balance, org.funded_at?.toISOString() ?? '-', org.active_keys].join('\t'));
    }
  } else if (sub === 'usage') {
    const days = values.days === undefined ? 30 : Number(values.days);
    if (!values.email || !Number.isInteger(days) || days <= 0)
      throw new UsageError(`usage needs --email and, if given, a positive integer --days\n${USAGE}`);
    const org = await accounts.findOrgByEmail(db, normalizeEmail(values.email));
    if (!org) throw new UsageError(`no organization has the owner e-mail ${values.email}`);
    // What the org spent on (usage journal), most units first; the current unwritten second is not in it yet.
    out('channel\twhat\trequests\tunits');
    for (const row of await sumUsageSince(db, org.org_id, new Date(Date.now() - days * 86_400_000))) {
      out([row.channel, row.what, row.requests, row.units].join('\t'));
    }
  } else {
    if (!values.key) throw new UsageError(`revoke-key needs --key\n${USAGE}`);
    const revoked = await accounts.revokeKey(db, values.key);
    if (!revoked) throw new UsageError(`no active key has the id or prefix ${values.key}`);
    out(`revoked ${revoked.key_id} (${revoked.prefix}…) of ${revoked.org_id}`);
  }
}
