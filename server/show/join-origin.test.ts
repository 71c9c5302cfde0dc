import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { LOCAL_ONLY_CONFIG } from '../app';
import { createTestApp, signInLocally } from '../test/app';
import { createTestDb } from '../test/db';
import { createAccount } from '../test/factories';
import { joinOrigin } from './join-origin';

const entry = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null, scopeid: 0 }) as unknown as NetworkInterfaceInfo;

/** A laptop on a home Wi-Fi. */
const interfaces = {
  lo: [entry('127.0.0.1', 'IPv4', true)],
  wlan0: [entry('192.168.1.20', 'IPv4'), entry('fd00::20', 'IPv6')],
};
const onLan = { publicOrigin: null, listenHost: '0.0.0.0' };

describe('joinOrigin', () => {
  it("is the PUBLIC_URL's origin whenever there is one", () => {
    const site = { publicOrigin: 'https://quiz.example', listenHost: '0.0.0.0' };
    expect(joinOrigin(site, { protocol: 'http', host: 'localhost:3000' }, interfaces)).toBe('https://quiz.example');
  });

  it('is the address the TV is on when phones can reach it', () => {
    expect(joinOrigin(onLan, { protocol: 'http', host: '192.168.1.20:3000' }, interfaces)).toBe(
      'http://192.168.1.20:3000',
    );
  });

  it("is the machine's network address, on the same port, for a TV on localhost or 127.0.0.1", () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect(joinOrigin(onLan, { protocol: 'http', host }, interfaces)).toBe('http://192.168.1.20:3000');
    }
    expect(joinOrigin(onLan, { protocol: 'http', host: 'localhost' }, interfaces)).toBe('http://192.168.1.20');
    expect(
      joinOrigin(
        { publicOrigin: null, listenHost: '::' },
        { protocol: 'http', host: 'localhost:8080' },
        {
          wlan0: [entry('fd00::20', 'IPv6')],
        },
      ),
    ).toBe('http://[fd00::20]:8080');
  });

  it('stays on loopback when the server listens there alone (no phone can join then anyway)', () => {
    const site = { publicOrigin: null, listenHost: '127.0.0.1' };
    expect(joinOrigin(site, { protocol: 'http', host: 'localhost:3000' }, interfaces)).toBe('http://localhost:3000');
  });
});

describe('show.joinOrigin over HTTP', () => {
  const db = createTestDb();

  it("answers the host with the PUBLIC_URL's origin, and a stranger with UNAUTHORIZED", async () => {
    const app = await createTestApp(db, { config: { ...LOCAL_ONLY_CONFIG, PUBLIC_URL: 'https://quiz.example' } });
    const host = `__Host-ql_session=${createAccount(db).token}`;
    const asked = (cookie: string) =>
      app.inject({ method: 'GET', url: '/trpc/show.joinOrigin', headers: { cookie, host: 'quiz.example' } });
    const answer = await asked(host);
    expect(answer.json().result.data).toEqual({ origin: 'https://quiz.example' });
    expect((await asked('')).statusCode).toBe(401);
  });

  it('answers with the address the page is on when the server listens on loopback alone', async () => {
    const app = await createTestApp(db);
    const host = await signInLocally(app, 'join-origin-2@example.com');
    const answer = await app.inject({
      method: 'GET',
      url: '/trpc/show.joinOrigin',
      headers: { cookie: host, host: 'localhost:80' },
    });
    expect(answer.json().result.data).toEqual({ origin: 'http://localhost:80' });
  });
});
