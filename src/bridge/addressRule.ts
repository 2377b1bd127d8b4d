/**
 * The one rule for "where is this address": this machine (loopback), a private network, link-local,
 * a cloud's metadata service, or the public Internet. Connections (is http:// safe here), the
 * preview's trust prompt (is a signed request leaving this machine), the app state (is the app
 * local) and the sync (syncUrl.ts: will the service refuse it) all ask it here.
 *
 * Only the URL's host is read, as the WHATWG URL parser normalises it (`http://2130706433/`,
 * `http://0x7f.1/` and `http://0177.0.0.1/` are all `127.0.0.1`; `[::ffff:127.0.0.1]` is
 * `[::ffff:7f00:1]`). Names are not resolved: a public name that points at a private address is
 * the service's to refuse. Pure: no vscode.
 */
export type HostClass = 'loopback' | 'private' | 'linkLocal' | 'metadata' | 'public' | 'invalid';

type Cidr = readonly [network: number, bits: number];

/** IPv4 ranges, most specific first (metadata inside link-local, Alibaba's inside CGNAT). A function, and the sets below pure, so
 * that a bundle that imports connection.ts without its URL checks (dist/extension.js) carries none of this file. */
const v4Ranges = (): readonly (readonly [Cidr, HostClass])[] => [
  [[ipv4(169, 254, 169, 254), 32], 'metadata'], // AWS, Azure, GCP, Oracle, DigitalOcean…
  [[ipv4(169, 254, 170, 2), 32], 'metadata'], // AWS ECS task metadata
  [[ipv4(100, 100, 100, 200), 32], 'metadata'], // Alibaba Cloud
  [[ipv4(10, 0, 0, 0), 8], 'private'],
  [[ipv4(172, 16, 0, 0), 12], 'private'],
  [[ipv4(192, 168, 0, 0), 16], 'private'],
  [[ipv4(100, 64, 0, 0), 10], 'private'], // carrier-grade NAT
  [[ipv4(169, 254, 0, 0), 16], 'linkLocal'],
];

/** Names that reach a cloud's metadata service from inside it. */
const METADATA_NAMES = /* @__PURE__ */ new Set(['metadata.google.internal', 'metadata', 'instance-data', 'instance-data.ec2.internal']);
/** Names of this machine besides `localhost` and `*.localhost`. */
const LOOPBACK_NAMES = /* @__PURE__ */ new Set(['localhost.localdomain', 'ip6-localhost', 'ip6-loopback']);
/** Suffixes that never resolve on the public Internet: a local network's names. */
const PRIVATE_SUFFIXES = ['.local', '.internal', '.lan', '.home.arpa', '.localdomain', '.intranet', '.corp'];

function ipv4(a: number, b: number, c: number, d: number): number {
  return ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
}

function inCidr(address: number, [network, bits]: Cidr): boolean {
  if (bits === 0) return true;
  const mask = bits === 32 ? 0xffffffff : (~((1 << (32 - bits)) - 1)) >>> 0;
  return ((address & mask) >>> 0) === ((network & mask) >>> 0);
}

/** `a.b.c.d` with four decimal parts (the form URL gives every IPv4 address); else undefined. */
function parseIPv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return undefined;
  const [a = 0, b = 0, c = 0, d = 0] = parts.map(Number);
  return ipv4(a, b, c, d);
}

function classifyIPv4(address: number): HostClass {
  if (isIPv4Loopback(address)) return 'loopback';
  for (const [range, kind] of v4Ranges()) if (inCidr(address, range)) return kind;
  return 'public';
}

/** Eight 16-bit groups, `::` expanded and a dotted IPv4 tail read; undefined when not IPv6. */
function parseIPv6(text: string): number[] | undefined {
  let body = text.split('%')[0] ?? '';
  const tail: number[] = [];
  const lastColon = body.lastIndexOf(':');
  if (body.slice(lastColon + 1).includes('.')) {
    const v4 = parseIPv4(body.slice(lastColon + 1));
    if (v4 === undefined) return undefined;
    tail.push(v4 >>> 16, v4 & 0xffff);
    body = body.slice(0, lastColon + 1); // `::ffff:`, `::`, `1:2:3:4:5:6:`
    if (!body.endsWith('::')) body = body.slice(0, -1);
  }
  const halves = body.split('::');
  if (halves.length > 2) return undefined;
  const groups = (half: string | undefined) => (half === undefined || half === '' ? [] : half.split(':'));
  const head = groups(halves[0]);
  const rest = groups(halves[1]);
  if ([...head, ...rest].some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return undefined;
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return undefined;
  const zeros = new Array<number>(8 - known).fill(0);
  return [...head.map((g) => parseInt(g, 16)), ...zeros, ...rest.map((g) => parseInt(g, 16)), ...tail];
}

/** The IPv4 address inside an IPv6 one (mapped, compatible, NAT64, 6to4); undefined when none. */
function embeddedIPv4(groups: readonly number[]): number | undefined {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const firstFive = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, deprecated), 64:ff9b::a.b.c.d (NAT64).
  if ((firstFive && (g5 === 0xffff || g5 === 0)) || (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)) return ((g6 << 16) >>> 0) + g7;
  if (g0 === 0x2002) return ((g1 << 16) >>> 0) + g2; // 6to4
  return undefined;
}

/** `::` and `::1`. */
const isIPv6Loopback = (groups: readonly number[]) => groups.slice(0, 7).every((g) => g === 0) && (groups[7] ?? 0) <= 1;

function classifyIPv6(groups: readonly number[]): HostClass {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  if (isIPv6Loopback(groups)) return 'loopback';
  const embedded = embeddedIPv4(groups);
  if (embedded !== undefined) return classifyIPv4(embedded);
  if (g0 === 0xfd00 && g1 === 0x0ec2 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && g6 === 0 && g7 === 0x254) return 'metadata'; // AWS IMDS over IPv6
  if ((g0 & 0xfe00) === 0xfc00) return 'private'; // fc00::/7, unique local
  if ((g0 & 0xffc0) === 0xfe80) return 'linkLocal'; // fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return 'private'; // fec0::/10, the old site-local
  return 'public';
}

/** 127/8 and 0/8 ("this host": 0.0.0.0 reaches the machine's own services). */
const isIPv4Loopback = (address: number) => address >>> 24 === 127 || address >>> 24 === 0;

const isLoopbackName = (name: string) => name === 'localhost' || name.endsWith('.localhost') || LOOPBACK_NAMES.has(name);

/** The loopback class alone, without reading the other ranges; agrees with classifyHostname. */
function isLoopbackHost(host: string): boolean {
  const v4 = parseIPv4(host);
  if (v4 !== undefined) return isIPv4Loopback(v4);
  if (!host.includes(':')) return isLoopbackName(host);
  const groups = parseIPv6(host);
  if (!groups) return false;
  const embedded = embeddedIPv4(groups);
  return isIPv6Loopback(groups) || (embedded !== undefined && isIPv4Loopback(embedded));
}

function classifyName(name: string): HostClass {
  if (METADATA_NAMES.has(name)) return 'metadata';
  if (isLoopbackName(name)) return 'loopback';
  // A name of one label (`devbox`) or of a local suffix does not resolve on the public Internet.
  if (!name.includes('.') || PRIVATE_SUFFIXES.some((suffix) => name.endsWith(suffix))) return 'private';
  return 'public';
}

/** The URL's host as URL normalises it, lower case, without brackets or a final dot; undefined when none. */
export function hostOf(url: string): { host: string; shown: string } | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  const host = bareHost(parsed.hostname);
  return host === '' ? undefined : { host, shown: parsed.hostname };
}

function bareHost(hostname: string): string {
  let host = hostname.toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return host.replace(/\.+$/, '');
}

/** `classifyHost` for a URL's `hostname` (brackets around IPv6 or not). */
export function classifyHostname(hostname: string): HostClass {
  const host = bareHost(hostname);
  if (host === '') return 'invalid';
  const v4 = parseIPv4(host);
  if (v4 !== undefined) return classifyIPv4(v4);
  if (host.includes(':')) {
    const v6 = parseIPv6(host);
    return v6 ? classifyIPv6(v6) : 'invalid';
  }
  return classifyName(host);
}

/**
 * Which of the service's address guards the URL's host falls under: `loopback` (localhost,
 * `*.localhost`, 127.0.0.0/8, 0.0.0.0/8, ::1, ::), `private` (10/8, 172.16/12, 192.168/16,
 * 100.64/10, fc00::/7, and names that only a local network resolves), `linkLocal` (169.254/16,
 * fe80::/10), `metadata` (169.254.169.254, fd00:ec2::254, metadata.google.internal…), else `public`;
 * `invalid` when it is no URL with a host. IPv4 inside IPv6 (mapped, NAT64, 6to4) is read as IPv4.
 */
export function classifyHost(url: string): HostClass {
  const found = hostOf(url);
  return found ? classifyHostname(found.host) : 'invalid';
}

/** Whether the URL's host is this machine (loopback in any form, `localhost`, `*.localhost`). */
export function isThisMachine(url: string): boolean {
  const found = hostOf(url);
  return found !== undefined && isLoopbackHost(found.host);
}

/** Whether a host is reached only on a local network (private, link-local or metadata), never this machine. */
export function isLocalNetworkHost(hostname: string): boolean {
  const kind = classifyHostname(hostname);
  return kind === 'private' || kind === 'linkLocal' || kind === 'metadata';
}

/**
 * Whether a signed request to this bridge URL needs the user's yes first: when it leaves this
 * machine and its origin was not allowed before. The key's signatures go nowhere unasked.
 */
export function asksBeforeSigning(url: string, approvedOrigins: readonly string[]): boolean {
  if (isThisMachine(url)) return false;
  try {
    return !approvedOrigins.includes(new URL(url.trim()).origin);
  } catch {
    return true;
  }
}
