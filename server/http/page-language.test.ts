import { describe, expect, it } from 'vitest';
import { pageLanguage } from './page-language';

const request = (url: string, headers: { cookie?: string; 'accept-language'?: string } = {}) => ({ url, headers });

describe('pageLanguage (spec §9, as the browser will detect it)', () => {
  it('takes the address’s lng first, then the lng cookie, then Accept-Language in its order', () => {
    const headers = { cookie: 'a=b; lng=en', 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.8' };
    expect(pageLanguage(request('/game?x=1&lng=vi', headers))).toBe('vi');
    expect(pageLanguage(request('/game', headers))).toBe('en');
    expect(pageLanguage(request('/game', { 'accept-language': headers['accept-language'] }))).toBe('vi');
    expect(pageLanguage(request('/game', { 'accept-language': 'fr-FR,fr;q=0.9,vi;q=0.5' }))).toBe('vi');
  });

  it('skips what names no language of ours, and is English when nothing does', () => {
    expect(pageLanguage(request('/?lng=de', { cookie: 'lng=%E0%A4%A', 'accept-language': 'vi' }))).toBe('vi');
    expect(pageLanguage(request('/', { cookie: 'xlng=vi', 'accept-language': '*' }))).toBe('en');
    expect(pageLanguage(request('/'))).toBe('en');
  });
});
