/**
 * Reads a published spreadsheet (Google Sheets "publish to the web" as CSV or XLSX, or any https address that
 * answers one) for an import: https only, at most IMPORT_MAX_BYTES, within SHEET_TIMEOUT_MS, and never to a
 * private, loopback, link-local or otherwise non-public address — the worker must not become a way into
 * someone's network. Each redirect is checked like the first address. `fetch` and `resolve` are injected so
 * tests use a local fake sheet server and never reach the internet.
 */
import { IMPORT_MAX_BYTES } from "#lib/imports/columns";
import { joinBytes } from "../domain/shared/bytes";
import { DomainError, badRequest } from "../domain/shared/errors";

export const SHEET_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
/** The addresses a host name resolves to (A and AAAA); [] when it does not resolve. */
export type Resolve = (host: string) => Promise<string[]>;

export const NOT_PUBLIC = "That address is not a public web address";
export const SHEET_TOO_LARGE = `The sheet is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`;

/** IPv4 ranges that are not the public internet (RFC 6890 and friends). */
const PRIVATE_V4: readonly [number, number][] = [
  [0x00000000, 8], // "this" network
  [0x0a000000, 8], // private
  [0x64400000, 10], // carrier-grade NAT
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local (cloud metadata lives here)
  [0xac100000, 12], // private
  [0xc0000000, 24], // IETF protocol assignments
  [0xc0000200, 24], // documentation
  [0xc0a80000, 16], // private
  [0xc6120000, 15], // benchmarking
  [0xc6336400, 24], // documentation
  [0xcb007100, 24], // documentation
  [0xe0000000, 4], // multicast
  [0xf0000000, 4], // reserved, broadcast
];

function v4Number(address: string): number | null {
  const parts = address.split(".");
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

function isPrivateV4(n: number): boolean {
  return PRIVATE_V4.some(([base, bits]) => n >>> (32 - bits) === base >>> (32 - bits));
}

/** True for an IP address (v4, or v6 with or without brackets) that is not on the public internet. */
export function isNonPublicAddress(raw: string): boolean {
  const address = raw.replace(/^\[|\]$/g, "").toLowerCase();
  const v4 = v4Number(address);
  if (v4 !== null) return isPrivateV4(v4);
  if (!address.includes(":")) return false;
  // IPv4-mapped and -compatible forms carry a v4 address at their end.
  const mapped = /(?:^|:)(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1]) return v4Number(mapped[1]) === null || isPrivateV4(v4Number(mapped[1])!);
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address);
  if (hexMapped) return isPrivateV4(parseInt(hexMapped[1]!, 16) * 65536 + parseInt(hexMapped[2]!, 16));
  if (address === "::" || address === "::1") return true;
  const first = parseInt(address.split(":")[0] || "0", 16);
  return (
    (first & 0xfe00) === 0xfc00 || // unique local
    (first & 0xffc0) === 0xfe80 || // link-local
    (first & 0xff00) === 0xff00 || // multicast
    address.startsWith("64:ff9b:") || // NAT64 reaches v4, possibly private
    address.startsWith("2001:db8:") || // documentation
    address.startsWith("::ffff:") // any other mapped form we could not read
  );
}

const isIpLiteral = (host: string) => v4Number(host) !== null || host.startsWith("[");

/** Names that only mean something inside a network. */
function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  return (
    !name.includes(".") ||
    /(^|\.)(localhost|local|internal|intranet|lan|home|corp|localdomain|home\.arpa)$/.test(name) ||
    name.endsWith(".arpa")
  );
}

/** Refuses what is not an https address on the public internet (400), resolving the name where we can. */
export async function checkPublicAddress(url: URL, resolve?: Resolve): Promise<void> {
  if (url.protocol !== "https:") throw badRequest("The sheet's address must start with https://");
  if (url.username || url.password)
    throw badRequest("The sheet's address must not carry a user name or password");
  if (url.port && url.port !== "443") throw badRequest("The sheet must be served on the standard https port");
  const host = url.hostname;
  if (isIpLiteral(host)) {
    if (isNonPublicAddress(host)) throw badRequest(NOT_PUBLIC);
    return;
  }
  if (isLocalName(host)) throw badRequest(NOT_PUBLIC);
  if (!resolve) return;
  const addresses = await resolve(host);
  if (addresses.some(isNonPublicAddress)) throw badRequest(NOT_PUBLIC);
}

/**
 * Resolution through DNS over HTTPS (Workers cannot ask the system resolver). The platform's own fetch
 * also refuses private destinations, so this is the second wall, and the one local runs have.
 */
export function dohResolver(fetchImpl: Fetch, endpoint = "https://cloudflare-dns.com/dns-query"): Resolve {
  return async (host) => {
    const answers = await Promise.all(
      ["A", "AAAA"].map(async (type) => {
        try {
          const response = await fetchImpl(`${endpoint}?name=${encodeURIComponent(host)}&type=${type}`, {
            headers: { Accept: "application/dns-json" },
            signal: AbortSignal.timeout(3000),
          });
          if (!response.ok) return [];
          const body = (await response.json()) as { Answer?: { type: number; data: string }[] };
          return (body.Answer ?? []).filter((a) => a.type === 1 || a.type === 28).map((a) => a.data);
        } catch {
          return [];
        }
      }),
    );
    return answers.flat();
  };
}

export type FetchedSheet = { bytes: Uint8Array; contentType: string; url: string };

/** Reads the body up to the cap; 413 as soon as it passes it, whatever Content-Length said. */
async function readCapped(response: Response, cap: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > cap) throw new DomainError(413, SHEET_TOO_LARGE);
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel();
      throw new DomainError(413, SHEET_TOO_LARGE);
    }
    chunks.push(value);
  }
  return joinBytes(chunks, size);
}

/** The sheet at `address`, following at most MAX_REDIRECTS redirects, each checked before it is followed. */
export async function fetchSheet(
  address: string,
  options: { fetch?: Fetch; resolve?: Resolve; timeoutMs?: number; maxBytes?: number } = {},
): Promise<FetchedSheet> {
  const fetchImpl = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const signal = AbortSignal.timeout(options.timeoutMs ?? SHEET_TIMEOUT_MS);
  let url = new URL(address);
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      await checkPublicAddress(url, options.resolve);
      const response = await fetchImpl(url.toString(), {
        redirect: "manual",
        signal,
        headers: {
          Accept:
            "text/csv, text/tab-separated-values, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, */*",
        },
      });
      if (response.status >= 300 && response.status < 400) {
        const next = response.headers.get("Location");
        await response.body?.cancel();
        if (!next) throw badRequest("The sheet's address redirected nowhere");
        url = new URL(next, url);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw badRequest(
          `The sheet's address answered ${response.status}: is the sheet published to the web?`,
        );
      }
      const bytes = await readCapped(response, options.maxBytes ?? IMPORT_MAX_BYTES);
      return { bytes, contentType: response.headers.get("Content-Type") ?? "", url: url.toString() };
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (signal.aborted) throw badRequest("The sheet's address did not answer in time");
    throw badRequest("The sheet's address could not be reached");
  }
  throw badRequest("The sheet's address redirected too many times");
}
