import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hostOf, lanAddresses, namesAnAddress, reachableAt } from './own-addresses';

const entry = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null, scopeid: 0 }) as unknown as NetworkInterfaceInfo;

/** A laptop on a home Wi-Fi: loopback, a LAN address (v4 and v6) and a link-local one. */
const interfaces = {
  lo: [entry('127.0.0.1', 'IPv4', true), entry('::1', 'IPv6', true)],
  wlan0: [entry('192.168.1.20', 'IPv4'), entry('fd00::20', 'IPv6'), entry('fe80::1', 'IPv6')],
};

describe('lanAddresses', () => {
  it('is empty on a loopback HOST', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1']) expect(lanAddresses(host, interfaces)).toEqual([]);
  });

  it("is every interface's IPv4 address for 0.0.0.0, and IPv6 ones too for ::, never link-local or loopback", () => {
    expect(lanAddresses('0.0.0.0', interfaces)).toEqual(['192.168.1.20']);
    expect(lanAddresses('::', interfaces)).toEqual(['192.168.1.20', 'fd00::20']);
  });

  it('is the address itself for a HOST naming one', () => {
    expect(lanAddresses('192.168.1.20', interfaces)).toEqual(['192.168.1.20']);
    expect(lanAddresses('[fd00::20]', interfaces)).toEqual(['fd00::20']);
  });
});

describe('hostOf and namesAnAddress', () => {
  it('writes a Host header as browsers send it', () => {
    expect(hostOf('192.168.1.20', 3000)).toBe('192.168.1.20:3000');
    expect(hostOf('FD00::20', 3000)).toBe('[fd00::20]:3000');
    expect(hostOf('192.168.1.20', 80)).toBe('192.168.1.20');
  });

  it('tells an address from a name', () => {
    for (const host of ['192.168.1.20:3000', '10.0.0.1', '[fd00::20]:3000']) expect(namesAnAddress(host)).toBe(true);
    for (const host of ['quiz.local:3000', 'localhost', 'rebind.attacker.test'])
      expect(namesAnAddress(host)).toBe(false);
  });
});

describe('reachableAt', () => {
  it('says the PUBLIC_URL alone when there is one', () => {
    expect(reachableAt({ publicUrl: 'https://quiz.example.com/', host: '0.0.0.0', port: 3000 }, interfaces)).toEqual([
      'https://quiz.example.com',
    ]);
  });

  it('says localhost and every network address otherwise', () => {
    expect(reachableAt({ host: '0.0.0.0', port: 3000 }, interfaces)).toEqual([
      'http://localhost:3000',
      'http://192.168.1.20:3000',
    ]);
    expect(reachableAt({ host: '127.0.0.1', port: 3000 }, interfaces)).toEqual(['http://localhost:3000']);
  });
});
