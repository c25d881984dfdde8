import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/*
 * Server-side request forgery guard for the requests Merx makes on a merchant's behalf (webhook deliveries): every
 * address a host name resolves to is checked, and the connection goes to the address that was checked (the check
 * runs as the socket's own lookup, so a name cannot resolve to a public address for the check and a private one for
 * the connection).
 */

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const unmapped = (address: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];

/** True for loopback, private, link-local, carrier-grade NAT, multicast and reserved addresses (and non-addresses). */
export function isPrivateAddress(address: string): boolean {
  const mapped = unmapped(address);
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** True for 127.0.0.0/8 and ::1. */
export function isLoopbackAddress(address: string): boolean {
  const mapped = unmapped(address);
  if (mapped) return LOOPBACK.check(mapped, 'ipv4');
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** What may be reached: everything, or public addresses plus (in development) loopback. */
export interface AddressPolicy {
  allowPrivate: boolean;
  allowLoopback: boolean;
  /** Loopback addresses and nothing else (plain http:// in development). */
  loopbackOnly?: boolean;
}

export class RefusedAddress extends Error {
  constructor(host: string) {
    super(`${host} resolves to a private or local network address, which Merx does not send to`);
  }
}

/** Whether `address` may be reached under `policy`. */
export function addressAllowed(address: string, policy: AddressPolicy): boolean {
  if (policy.loopbackOnly) return isLoopbackAddress(address);
  if (policy.allowPrivate || !isPrivateAddress(address)) return true;
  return policy.allowLoopback && isLoopbackAddress(address);
}

/**
 * The refusal of a URL host given as a literal address that `policy` does not allow (such a host is connected to
 * without a lookup, so `guardedLookup` never sees it); undefined for names and allowed addresses.
 */
export function refusedLiteral(hostname: string, policy: AddressPolicy): RefusedAddress | undefined {
  const host = hostname.replace(/^\[|\]$/g, '');
  return isIP(host) !== 0 && !addressAllowed(host, policy) ? new RefusedAddress(host) : undefined;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A socket `lookup` that resolves every address of a name and refuses the name when one is not allowed. */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      if (addresses.length === 0 || addresses.some((a) => !addressAllowed(a.address, policy)))
        return callback(new RefusedAddress(hostname), '');
      if (options.all) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}
