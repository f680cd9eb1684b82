import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { dirname, join } from 'node:path';

/**
 * The country an address is registered in, from @ip-location-db/geo-whois-asn-country (CC0, the
 * regional registries' whois and ASN data, shipped inside the npm package, so nothing is fetched at
 * install or run time). Country is as fine as Settings ever shows a place. The tables load on the
 * first public address a process sees (about 7 MB of typed arrays), never for private ones, a few
 * thousand lines per turn of the event loop so other requests are answered meanwhile.
 */

const UNROUTED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  // Documentation and benchmarking ranges: never anyone's country.
  ['192.0.2.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
] as const) {
  UNROUTED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['2001:db8::', 32],
] as const) {
  UNROUTED.addSubnet(net, prefix, 'ipv6');
}

interface RangeTable<T extends Uint32Array | BigUint64Array> {
  starts: T;
  ends: T;
  /** Two ASCII letters packed into 16 bits. */
  countries: Uint16Array;
}

interface Tables {
  v4: RangeTable<Uint32Array>;
  /** IPv6 ranges by their upper 64 bits: a /64 is one host's network, finer never matters here. */
  v6: RangeTable<BigUint64Array>;
}

let tables: Promise<Tables> | undefined;

export async function countryOfAddress(address: string): Promise<string | null> {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  if (isIPv4(ip)) {
    if (UNROUTED.check(ip, 'ipv4')) return null;
    const { v4 } = await loadTables();
    return find(v4, ipv4ToNumber(ip));
  }
  if (isIPv6(ip)) {
    if (UNROUTED.check(ip, 'ipv6')) return null;
    const { v6 } = await loadTables();
    return find(v6, ipv6High64(ip));
  }
  return null;
}

function find<T extends Uint32Array | BigUint64Array>(
  table: RangeTable<T>,
  key: T[number],
): string | null {
  // The last range starting at or before the key, if the key is inside it.
  let low = 0;
  let high = table.starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if ((table.starts[middle] ?? key) <= key) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  const end = table.ends[found];
  const code = table.countries[found];
  if (end === undefined || code === undefined || end < key) return null;
  return String.fromCharCode(code >> 8, code & 0xff);
}

function loadTables(): Promise<Tables> {
  tables ??= (async () => {
    const require = createRequire(import.meta.url);
    const folder = dirname(require.resolve('@ip-location-db/geo-whois-asn-country/package.json'));
    const [v4, v6] = await Promise.all([
      readFile(join(folder, 'geo-whois-asn-country-ipv4-num.csv'), 'latin1'),
      readFile(join(folder, 'geo-whois-asn-country-ipv6-num.csv'), 'latin1'),
    ]);
    return {
      v4: await parse(v4, (n) => Number(n), Uint32Array),
      v6: await parse(v6, (n) => BigInt(n) >> 64n, BigUint64Array),
    };
  })();
  // A failed load (a missing package file) is tried again next time rather than kept.
  tables.catch(() => (tables = undefined));
  return tables;
}

/** Lines parsed between two turns of the event loop: the server keeps answering meanwhile. */
const LINES_PER_TURN = 5000;

async function parse<T extends Uint32Array | BigUint64Array>(
  csv: string,
  toKey: (text: string) => T[number],
  Table: new (length: number) => T,
): Promise<RangeTable<T>> {
  let count = 0;
  for (let at = csv.indexOf('\n'); at !== -1; at = csv.indexOf('\n', at + 1)) count++;
  if (!csv.endsWith('\n')) count++;
  const table = {
    starts: new Table(count),
    ends: new Table(count),
    countries: new Uint16Array(count),
  };
  let filled = 0;
  for (let from = 0; from < csv.length && filled < count; filled++) {
    if (filled % LINES_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const to = csv.indexOf('\n', from);
    const line = csv.slice(from, to === -1 ? csv.length : to);
    from = to === -1 ? csv.length : to + 1;
    const [start = '0', end = '0', country = ''] = line.split(',');
    table.starts[filled] = toKey(start);
    table.ends[filled] = toKey(end);
    table.countries[filled] = (country.charCodeAt(0) << 8) | country.charCodeAt(1);
  }
  return {
    starts: table.starts.subarray(0, filled) as T,
    ends: table.ends.subarray(0, filled) as T,
    countries: table.countries.subarray(0, filled),
  };
}

function ipv4ToNumber(ip: string): number {
  return ip.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}

function ipv6High64(ip: string): bigint {
  const [head = '', tail] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4 forms other than the mapped one) only affects the low bits.
  const missing = 8 - headGroups.length - (tail === undefined ? 0 : tailGroups.length);
  const groups = [...headGroups, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailGroups];
  return groups
    .slice(0, 4)
    .reduce((sum, group) => (sum << 16n) | BigInt(parseInt(group, 16) || 0), 0n);
}
