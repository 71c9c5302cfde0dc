import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Avatar } from '#shared/avatars.ts';

let accounts = 0;

/** A name and email no other test uses. */
export function newAccount(label = 'Parent'): { name: string; email: string } {
  accounts += 1;
  const tag = `${Date.now().toString(36)}${accounts}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `${label} ${accounts}`, email: `${label.toLowerCase().replace(/\W+/g, '')}.${tag}@example.test` };
}

/**
 * Signs in through the context's own cookie jar without the UI (the family tests cover the
 * sign-in screens). The server refuses state-changing requests without a same-origin Origin.
 */
export async function signInViaHttp(context: BrowserContext, baseUrl: string, account = newAccount()): Promise<void> {
  const response = await context.request.post(`${baseUrl}/auth/local`, {
    headers: { Origin: baseUrl },
    data: { name: account.name, email: account.email, returnTo: '/profiles' },
  });
  if (!response.ok()) throw new Error(`local sign-in failed: ${response.status()} ${await response.text()}`);
}

/** A tRPC v11 mutation over plain HTTP: the POST body is the raw input JSON. */
export async function trpcMutation<T>(
  context: BrowserContext,
  baseUrl: string,
  path: string,
  input: unknown,
): Promise<T> {
  const response = await context.request.post(`${baseUrl}/trpc/${path}`, { headers: { Origin: baseUrl }, data: input });
  const body = (await response.json()) as { result?: { data: T }; error?: unknown };
  if (!response.ok() || !body.result) throw new Error(`${path} failed: ${response.status()} ${JSON.stringify(body)}`);
  return body.result.data;
}

export type ProfileInput = { name: string; age: number; avatar?: Avatar };

/** Signs a fresh account in, creates a profile and makes it the session's active one. */
export async function signedInWithActiveProfile(
  context: BrowserContext,
  baseUrl: string,
  profile: ProfileInput,
): Promise<{ profileId: string }> {
  await signInViaHttp(context, baseUrl);
  const created = await trpcMutation<{ id: string }>(context, baseUrl, 'profiles.create', profile);
  await trpcMutation(context, baseUrl, 'profiles.choose', { profileId: created.id });
  return { profileId: created.id };
}

/** Signs in through the screens: / → "Sign in with Google" → the local sign-in page → /profiles. */
export async function signInThroughUi(page: Page, baseUrl: string, account = newAccount()): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await page.waitForURL(/\/sign-in\/local\?/);
  await page.getByRole('heading', { name: 'Local sign-in' }).waitFor();
  await page.getByLabel('Your name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${baseUrl}/profiles`);
}

/** The three lifetime stats on /pre-game, parsed from their <dd> (1,000,000 → 1000000). */
export async function readStats(page: Page): Promise<{ games: number; money: number; correct: number }> {
  const read = async (key: string) => {
    const text = await shownText(page.locator(`[data-stat="${key}"] dd`));
    return Number(text.replace(/[^\d]/g, ''));
  };
  return { games: await read('games'), money: await read('money'), correct: await read('correct') };
}

/** The stat's shown text exactly as rendered (with its thousands separators). */
export function statValue(page: Page, key: 'games' | 'money' | 'correct') {
  return page.locator(`[data-stat="${key}"] dd`);
}

/** The element's rendered text, as a user sees it (hidden text left out). */
export function shownText(locator: Locator): Promise<string> {
  return locator.innerText();
}
