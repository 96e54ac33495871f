import { isIPv4, isIPv6 } from "node:net";

/**
 * Whether an address is this machine's own loopback (127.0.0.0/8, ::1, or IPv4-mapped 127.x). Given
 * the socket's remote address, never a forwarded header: it decides who may read the dev mailbox.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const v4 = mapped ? mapped[1]! : address;
  if (isIPv4(v4)) return v4.startsWith("127.");
  return isIPv6(address) && expandIPv6(address) === "0000:0000:0000:0000:0000:0000:0000:0001";
}

/** All eight groups of an IPv6 address (no embedded IPv4 form: those were handled above), four digits each. */
function expandIPv6(address: string): string {
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((group) => group.padStart(4, "0").toLowerCase()).join(":");
}

/**
 * Fastify's trustProxy for the TRUST_PROXY setting. A hop count becomes a function: Fastify 5 turns a
 * bare number into "trust nobody", as a count cannot tell a proxy from a client reaching the node
 * directly; the nodes must therefore be reachable only through the proxies (docs/deploy.md §3).
 */
export function fastifyTrustProxy(setting: false | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false || setting === 0) return false;
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  return setting;
}
