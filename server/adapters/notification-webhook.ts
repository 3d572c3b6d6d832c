import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { errorCode } from '../errors';

/**
 * The outgoing HTTP request of a webhook test (API.md "Notification templates", Send test): a real request to the
 * configured URL, with a time limit, no redirects followed, and never to an address that is not on the public
 * internet (private, loopback, link-local, shared, documentation, benchmarking, multicast, reserved; IPv6 transition
 * prefixes such as NAT64 and 6to4; IPv4-mapped IPv6 classified as the IPv4 it carries): the API would otherwise let an
 * operator probe the network it runs in. A host listed in `NOTIFY_WEBHOOK_ALLOW_HOSTS` (comma-separated host names or
 * addresses, e.g. `127.0.0.1` for tests) may be private.
 *
 * The address checked is the address used: the request resolves its host once, through {@link guardedLookup}, which
 * refuses a non-public answer and hands the checked addresses to the socket (no second resolution a DNS rebinding
 * could change).
 */

/** How long a webhook (and its token call) may take. */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** The most of an answer kept to show. */
const ANSWER_MAX = 2_000;

/** One webhook request. */
export interface WebhookRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** What came back: the status and the start of the answer, or why nothing did. */
export type WebhookAnswer =
  | { ok: true; status: number; answer: string }
  | { ok: false; reason: 'blocked' | 'unreachable'; detail: string };

const allowList = (): string[] =>
  (process.env.NOTIFY_WEBHOOK_ALLOW_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);

/** IPv4 ranges not on the public internet (IANA IPv4 special-purpose registry, plus multicast and reserved). */
const IPV4_BLOCKED: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/**
 * IPv6 ranges not on the public internet: everything outside global unicast 2000::/3 (::/3, 4000::/2, 8000::/1 hold
 * ::, ::1, IPv4-compatible and mapped, 64:ff9b::/96 and 64:ff9b:1::/48 NAT64, 100::/64, fc00::/7, fe80::/10,
 * fec0::/10, ff00::/8), and inside it 2001::/23 (Teredo, benchmarking, ORCHID...), 2001:db8::/32, 2002::/16 (6to4)
 * and 3fff::/20 (documentation).
 */
const IPV6_BLOCKED: readonly [string, number][] = [
  ['::', 3],
  ['4000::', 2],
  ['8000::', 1],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
];

// Two lists: one BlockList matches an IPv4 address against its IPv6 rules too (as ::ffff:a.b.c.d, inside ::/3).
const blockedV4 = new BlockList();
for (const [net, prefix] of IPV4_BLOCKED) blockedV4.addSubnet(net, prefix, 'ipv4');
const blockedV6 = new BlockList();
for (const [net, prefix] of IPV6_BLOCKED) blockedV6.addSubnet(net, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail allowed), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    if (isIP(tail[1]) !== 4) return null;
    const [a, b, c, d] = tail[1].split('.').map(Number);
    text = `${text.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string) =>
    s === '' ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN));
  const head = part(halves[0]);
  const rest = halves.length === 2 ? part(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...rest];
  return groups.some(Number.isNaN) ? null : groups;
}

/**
 * The IPv4 address an IPv6 address carries when it is IPv4-mapped (::ffff:a.b.c.d, also in hex `::ffff:7f00:1`),
 * IPv4-translated (::ffff:0:a.b.c.d) or IPv4-compatible (::a.b.c.d, `::7f00:1`); else null.
 */
export function embeddedIPv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g || g.slice(0, 4).some((x) => x !== 0)) return null;
  const carries = (g[4] === 0 && (g[5] === 0xffff || g[5] === 0)) || (g[4] === 0xffff && g[5] === 0);
  return carries ? [g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff].join('.') : null;
}

/**
 * Whether an address is not on the public internet (see the ranges above); IPv4 carried in IPv6 is classified as
 * that IPv4. Anything that is not an IP address counts as private.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address
    .replace(/^\[|\]$/g, '')
    .split('%')[0]
    .toLowerCase();
  try {
    const kind = isIP(bare);
    if (kind === 4) return blockedV4.check(bare, 'ipv4');
    if (kind !== 6) return true;
    const v4 = embeddedIPv4(bare);
    return v4 ? blockedV4.check(v4, 'ipv4') : blockedV6.check(bare, 'ipv6');
  } catch {
    return true;
  }
}

/** The error of a refused address (the request answers 'blocked'). */
const BLOCKED_CODE = 'EWEBHOOKBLOCKED';
const blockedError = (host: string) =>
  Object.assign(new Error(`${host} resolves to a non-public address`), { code: BLOCKED_CODE });

/** Whether an address may be called for this host: the host or the address is listed, or the address is public. */
const addressAllowed = (host: string, address: string) => {
  const allowed = allowList();
  return allowed.includes(host) || allowed.includes(address.toLowerCase()) || !isPrivateAddress(address);
};

/**
 * The socket's name resolution: resolves once and answers only when every address is allowed (else the
 * {@link BLOCKED_CODE} error), in the form the socket asked for (one address, or all of them).
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  const host = hostname.toLowerCase();
  dnsLookup(
    hostname,
    { all: true, family: options.family ?? 0, hints: options.hints, verbatim: true },
    (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      if (addresses.length === 0)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      if (!addresses.every(({ address }) => addressAllowed(host, address)))
        return callback(blockedError(hostname), '', 0);
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    },
  );
};

/** Sends one webhook request (see the module's comment for the limits). */
export async function sendWebhook(request: WebhookRequest): Promise<WebhookAnswer> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { ok: false, reason: 'unreachable', detail: 'Invalid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, reason: 'unreachable', detail: 'Only http and https URLs' };
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  // An address literal is not resolved (the socket skips the lookup): check it here.
  if (isIP(host.split('%')[0]) && !addressAllowed(host, host))
    return { ok: false, reason: 'blocked', detail: url.hostname };
  const body = request.method === 'GET' || request.body === undefined ? undefined : request.body;
  const headers: Record<string, string> = { ...request.headers };
  if (body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-length'))
    headers['content-length'] = String(Buffer.byteLength(body));
  const options: RequestOptions = {
    method: request.method,
    host,
    port: url.port || undefined,
    path: `${url.pathname}${url.search}`,
    headers,
    lookup: guardedLookup,
    agent: false,
    ...(url.username && { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` }),
  };
  return new Promise<WebhookAnswer>((resolve) => {
    let settled = false;
    const finish = (answer: WebhookAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const fail = (err: unknown) => {
      if (errorCode(err) === BLOCKED_CODE) finish({ ok: false, reason: 'blocked', detail: url.hostname });
      else finish({ ok: false, reason: 'unreachable', detail: err instanceof Error ? err.message : String(err) });
    };
    let req: ReturnType<typeof httpRequest>;
    const timer = setTimeout(() => {
      fail(new Error(`No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`));
      req?.destroy();
    }, WEBHOOK_TIMEOUT_MS);
    try {
      req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(options, (res: IncomingMessage) => {
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          answer += chunk;
          if (answer.length >= ANSWER_MAX) {
            finish({ ok: true, status: res.statusCode ?? 0, answer: answer.slice(0, ANSWER_MAX) });
            res.destroy();
          }
        });
        res.on('end', () => finish({ ok: true, status: res.statusCode ?? 0, answer: answer.slice(0, ANSWER_MAX) }));
        res.on('error', fail);
        res.on('close', () => finish({ ok: true, status: res.statusCode ?? 0, answer: answer.slice(0, ANSWER_MAX) }));
      });
    } catch (err) {
      // Invalid header names or values are refused before anything is sent.
      fail(err);
      return;
    }
    req.on('error', fail);
    req.end(body);
  });
}
