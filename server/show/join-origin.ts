import type { NetworkInterfaceInfo } from 'node:os';
import { isLoopbackHost } from '../env';
import { hostName, hostOf, lanAddresses } from '../http/own-addresses';

/** Where the server is reached from: its PUBLIC_URL's origin (null: none), and the address it listens on. */
export type Site = { publicOrigin: string | null; listenHost: string };

/**
 * The origin phones join a show at, as the TV writes it under its QR code: the PUBLIC_URL's when
 * there is one; else the address the TV has the page at, unless that is this machine's loopback
 * (a laptop on http://localhost:3000), which no phone can reach: then the first network address
 * the server answers at, on the same port. A server listening on loopback alone has none, and
 * the TV's own address is all there is. `host` has passed the Host check (server/http/security.ts).
 */
export function joinOrigin(
  site: Site,
  request: { protocol: string; host: string },
  interfaces?: NodeJS.Dict<NetworkInterfaceInfo[]>,
): string {
  if (site.publicOrigin) return site.publicOrigin;
  const own = `${request.protocol}://${request.host}`;
  if (!isLoopbackHost(hostName(request.host))) return own;
  const [lan] = lanAddresses(site.listenHost, interfaces);
  if (lan === undefined) return own;
  const port = Number(/:(\d+)$/.exec(request.host)?.[1] ?? (request.protocol === 'https' ? 443 : 80));
  return `http://${hostOf(lan, port)}`;
}
