import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, detectLanguages, keepLanguage } from './language-detector';

/** A page's globals as the detector reads them: its address, cookies, storages, navigator and <html lang>. */
function page({
  search = '',
  cookie = '',
  local = {} as Record<string, string>,
  session = {} as Record<string, string>,
  languages = ['en-US'],
  htmlLang = 'en',
  storageFails = false,
} = {}) {
  const storage = (items: Record<string, string>) => {
    if (storageFails) {
      return {
        getItem: () => {
          throw new DOMException('denied', 'SecurityError');
        },
        setItem: () => {
          throw new DOMException('denied', 'SecurityError');
        },
      };
    }
    return {
      getItem: (key: string) => items[key] ?? null,
      setItem: vi.fn((key: string, value: string) => {
        items[key] = value;
      }),
    };
  };
  const doc = { cookie, documentElement: { getAttribute: () => htmlLang } };
  const win = { location: { search }, localStorage: storage(local), sessionStorage: storage(session) };
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('navigator', { languages, language: languages[0] });
  return { doc, win };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('detectLanguages (spec §9)', () => {
  it('asks the query string, the cookie, local and session storage, the navigator, then <html lang>, in that order', () => {
    page({
      search: '?x=1&lng=vi-VN',
      cookie: 'a=b; lng=en',
      local: { lng: 'vi' },
      session: { lng: 'en' },
      languages: ['fr-FR', 'vi'],
      htmlLang: 'en',
    });
    expect(detectLanguages()).toEqual(['vi', 'en', 'vi', 'en', 'fr', 'vi', 'fr', 'en']);
  });

  it('reads each as its language alone, and skips the places that hold none', () => {
    page({ languages: ['VI_vn'], htmlLang: '' });
    expect(detectLanguages()).toEqual(['vi', 'vi']);
  });

  it('goes on to the navigator when storage refuses to be read', () => {
    page({ storageFails: true, languages: ['vi-VN'] });
    expect(detectLanguages()).toEqual(['vi', 'vi', 'en']);
  });
});

describe('detectLanguage', () => {
  it('is the first language asked for that the app has', () => {
    page({ cookie: 'lng=fr', languages: ['de-DE', 'vi-VN', 'en'] });
    expect(detectLanguage()).toBe('vi');
  });

  it('is English when none is', () => {
    page({ languages: ['fr-FR'], htmlLang: '' });
    expect(detectLanguage()).toBe('en');
  });
});

describe('keepLanguage', () => {
  it('keeps a new choice in local storage and a cookie', () => {
    const { doc, win } = page({ local: { lng: 'en' }, cookie: 'lng=en' });
    keepLanguage('vi');
    expect(win.localStorage.getItem('lng')).toBe('vi');
    expect(doc.cookie).toBe('lng=vi; Path=/; SameSite=Lax');
  });

  it('writes nothing when the language is the one already kept', () => {
    const { doc, win } = page({ local: { lng: 'vi' }, cookie: 'x=1; lng=vi' });
    keepLanguage('vi');
    expect(win.localStorage.setItem).not.toHaveBeenCalled();
    expect(doc.cookie).toBe('x=1; lng=vi');
  });

  it('still sets the cookie where storage refuses', () => {
    const { doc } = page({ storageFails: true });
    keepLanguage('vi');
    expect(doc.cookie).toBe('lng=vi; Path=/; SameSite=Lax');
  });
});
