import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses an outgoing webhook may not reach unless the operator allows private addresses
 * (CHAT_WEBHOOK_ALLOW_PRIVATE_ADDRESSES): private, loopback, link-local, shared, unspecified,
 * multicast and reserved ranges. IPv4-mapped IPv6 addresses are checked as their IPv4 address.
 */
const DISALLOWED = new BlockList();
for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  DISALLOWED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) DISALLOWED.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is one a webhook may not reach. */
export function isDisallowedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return DISALLOWED.check(mapped[1], 'ipv4');
  return DISALLOWED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A URL host's addresses (an IP literal is its own), unbracketed. */
export async function addressesOf(hostname: string): Promise<{ address: string; family: number }[]> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  if (family !== 0) return [{ address: host, family }];
  return lookup(host, { all: true, verbatim: true });
}

/** Whether a URL's host resolves to an address a webhook may not reach (a name that does not resolve is left to delivery). */
export async function leadsToPrivateNetwork(url: string): Promise<boolean> {
  let addresses: { address: string }[];
  try {
    addresses = await addressesOf(new URL(url).hostname);
  } catch {
    return false;
  }
  return addresses.some((entry) => isDisallowedAddress(entry.address));
}
