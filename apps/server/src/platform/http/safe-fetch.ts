import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { downloadProblem } from '@cutout/contracts';

/** What went wrong, for callers that answer differently (a download too large is error 103). */
export type FetchRefusalKind =
  | 'url'
  | 'not_public'
  | 'unreachable'
  | 'redirects'
  | 'status'
  | 'too_large'
  | 'timeout';

/**
 * Why a fetch failed. `reason` is what the user is told (the `value` of errors 106 and 107): a fixed
 * phrase that names no address, host or network error, so that nobody can map the network inside
 * through it. `detail` says what happened, for the log only.
 */
export class FetchRefused extends Error {
  constructor(
    readonly kind: FetchRefusalKind,
    readonly reason: string,
    readonly detail: string = reason,
  ) {
    super(reason);
    this.name = 'FetchRefused';
  }
}

const unreachable = (detail: string) =>
  new FetchRefused('unreachable', downloadProblem.unreachable(), detail);

/**
 * Addresses no user-supplied URL may reach: loopback, private, link-local, metadata, CGNAT,
 * multicast… and the IPv6 ranges that carry an IPv4 address inside (IPv4-compatible, NAT64, 6to4,
 * Teredo), which a relay or the host itself may turn into that IPv4 address.
 */
const forbidden = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv6');
}

/** True when an IP address is public; IPv4-mapped IPv6 addresses are judged by their IPv4 part. */
export function isPublicAddress(address: string): boolean {
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !forbidden.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Which resolved addresses may be connected to; tests widen it to loopback. */
  isAllowed?: (address: string) => boolean;
  /** The addresses of a name (DNS by default); tests answer names of a network inside. */
  resolve?: (host: string) => Promise<string[]>;
}

/** Every address DNS gives for a name, in its own order. */
const resolveByDns = async (host: string): Promise<string[]> =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

export interface Fetched {
  bytes: Buffer;
  contentType: string | undefined;
  finalUrl: string;
}

/**
 * Fetches a user-supplied URL without letting it reach inside the network (SSRF): http(s) only,
 * every resolved address checked and then connected to as checked (no DNS rebinding), redirects
 * followed by hand and checked again, size and time bounded.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<Fetched> {
  const isAllowed = options.isAllowed ?? isPublicAddress;
  const deadline = Date.now() + options.timeoutMs;
  let url = parseUrl(rawUrl);
  for (let redirects = 0; ; redirects += 1) {
    const response = await requestOnce(url, { ...options, isAllowed, deadline });
    if (response.redirectTo === undefined) return response.fetched;
    if (redirects >= options.maxRedirects)
      throw new FetchRefused('redirects', downloadProblem.redirects(options.maxRedirects));
    url = parseUrl(new URL(response.redirectTo, url).toString());
  }
}

function parseUrl(rawUrl: string): URL {
  let url: URL;
  try {
    url = new URL(rawUrl.trim());
  } catch {
    throw new FetchRefused('url', downloadProblem.invalidUrl());
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefused('url', downloadProblem.scheme());
  if (url.username || url.password) throw new FetchRefused('url', downloadProblem.credentials());
  return url;
}

/**
 * The address to connect to. An address written in the URL is refused as not public; a name that
 * does not resolve and a name that resolves inside read the same, so that names of the network
 * inside cannot be told from names that do not exist.
 */
async function resolvePublic(
  hostname: string,
  isAllowed: (address: string) => boolean,
  resolve: (host: string) => Promise<string[]>,
): Promise<string> {
  const host = hostname.replace(/^\[|\]$/g, '');
  // localhost is the machine itself by definition (RFC 6761): saying so tells nothing of the network.
  if (/(^|\.)localhost\.?$/i.test(host) && !isAllowed('127.0.0.1')) {
    throw new FetchRefused('not_public', downloadProblem.notPublic(), `${host} is not public`);
  }
  if (isIP(host)) {
    if (!isAllowed(host))
      throw new FetchRefused('not_public', downloadProblem.notPublic(), `${host} is not public`);
    return host;
  }
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch (error) {
    throw unreachable(`${host} not resolved: ${(error as Error).message}`);
  }
  // Every address must be allowed: a name with one private address among public ones is refused.
  if (addresses.length === 0 || !addresses.every(isAllowed)) {
    throw unreachable(`${host} resolves to ${addresses.join(', ') || 'nothing'}, not public`);
  }
  return addresses[0] as string;
}

async function requestOnce(
  url: URL,
  options: SafeFetchOptions & { isAllowed: (address: string) => boolean; deadline: number },
): Promise<{ fetched: Fetched; redirectTo?: undefined } | { redirectTo: string; fetched?: undefined }> {
  const address = await resolvePublic(url.hostname, options.isAllowed, options.resolve ?? resolveByDns);
  const remaining = options.deadline - Date.now();
  const timedOut = () =>
    new FetchRefused('timeout', downloadProblem.timeout(options.timeoutMs / 1000), `${url.host} timed out`);
  if (remaining <= 0) throw timedOut();
  // Connect to the address that was checked, whatever DNS would answer now.
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    const family = isIP(address);
    if ((lookupOptions as { all?: boolean }).all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup,
        timeout: remaining,
        headers: { 'user-agent': 'Cutout/1.0 (+image fetch)', accept: 'image/*' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ redirectTo: response.headers.location });
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(new FetchRefused('status', downloadProblem.status(status)));
          return;
        }
        const tooLarge = (size: number) =>
          new FetchRefused('too_large', downloadProblem.tooLarge(), `${size} bytes or more from ${url.host}`);
        const declared = Number(response.headers['content-length']);
        if (declared > options.maxBytes) {
          response.destroy();
          reject(tooLarge(declared));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(tooLarge(size));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            fetched: {
              bytes: Buffer.concat(chunks),
              contentType: response.headers['content-type'],
              finalUrl: url.toString(),
            },
          }),
        );
        response.on('error', (error) =>
          reject(new FetchRefused('unreachable', downloadProblem.interrupted(), error.message)),
        );
      },
    );
    const timer = setTimeout(() => request.destroy(timedOut()), remaining);
    request.on('close', () => clearTimeout(timer));
    request.on('timeout', () => request.destroy(timedOut()));
    // Connection errors (refused, reset, TLS) would tell an open port from a closed one.
    request.on('error', (error) =>
      reject(error instanceof FetchRefused ? error : unreachable(`${url.host}: ${error.message}`)),
    );
  });
}
