import { describe, expect, test } from 'vitest';
import { newAccount, signInThroughUi, signInViaHttp, trpcMutation } from './support/app';
import { assertNoProblems } from './support/browser';
import { e2eSuite } from './support/suite';

const PARENT = newAccount('LockParent');
const LOCK_ADMIN = newAccount('LockAdmin');
const suite = e2eSuite({ env: { ADMIN_EMAILS: `${PARENT.email},${LOCK_ADMIN.email}` } });

/**
 * A parent (an admin) sets a PIN; the child then playing on the same device cannot edit a
 * brother's profile or open the admin pages, in the browser or through the API, without it.
 */
describe('the parent lock', () => {
  test('holds profile changes and the admin pages until the PIN is entered', async () => {
    const { page, context, problems } = await suite.open();
    await signInViaHttp(context, suite.server.baseUrl, PARENT);
    const child = await trpcMutation<{ id: string }>(context, suite.server.baseUrl, 'profiles.create', {
      name: 'Bé Bin',
      age: 7,
    });
    await page.goto(suite.url('/profiles'));

    // The parent sets a PIN from the account menu.
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Parent PIN' }).click();
    const settings = page.getByRole('dialog', { name: 'Parent PIN' });
    await settings.getByLabel('PIN (4 to 8 digits)').fill('2468');
    await settings.getByLabel('The same PIN again').fill('2486');
    await settings.getByRole('button', { name: 'Save PIN' }).click();
    await settings.getByText('The two PINs are not the same.').waitFor();
    await settings.getByLabel('The same PIN again').fill('2468');
    await settings.getByRole('button', { name: 'Save PIN' }).click();
    await settings.getByText('The PIN is saved.').waitFor();
    await settings.getByRole('button', { name: 'Close' }).click();

    // The child plays: choosing the profile closes the lock.
    await page.getByRole('button', { name: /^Bé Bin/ }).click();
    await page.waitForURL(suite.url('/pre-game'));
    await page.getByRole('button', { name: 'Back to profiles' }).click();
    await page.waitForURL(suite.url('/profiles'));

    // Edit asks for the PIN; a wrong one is refused, the right one opens the editor.
    await page.getByRole('button', { name: 'Edit Bé Bin' }).click();
    const prompt = page.getByRole('dialog', { name: 'Parent PIN' });
    await prompt.getByLabel('PIN (4 to 8 digits)').fill('1111');
    await prompt.getByRole('button', { name: 'Unlock' }).click();
    await prompt.getByText('That PIN is not right.').waitFor();
    expect(await prompt.getByLabel('PIN (4 to 8 digits)').getAttribute('aria-invalid')).toBe('true');
    // Meanwhile the server refuses the change itself, whatever the page shows.
    const refused = await context.request.post(suite.url('/trpc/profiles.remove'), {
      headers: { Origin: suite.server.baseUrl },
      data: { profileId: child.id },
    });
    expect(refused.status()).toBe(403);
    const admin = await context.request.get(suite.url('/trpc/admin.overview'));
    expect(admin.status()).toBe(403);
    await prompt.getByLabel('PIN (4 to 8 digits)').fill('2468');
    await prompt.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('dialog', { name: /Edit/ }).waitFor();

    // Typed /admin after play resumed: locked, until the PIN.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Bé Bin/ }).click();
    await page.waitForURL(suite.url('/pre-game'));
    await page.goto(suite.url('/admin'));
    await page.getByRole('heading', { name: 'Admin is locked' }).waitFor();
    const adminPrompt = page.getByRole('dialog', { name: 'Parent PIN' });
    await adminPrompt.getByLabel('PIN (4 to 8 digits)').fill('2468');
    await adminPrompt.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // The wrong PIN's answer is the only error the page met.
    assertNoProblems(problems, { console: [/status of 400/], http: [/^400 POST .*\/trpc\/parentLock\.unlock/] });
  });

  test('signing in again keeps it shut; wrong PINs pause tries; Forgot PIN lets the parent choose a new one', async () => {
    const { page, context, problems } = await suite.open();
    const parent = newAccount('Forgetful');
    await signInViaHttp(context, suite.server.baseUrl, parent);
    await trpcMutation(context, suite.server.baseUrl, 'profiles.create', { name: 'Na', age: 8 });
    await trpcMutation(context, suite.server.baseUrl, 'parentLock.set', { pin: '2468' });
    await page.goto(suite.url('/profiles'));

    // A child signs out and in again (one tap with Google): the lock stays shut.
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(suite.url('/'));
    await signInThroughUi(page, suite.server.baseUrl, parent);
    await page.getByRole('button', { name: 'Edit Na' }).click();
    const prompt = page.getByRole('dialog', { name: 'Parent PIN' });
    const field = prompt.getByLabel('PIN (4 to 8 digits)');

    /** A PIN typed and sent: the status the server answered. */
    const tryPin = async (pin: string) => {
      await field.fill(pin);
      // A PIN is checked with scrypt (deliberately slow): a machine busy with a bench takes longer.
      const answered = page.waitForResponse((response) => response.url().includes('/trpc/parentLock.unlock'), {
        timeout: 30_000,
      });
      await prompt.getByRole('button', { name: 'Unlock' }).click();
      return (await answered).status();
    };

    // Five wrong PINs: tries pause, and the message shows no way round.
    for (let i = 0; i < 4; i++) expect(await tryPin(`111${i}`)).toBe(400);
    await prompt.getByText('That PIN is not right.').waitFor();
    expect(await tryPin('1119')).toBe(429);
    const paused = prompt.getByText('Too many wrong PINs: tries are paused for 5 minutes.');
    await paused.waitFor();
    expect(await prompt.getByRole('alert').innerText()).not.toMatch(/sign (out|in)/i);
    // Even the right PIN waits now, on this device.
    expect(await tryPin('2468')).toBe(429);
    await paused.waitFor();

    // Forgot PIN: its own sign-in (here the local one, which protects nothing), then a new PIN.
    await prompt.getByRole('link', { name: 'Forgot PIN?' }).click();
    await page.waitForURL(suite.url('/sign-in/local?forgotPin=1'));
    await page.getByText(/Forgot PIN: signing in here opens the parent lock/).waitFor();
    await page.getByLabel('Your name').fill(parent.name);
    await page.getByLabel('Email').fill(parent.email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(suite.url('/profiles'));
    const settings = page.getByRole('dialog', { name: 'Parent PIN' });
    await settings.getByText('You signed in again: choose a new PIN, or remove it to turn the lock off.').waitFor();
    await settings.getByLabel('New PIN (4 to 8 digits)').fill('1357');
    await settings.getByLabel('The same PIN again').fill('1357');
    await settings.getByRole('button', { name: 'Save PIN' }).click();
    await settings.getByText('The PIN is saved.').waitFor();
    await settings.getByRole('button', { name: 'Close' }).click();

    // Play resumes, and the new PIN is the one that opens the lock.
    await page.getByRole('button', { name: /^Na/ }).click();
    await page.waitForURL(suite.url('/pre-game'));
    await page.getByRole('button', { name: 'Back to profiles' }).click();
    await page.getByRole('button', { name: 'Edit Na' }).click();
    await prompt.getByLabel('PIN (4 to 8 digits)').fill('1357');
    await prompt.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('dialog', { name: /Edit/ }).waitFor();
    assertNoProblems(problems, {
      console: [/status of 400/, /status of 429/],
      http: [/^400 POST .*\/trpc\/parentLock\.unlock/, /^429 POST .*\/trpc\/parentLock\.unlock/],
    });
  });
});

describe('admin work outlasts the unlock', () => {
  test('a page whose unlock ran out asks for the PIN on its next call, in place, keeping its state', async () => {
    const { page, context, problems } = await suite.open();
    const base = suite.server.baseUrl;
    await signInViaHttp(context, base, LOCK_ADMIN);
    await trpcMutation(context, base, 'parentLock.set', { pin: '1357' });
    await trpcMutation(context, base, 'parentLock.lock', {});
    const prompt = page.getByRole('dialog', { name: 'Parent PIN' });
    const enterPin = async () => {
      await prompt.getByLabel('PIN (4 to 8 digits)').fill('1357');
      await prompt.getByRole('button', { name: 'Unlock' }).click();
      await prompt.waitFor({ state: 'detached' });
    };
    await page.goto(suite.url('/admin/questions'));
    await enterPin();
    const search = page.getByRole('searchbox');
    await search.fill('water');
    await page.locator('.question-row').first().waitFor();

    // The unlock runs out (closed here from the same session, as five idle minutes would).
    await trpcMutation(context, base, 'parentLock.lock', {});
    await search.fill('river');
    // The refused call asks for the PIN where the parent is; the search stays as typed.
    await prompt.waitFor();
    await enterPin();
    expect(await search.inputValue()).toBe('river');
    await page.locator('.question-row', { hasText: /river/i }).first().waitFor();
    expect(await page.getByText('Could not load', { exact: false }).count()).toBe(0);
    assertNoProblems(problems, {
      http: [/^403 GET .*\/trpc\/admin\.questions\./],
      console: [/status of 403 \(Forbidden\) @ .*\/trpc\/admin\.questions\./],
    });
  });

  test('while the parent works on an admin page, the page keeps the lock open; left alone, it does not', async () => {
    const { page, context, problems } = await suite.open();
    const base = suite.server.baseUrl;
    await signInViaHttp(context, base, newAccount('Unused'));
    await signInViaHttp(context, base, LOCK_ADMIN);
    await page.clock.install();
    await page.goto(suite.url('/admin'));
    const prompt = page.getByRole('dialog', { name: 'Parent PIN' });
    await prompt.getByLabel('PIN (4 to 8 digits)').fill('1357');
    await prompt.getByRole('button', { name: 'Unlock' }).click();
    await prompt.waitFor({ state: 'detached' });
    const keptOpen = () => page.waitForRequest((request) => request.url().includes('/trpc/parentLock.keepOpen'));
    // A tap in the minute: the page tells the server the parent is still there.
    const told = keptOpen();
    await page.getByRole('heading', { level: 1 }).click();
    await page.clock.fastForward(61_000);
    await told;
    // No tap in the next minute: nothing is said, and the unlock runs its course.
    let saidAgain = false;
    page.on('request', (request) => {
      if (request.url().includes('/trpc/parentLock.keepOpen')) saidAgain = true;
    });
    await page.clock.fastForward(61_000);
    expect(saidAgain).toBe(false);
    assertNoProblems(problems);
  });
});
