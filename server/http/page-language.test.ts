import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { pageLanguage } from './page-language';

/** A request as the app hands it over: through Fastify, its cookies parsed by @fastify/cookie. */
const app = Fastify();
await app.register(fastifyCookie);
app.get('/*', async (request) => pageLanguage(request));

const guess = async (url: string, headers: { cookie?: string; 'accept-language'?: string } = {}) =>
  (await app.inject({ method: 'GET', url, headers })).body;

describe('pageLanguage (spec §9, as the browser will detect it)', () => {
  it('takes the address’s lng first, then the lng cookie, then Accept-Language in its order', async () => {
    const headers = { cookie: 'a=b; lng=en', 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.8' };
    expect(await guess('/game?x=1&lng=vi', headers)).toBe('vi');
    expect(await guess('/game', headers)).toBe('en');
    expect(await guess('/game', { 'accept-language': headers['accept-language'] })).toBe('vi');
    expect(await guess('/game', { 'accept-language': 'fr-FR,fr;q=0.9,vi;q=0.5' })).toBe('vi');
  });

  it('skips what names no language of ours, and is English when nothing does', async () => {
    expect(await guess('/?lng=de', { cookie: 'lng=%E0%A4%A', 'accept-language': 'vi' })).toBe('vi');
    expect(await guess('/', { cookie: 'xlng=vi', 'accept-language': '*' })).toBe('en');
    expect(await guess('/')).toBe('en');
  });
});
