import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * D21: the addresses a webhook may reach are public unicast ones only. ipaddr.js names every
 * special-purpose range of the IANA registries (loopback, private, link-local, unique-local,
 * carrier-grade NAT, reserved and documentation, benchmarking, multicast, broadcast,
 * unspecified…); anything it does not call `unicast` is refused. IPv6 forms that carry an IPv4
 * address are judged by the address they carry, since that is where the packets end up.
 */

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

const v4 = (bytes: number[], at: readonly number[]): IPv4 => new ipaddr.IPv4(at.map((index) => bytes[index]!));
const zero = (bytes: number[]) => bytes.every((byte) => byte === 0);

const LOW_32 = [12, 13, 14, 15] as const;

/**
 * RFC 6052 §2.2: where a translation prefix of each length puts the IPv4 address, as byte
 * indexes; byte 8 (the u octet) and the bytes after the address are zero.
 */
const NAT64_LAYOUTS = [
  [6, 7, 9, 10],
  [7, 9, 10, 11],
  [9, 10, 11, 12],
] as const;

/**
 * The IPv4 addresses RFC 8215's local-use prefix 64:ff9b:1::/48 may carry. The operator picks a
 * prefix of /48 to /96 inside it, which the address does not tell: every layout the address fits
 * is a reading, and the /96 one always fits. A form whose low 32 bits are not public is therefore
 * refused whatever its layout.
 */
function localNat64(bytes: number[]): IPv4[] {
  const fitting = NAT64_LAYOUTS.filter((at) => bytes[8] === 0 && zero(bytes.slice(at[3] + 1)));
  return [...fitting, LOW_32].map((at) => v4(bytes, at));
}

/**
 * The IPv4 addresses an IPv6 address carries, or null when it carries none. Every one must be
 * public: a Teredo address names both its server and (inverted) its client.
 */
function carriedIpv4(address: IPv6): IPv4[] | null {
  const bytes = address.toByteArray();
  switch (address.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // SIIT ::ffff:0:a.b.c.d
      return [v4(bytes, LOW_32)];
    case 'rfc6052': // NAT64: the well-known 64:ff9b::/96, or the local-use 64:ff9b:1::/48
      return address.parts[2] === 0 ? [v4(bytes, LOW_32)] : localNat64(bytes);
    case '6to4': // 2002:AABB:CCDD::/48
      return [v4(bytes, [2, 3, 4, 5])];
    case 'teredo': // 2001:0:server:…:~client
      return [
        v4(bytes, [4, 5, 6, 7]),
        v4(
          bytes.map((byte) => byte ^ 0xff),
          LOW_32,
        ),
      ];
    default:
      // IPv4-compatible ::a.b.c.d (deprecated, still routed by some stacks); :: and ::1 fall here too.
      return zero(bytes.slice(0, 12)) ? [v4(bytes, LOW_32)] : null;
  }
}

/** RFC 5214 ISATAP: an interface identifier 0000:5efe or 0200:5efe names the IPv4 address the router tunnels to, under any prefix. */
function isatapIpv4(bytes: number[]): IPv4 | null {
  const [u, g, x, y] = bytes.slice(8, 12);
  return (u === 0 || u === 2) && g === 0 && x === 0x5e && y === 0xfe ? v4(bytes, LOW_32) : null;
}

/** RFC 4291 §2.4: global unicast is 2000::/3; the rest of the space is unassigned or special. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

function publicIpv6(address: IPv6): boolean {
  const isatap = isatapIpv4(address.toByteArray());
  if (isatap && isatap.range() !== 'unicast') return false;
  const carried = carriedIpv4(address);
  if (carried) return carried.every((inner) => inner.range() === 'unicast');
  return address.range() === 'unicast' && address.match(GLOBAL_UNICAST);
}

/** True for an address a webhook may not reach (anything not an IP address counts as blocked). */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  // Node's strict test first: ipaddr.js also reads shorthand like "127.1", which no resolver returns.
  const family = isIP(bare);
  if (family === 4) return ipaddr.IPv4.parse(bare).range() !== 'unicast';
  if (family === 6) return !publicIpv6(ipaddr.IPv6.parse(bare));
  return true;
}
