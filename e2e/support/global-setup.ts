import { chromium } from 'playwright-core';
import { browserLaunchOptions } from './browser';
import { SHARED_BROWSER_ENV, startServer, TEMPLATE_INSTALL_ENV, tempDir } from './server';

/**
 * Once for the whole run, before any file: one Chromium that every file connects to (each file's
 * pages still live in contexts of their own, closed after them), and a new install (its database
 * with the starter bank, and the bank's pictures) that each file's server starts from as a copy.
 * A browser launched and an install seeded for each of two dozen files cost the 2-core machine
 * more than a minute of the run. Handed to the test processes through their environment.
 */
export default async function setup() {
  const template = tempDir('quiz-ladder-e2e-template-');
  const [browser, server] = await Promise.all([
    chromium.launchServer(browserLaunchOptions()),
    startServer({ dir: template.dir }),
  ]);
  // Stopped: its write-ahead log is checkpointed into the database file, which is then whole.
  await server.stop();
  process.env[TEMPLATE_INSTALL_ENV] = template.dir;
  process.env[SHARED_BROWSER_ENV] = browser.wsEndpoint();
  return async () => {
    await browser.close();
    template.remove();
  };
}
