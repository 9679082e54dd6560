import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import type { HostResolver } from '../../context.js';
import { isBlockedAddress } from '../../domain/private-addresses.js';

const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** An address a webhook may not reach (D21); its message is safe to show the monitor's owner. */
class BlockedTargetError extends Error {
  readonly code = 'EBLOCKEDTARGET';
}

/**
 * D21: where a webhook may go. https only, and only to public unicast addresses (never this
 * host, a private network, link-local, reserved or documentation space, nor an IPv6 form carrying
 * such an IPv4 address; domain/private-addresses.ts): checked when a monitor is created, and again
 * on every connection, on the address actually dialled (a name that resolved to a public address
 * at creation and to a private one later is refused then; no DNS rebinding). `allowPrivate`
 * (WEBHOOK_ALLOW_PRIVATE=1) lifts both rules for tests and local development.
 */
export class WebhookTargetPolicy {
  constructor(
    private readonly allowPrivate: boolean,
    private readonly resolve: HostResolver = systemResolver,
  ) {}

  /** Why a monitor may not use this URL, or null. A name that does not resolve now is accepted: delivery checks again. */
  async refusal(raw: string): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return 'Not an absolute URL';
    }
    if (url.protocol !== 'https:' && !(this.allowPrivate && url.protocol === 'http:')) return 'Webhook URLs must use https';
    if (url.username || url.password) return 'Credentials in the URL are not accepted; the secret signs each delivery';
    if (this.allowPrivate) return null;
    const literal = hostLiteral(url);
    if (literal !== null) return isBlockedAddress(literal) ? `${literal} is not a public address` : null;
    let addresses: { address: string }[];
    try {
      addresses = await this.resolve(url.hostname);
    } catch {
      return null;
    }
    const blocked = addresses.find((a) => isBlockedAddress(a.address));
    return blocked ? `${url.hostname} resolves to ${blocked.address}, not a public address` : null;
  }

  /** Before dialling: an address literal in the URL is refused here (a connection to it resolves nothing). */
  checkLiteral(url: URL): void {
    const literal = hostLiteral(url);
    if (!this.allowPrivate && literal !== null && isBlockedAddress(literal))
      throw new BlockedTargetError(`${literal} is not a public address`);
  }

  /** `lookup` for the socket: resolves, refuses a blocked address, hands the rest to the connection. */
  readonly connectLookup: LookupFunction = (hostname, options, callback) => {
    this.resolve(hostname).then(
      (addresses) => {
        const family = typeof options.family === 'number' && options.family !== 0 ? options.family : null;
        const usable = addresses.filter((a) => family === null || a.family === family);
        const blocked = this.allowPrivate ? undefined : usable.find((a) => isBlockedAddress(a.address));
        if (blocked) {
          callback(new BlockedTargetError(`${hostname} resolves to ${blocked.address}, not a public address`), '', 4);
        } else if (usable.length === 0) {
          callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), '', 4);
        } else if (options.all) {
          (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, usable);
        } else {
          callback(null, usable[0]!.address, usable[0]!.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}

function hostLiteral(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : null;
}
