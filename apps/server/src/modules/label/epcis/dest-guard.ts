/**
 * Where a subscription's webhook may be posted (SSRF guard): an http(s) URL whose host is a public
 * address — never loopback, private (10/8, 172.16/12, 192.168/16, 100.64/10), link-local
 * (169.254/16, the clouds' metadata service; fe80::/10), unique-local IPv6 (fc00::/7), unspecified
 * (0.0.0.0/8, ::), multicast or reserved, nor a name resolving to one. Checked when a subscription
 * is made and at each delivery, and the delivery's connection goes to the address the check passed
 * (guardedLookup: a name that resolves elsewhere since — DNS rebinding — is refused). A deployment
 * whose partners are on its own network (and the tests, whose receivers listen on 127.0.0.1) turns
 * the address rule off with EPCIS_WEBHOOK_ALLOW_PRIVATE=1; the http(s) rule stays.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), else null. */
function embeddedIpv4(ip: string): string | null {
  const m = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(ip);
  if (!m) return null;
  if (m[1]) return m[1];
  const hi = Number.parseInt(m[2], 16);
  const lo = Number.parseInt(m[3], 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Whether an IP address (v4 or v6) is one a webhook may not be sent to. */
export function isPrivateAddress(ip: string): boolean {
  const v = isIP(ip);
  if (v === 4) return blocked.check(ip, 'ipv4');
  if (v !== 6) return true;
  const v4 = embeddedIpv4(ip);
  return v4 !== null ? blocked.check(v4, 'ipv4') : blocked.check(ip, 'ipv6');
}

/** A name's addresses, as the system resolver gives them. */
export type Resolve = (host: string) => Promise<LookupAddress[]>;

const RESOLVE_TIMEOUT_MS = 5_000;

const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`resolving ${host} took too long`)), RESOLVE_TIMEOUT_MS);
    dnsLookup(host, { all: true }, (err, addresses) => {
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(addresses);
    });
  });

/** Whether webhooks may go to private addresses (EPCIS_WEBHOOK_ALLOW_PRIVATE=1), and how names are resolved (a test may stand in). */
export interface DestRules {
  allowPrivate: boolean;
  resolve?: Resolve;
}

/**
 * Why a webhook may not be sent to `dest` (a sentence naming the rule it breaks), or null when it
 * may: an http(s) URL, and unless private addresses are allowed, a host that is (or whose every
 * address is) public.
 */
export async function destRefusal(dest: string, rules: DestRules): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(dest);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'not an http(s) URL';
  if (url.username || url.password) return 'a URL with credentials in it';
  if (rules.allowPrivate) return null;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) return isPrivateAddress(host) ? `${host} is a loopback, private or link-local address` : null;
  let addresses: LookupAddress[];
  try {
    addresses = await (rules.resolve ?? systemResolve)(host);
  } catch (err) {
    return `${host} does not resolve (${(err as Error).message})`;
  }
  if (!addresses.length) return `${host} does not resolve`;
  const bad = addresses.find((a) => isPrivateAddress(a.address));
  return bad ? `${host} resolves to ${bad.address}, a loopback, private or link-local address` : null;
}

/**
 * The lookup a webhook's connection resolves its host with: the system's, refusing a private address
 * unless allowed — the address connected to is the one checked, whatever the name resolved to before.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const bad = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (bad || !addresses.length) {
        const e: NodeJS.ErrnoException = new Error(
          bad ? `${hostname} resolves to ${bad.address}, a loopback, private or link-local address` : `${hostname} does not resolve`,
        );
        e.code = bad ? 'EPRIVATEADDRESS' : 'ENOTFOUND';
        return callback(e, '', 0);
      }
      // (of the family asked for: the options went to the resolver)
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
