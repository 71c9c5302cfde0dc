import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type ProfileInput, signedInWithActiveProfile } from './app';
import { launchBrowser, type OpenedPage, openPage } from './browser';
import { type RunningServer, type StartOptions, startServer } from './server';

export type E2eSuite = {
  /** The built server of this file (started before its tests). */
  readonly server: RunningServer;
  readonly browser: Browser;
  /** An address on the server. */
  url: (path: string) => string;
  /**
   * A fresh context with one watched page, closed after the test that opened it (a page left open
   * keeps rendering, and the file's other tests pay for it), or after the file's tests with `keep`.
   */
  open: (options?: OpenOptions) => Promise<OpenedPage>;
  /** A fresh page whose account is signed in with one active profile. */
  player: (profile: ProfileInput, options?: OpenOptions) => Promise<OpenedPage & { profileId: string }>;
};

type OpenOptions = Parameters<typeof openPage>[1] & {
  /** Kept open for the file's later tests (one family looked at on several screens, say). */
  keep?: boolean;
};

/**
 * What every browser test file starts with: the built server (on a fresh database) and Chromium,
 * both started before the file's tests and stopped after them with every page they opened.
 * `serverOptions` may be a function, for options known only once other hooks have run.
 */
export function e2eSuite(serverOptions: StartOptions | (() => StartOptions) = {}): E2eSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const opened: OpenedPage[] = [];
  /** The pages the running test opened, closed when it ends. */
  let thisTest: OpenedPage[] = [];
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is not started yet (use it inside a test)`);
    return value;
  };

  beforeAll(async () => {
    const options = typeof serverOptions === 'function' ? serverOptions() : serverOptions;
    [server, browser] = await Promise.all([startServer(options), launchBrowser()]);
  });

  afterEach(async () => {
    const closing = thisTest;
    thisTest = [];
    await Promise.allSettled(closing.map((o) => o.context.close()));
  });

  afterAll(async () => {
    await Promise.allSettled(opened.map((o) => o.context.close()));
    await browser?.close();
    await server?.dispose();
  });

  const open: E2eSuite['open'] = async ({ keep = false, ...options } = {}) => {
    const page = await openPage(started(browser, 'browser'), options);
    opened.push(page);
    if (!keep) thisTest.push(page);
    return page;
  };

  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    url: (path) => `${started(server, 'server').baseUrl}${path}`,
    open,
    player: async (profile, options = {}) => {
      const page = await open(options);
      const { profileId } = await signedInWithActiveProfile(page.context, started(server, 'server').baseUrl, profile);
      return { ...page, profileId };
    },
  };
}
