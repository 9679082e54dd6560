import { describe, expect, it } from 'vitest';
import { isBlockedAddress } from './private-addresses.js';

describe('isBlockedAddress (D21)', () => {
  it.each([
    // IPv4, one example per special-purpose range
    ['0.0.0.0/8 unspecified, "this network"', '0.0.0.0'],
    ['0.0.0.0/8 unspecified, any host', '0.1.2.3'],
    ['10.0.0.0/8 private', '10.1.2.3'],
    ['100.64.0.0/10 carrier-grade NAT', '100.64.0.1'],
    ['127.0.0.0/8 loopback', '127.0.0.1'],
    ['127.0.0.0/8 loopback, any host', '127.255.1.2'],
    ['169.254.0.0/16 link-local (cloud metadata)', '169.254.169.254'],
    ['172.16.0.0/12 private, low end', '172.16.0.1'],
    ['172.16.0.0/12 private, high end', '172.31.255.255'],
    ['192.0.0.0/24 IETF protocol assignments', '192.0.0.8'],
    ['192.0.2.0/24 documentation TEST-NET-1', '192.0.2.1'],
    ['192.31.196.0/24 AS112', '192.31.196.1'],
    ['192.52.193.0/24 AMT', '192.52.193.1'],
    ['192.88.99.0/24 6to4 relay anycast', '192.88.99.1'],
    ['192.168.0.0/16 private', '192.168.1.1'],
    ['192.175.48.0/24 AS112', '192.175.48.6'],
    ['198.18.0.0/15 benchmarking', '198.19.0.1'],
    ['198.51.100.0/24 documentation TEST-NET-2', '198.51.100.7'],
    ['203.0.113.0/24 documentation TEST-NET-3', '203.0.113.9'],
    ['224.0.0.0/4 multicast', '224.0.0.1'],
    ['240.0.0.0/4 reserved', '240.0.0.1'],
    ['255.255.255.255 broadcast', '255.255.255.255'],
    // IPv6 of its own
    ['::/128 unspecified', '::'],
    ['::1 loopback', '::1'],
    ['::1 loopback in brackets', '[::1]'],
    ['fe80::/10 link-local with a zone', 'fe80::1%eth0'],
    ['fc00::/7 unique local', 'fd12:3456::1'],
    ['fec0::/10 deprecated site-local', 'fec0::1'],
    ['ff00::/8 multicast', 'ff02::1'],
    ['100::/64 discard-only', '100::1'],
    ['2001:2::/48 benchmarking', '2001:2::1'],
    ['2001:3::/32 AMT', '2001:3::1'],
    ['2001:4:112::/48 AS112', '2001:4:112::1'],
    ['2001:20::/28 ORCHIDv2', '2001:20::1'],
    ['2001:db8::/32 documentation', '2001:db8::1'],
    ['3fff::/20 documentation', '3fff::1'],
    ['5f00::/16 segment routing', '5f00::1'],
    ['outside 2000::/3, unassigned', '4000::1'],
    // IPv6 carrying a private IPv4 address
    ['IPv4-mapped ::ffff:a.b.c.d, dotted', '::ffff:127.0.0.1'],
    ['IPv4-mapped ::ffff:a.b.c.d, hex', '::ffff:7f00:1'],
    ['IPv4-compatible ::a.b.c.d, dotted', '::127.0.0.1'],
    ['IPv4-compatible ::a.b.c.d, as the URL parser writes it', '::7f00:1'],
    ['IPv4-compatible carrying metadata', '::a9fe:a9fe'],
    ['SIIT ::ffff:0:a.b.c.d', '::ffff:0:7f00:1'],
    ['NAT64 64:ff9b::/96', '64:ff9b::a9fe:a9fe'],
    ['NAT64 local-use 64:ff9b:1::/48', '64:ff9b:1::7f00:1'],
    ['NAT64 local-use 64:ff9b:1::/48, private', '64:ff9b:1::a00:1'],
    ['NAT64 local-use, the /48 layout carrying 127.0.0.1', '64:ff9b:1:7f00:0:100::'],
    ['NAT64 local-use, the /64 layout carrying 169.254.169.8 (read as /96: a public 8.0.0.0)', '64:ff9b:1:0:a9:fea9:800:0'],
    ['NAT64 local-use, a public 8.8.8.8 in the /48 layout: its /96 reading is 0.0.0.0', '64:ff9b:1:808:8:800::'],
    ['6to4 2002::/16', '2002:a00:1::1'],
    ['6to4 2002::/16 carrying loopback', '2002:7f00:1::1'],
    ['Teredo 2001::/32, private server', '2001:0:c0a8:101::1'],
    ['Teredo 2001::/32, loopback client (inverted)', '2001:0:808:808:0:0:80ff:fffe'],
    ['Teredo 2001::/32, documentation client 192.0.2.45 (RFC 4380 example)', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['IPv4-mapped carrying documentation space', '::ffff:192.0.2.1'],
    ['ISATAP interface id 0000:5efe carrying loopback, under a public prefix', '2001:4860::5efe:7f00:1'],
    ['ISATAP interface id 0200:5efe carrying metadata, under a public prefix', '2001:4860::200:5efe:a9fe:a9fe'],
    // not an address
    ['a host name', 'localhost'],
    ['nothing', ''],
    ['shorthand IPv4 no resolver returns', '127.1'],
  ])('blocks %s: %s', (_range, address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    ['public IPv4', '93.184.215.14'],
    ['public IPv4', '8.8.8.8'],
    ['just above 172.16.0.0/12', '172.32.0.1'],
    ['just above 192.0.2.0/24', '192.0.3.1'],
    ['public IPv6', '2606:4700::1111'],
    ['public IPv6 in brackets', '[2a00:1450:4001:81d::200e]'],
    ['IPv4-mapped public', '::ffff:8.8.8.8'],
    ['NAT64 public', '64:ff9b::808:808'],
    ['NAT64 local-use public', '64:ff9b:1::808:808'],
    ['ISATAP carrying a public address, under a public prefix', '2001:4860::200:5efe:808:808'],
    ['6to4 public', '2002:808:808::1'],
    ['Teredo, public server and client', '2001:0:4136:e378:8000:63bf:f7f7:f7f7'],
  ])('allows %s: %s', (_kind, address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});
