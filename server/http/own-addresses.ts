import { type NetworkInterfaceInfo, networkInterfaces } from 'node:os';
import { isLoopbackHost } from '../env';

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

const WILDCARD_V4 = '0.0.0.0';
const WILDCARD_V6 = new Set(['::', '[::]']);

/**
 * The addresses of this machine that a server listening on `host` answers at, for other machines:
 * every interface's for a wildcard (0.0.0.0: IPv4 ones; `::`: IPv6 ones too), the address itself for
 * one address, none on loopback. Link-local IPv6 (fe80::, which needs a zone to be reached) is left out.
 */
export function lanAddresses(host: string, interfaces: Interfaces = networkInterfaces()): string[] {
  if (isLoopbackHost(host)) return [];
  const wildcardV6 = WILDCARD_V6.has(host);
  if (host !== WILDCARD_V4 && !wildcardV6) return [host.replace(/^\[(.*)\]$/, '$1')];
  const found: string[] = [];
  for (const entries of Object.values(interfaces)) {
    for (const entry of entries ?? []) {
      if (entry.internal) continue;
      if (entry.family === 'IPv4' || (wildcardV6 && !entry.address.toLowerCase().startsWith('fe80:'))) {
        found.push(entry.address);
      }
    }
  }
  return found;
}

/** An address as a Host header names it on `port` (an IPv6 one in brackets). */
export function hostOf(address: string, port: number): string {
  const name = address.includes(':') ? `[${address.toLowerCase()}]` : address;
  return port === 80 ? name : `${name}:${port}`;
}

/** A Host header without its port: `192.168.1.20:3000` → `192.168.1.20`, `[::1]:3000` → `[::1]`. */
export function hostName(host: string | undefined): string {
  return (host ?? '').toLowerCase().replace(/:\d+$/, '');
}

/** Whether a Host header names an IP address (v4, or v6 in brackets) rather than a name. */
export function namesAnAddress(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}(:\d+)?$/.test(host) || /^\[[0-9a-f:.]+\](:\d+)?$/i.test(host);
}

/**
 * Where people reach a server started with these settings, for its start-up line: the PUBLIC_URL
 * alone when set; else this machine's own name, then every network address it answers at.
 */
export function reachableAt(
  settings: { publicUrl?: string | undefined; host: string; port: number },
  interfaces?: Interfaces,
): string[] {
  if (settings.publicUrl) return [new URL(settings.publicUrl).origin];
  const local = `http://${hostOf('localhost', settings.port)}`;
  return [
    local,
    ...lanAddresses(settings.host, interfaces).map((address) => `http://${hostOf(address, settings.port)}`),
  ];
}
