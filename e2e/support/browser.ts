import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { SHARED_BROWSER_ENV } from './server';

export const DEFAULT_CHROME_PATH = '/usr/bin/chromium';

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** How the system Chromium (or CHROME_PATH) is launched. Never downloads a browser. */
export function browserLaunchOptions() {
  const executablePath = process.env.CHROME_PATH ?? DEFAULT_CHROME_PATH;
  if (!existsSync(executablePath)) {
    throw new Error(
      `No Chromium at ${executablePath}. Install one (apt-get install -y chromium), or set CHROME_PATH to a Chrome/Chromium binary. ` +
        'The e2e tests never download a browser.',
    );
  }
  return { executablePath, headless: true, args: LAUNCH_ARGS };
}

/**
 * The run's Chromium (started once by global-setup.ts; closing it here only disconnects), or one
 * of its own for a file run without that setup.
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = process.env[SHARED_BROWSER_ENV];
  return shared ? chromium.connect(shared) : chromium.launch(browserLaunchOptions());
}

/** What went wrong in a page: uncaught errors, console errors, and HTTP answers of 400 and above. */
export type PageProblems = {
  pageErrors: string[];
  /** `text @ url`, where url is the console message's source (for a failed load, the resource). */
  consoleErrors: string[];
  /** `status METHOD url` of every response with status >= 400. */
  httpErrors: string[];
};

export function watchPage(page: Page): PageProblems {
  const problems: PageProblems = { pageErrors: [], consoleErrors: [], httpErrors: [] };
  page.on('pageerror', (error) => problems.pageErrors.push(`${error.name}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(`${message.text()} @ ${message.location().url}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) {
      problems.httpErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  return problems;
}

/**
 * Noise a test expects, precisely: each pattern must match at least one recorded entry (so it
 * documents something that really happens), and every recorded entry must match a pattern.
 */
export type ExpectedNoise = { console?: RegExp[]; http?: RegExp[] };

export function assertNoProblems(problems: PageProblems, expected: ExpectedNoise = {}): void {
  const complaints: string[] = [];
  for (const error of problems.pageErrors) complaints.push(`uncaught page error: ${error}`);
  const check = (kind: string, entries: string[], patterns: RegExp[]) => {
    for (const entry of entries) {
      if (!patterns.some((pattern) => pattern.test(entry))) complaints.push(`unexpected ${kind}: ${entry}`);
    }
    for (const pattern of patterns) {
      if (!entries.some((entry) => pattern.test(entry)))
        complaints.push(`expected ${kind} matching ${pattern} did not happen`);
    }
  };
  check('console error', problems.consoleErrors, expected.console ?? []);
  check('HTTP error response', problems.httpErrors, expected.http ?? []);
  if (complaints.length > 0) throw new Error(`The page had problems:\n  ${complaints.join('\n  ')}`);
}

export type OpenedPage = { context: BrowserContext; page: Page; problems: PageProblems };

/** A fresh context (no cookies, no storage) with one watched page. */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions & { setup?: (context: BrowserContext) => Promise<void> } = {},
): Promise<OpenedPage> {
  const { setup, ...contextOptions } = options;
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 900 },
    ...contextOptions,
  });
  // A wait gives up after 30 s: what the page should show comes in well under a second when the
  // machine is free, and a 2-core machine running the bench beside the tests can take seconds.
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(30_000);
  if (setup) await setup(context);
  const page = await context.newPage();
  const problems = watchPage(page);
  return { context, page, problems };
}
