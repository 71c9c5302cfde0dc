import { describe, expect, test } from 'vitest';
import { assertNoProblems } from './support/browser';
import { e2eSuite } from './support/suite';

const suite = e2eSuite();

/** Installable: a manifest with the project's icons, a service worker, and its own offline page. */
describe('the installed app', () => {
  test('has a manifest with its icons, a service worker, and an offline page of its own', async () => {
    const { page, context, problems } = await suite.player({ name: 'Tí', age: 8 });
    await page.goto(suite.url('/profiles'));
    // The manifest is added 3 s after the page's load event, which a busy machine puts off.
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href', { timeout: 30_000 });
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifest = (await (await fetch(suite.url('/manifest.webmanifest'))).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Quiz Ladder · Leo Thang Tri Thức',
      start_url: '/profiles',
      display: 'standalone',
    });
    for (const icon of manifest.icons) {
      const response = await fetch(suite.url(icon.src));
      expect(response.headers.get('content-type'), icon.src).toBe('image/png');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.readUInt32BE(16), icon.src).toBe(Number(icon.sizes.split('x')[0]));
    }
    expect(manifest.icons.map((icon) => icon.purpose)).toContain('maskable');

    // The worker takes over, with the shell cached.
    // Installing precaches the app's files: on a busy machine that takes longer than a click's wait.
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.ready).active?.state === 'activated',
      undefined,
      { timeout: 45_000 },
    );
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 45_000 });
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const cache = await caches.open(names[0] as string);
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    });
    expect(cached).toContain('/offline.html');
    expect(cached.some((path) => /^\/assets\/index-.*\.js$/.test(path))).toBe(true);
    expect(cached.some((path) => path.endsWith('.woff2'))).toBe(true);
    expect(cached.some((path) => /^\/(api|trpc)/.test(path))).toBe(false);

    // Offline in the page already open, the language still switches: both languages' first strings are in the shell.
    expect(cached.filter((path) => /^\/assets\/(en|vi)-.*\.js$/.test(path))).toHaveLength(2);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Tiếng Việt' }).click();
    await page.getByRole('heading', { name: 'Ai sẽ chơi?' }).waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: "Who's playing?" }).waitFor();

    // Offline, a page opens as the app's own offline page, in both languages.
    await page.goto(suite.url('/pre-game')).catch(() => undefined);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await page.getByRole('heading', { name: 'Bạn đang ngoại tuyến' }).waitFor();
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again · Thử lại' }).click();
    await page.waitForURL(suite.url('/profiles'));
    await page.getByRole('heading', { name: "Who's playing?" }).waitFor();
    assertNoProblems(problems);
  });
});
