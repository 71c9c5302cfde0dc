import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newAccount, readStats, shownText, signInThroughUi, signInViaHttp, trpcMutation } from './support/app';
import { assertNoProblems } from './support/browser';
import { activeProfilesOfEmail, profileRow, profilesOfEmail } from './support/db';
import { e2eSuite } from './support/suite';

const suite = e2eSuite();

const freshPage = suite.open;

const url = suite.url;

/** The avatar pictures as laid out: how many columns and rows, and whether every one was drawn. */
function avatarGrid(choice: Locator) {
  return choice.locator('img').evaluateAll((images) => ({
    columns: new Set(images.map((image) => Math.round(image.getBoundingClientRect().left))).size,
    rows: new Set(images.map((image) => Math.round(image.getBoundingClientRect().top))).size,
    drawn: images.every(
      (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
    ),
  }));
}

describe('a family', () => {
  test('signs in, creates its first profile, plays in Vietnamese, goes back and signs out', async () => {
    const { page, problems } = await freshPage();
    const account = newAccount('Family');

    // The sign-in screen, then the clearly labelled local stand-in for Google.
    await page.goto(url('/'));
    await page.getByRole('heading', { name: 'Quiz Ladder' }).waitFor();
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await page.waitForURL(/\/sign-in\/local\?returnTo=%2Fprofiles$/);
    await page.getByRole('heading', { name: 'Local sign-in' }).waitFor();
    await page.getByText('No Google account is used').waitFor();
    await page.getByLabel('Your name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(url('/profiles'));

    // A new family has no profiles.
    await page.getByRole('heading', { name: "Who's playing?" }).waitFor();
    await page.getByText('No profiles yet. Create the first one to start playing!').waitFor();
    await page.getByRole('link', { name: 'Create the first profile' }).click();
    await page.waitForURL(url('/create-profile'));
    await page.getByRole('heading', { name: 'New player' }).waitFor();

    // Spec §5: the empty form says exactly this and creates nothing.
    const create = page.getByRole('button', { name: 'Create profile' });
    await create.click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await shownText(alert)).toBe('Name and Age are required.');
    // Both fields marked invalid and described by the message; focus on the first, not on the button.
    const alertId = await alert.getAttribute('id');
    for (const label of ['Name', 'Age']) {
      expect(await page.getByLabel(label).getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel(label).getAttribute('aria-describedby')).toBe(alertId);
    }
    await expect.poll(() => page.getByLabel('Name').evaluate((input) => input === document.activeElement)).toBe(true);
    await page.getByLabel('Name').fill('Minh');
    await page.getByLabel('Age').fill('0');
    await create.click();
    await page.getByRole('alert').getByText('Please enter a valid age.', { exact: true }).waitFor();
    expect(await shownText(page.getByRole('alert'))).toBe('Please enter a valid age.');
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByLabel('Age').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByLabel('Age').evaluate((input) => input === document.activeElement)).toBe(true);
    expect(page.url()).toBe(url('/create-profile'));
    expect(profilesOfEmail(suite.server.dbPath, account.email)).toEqual([]);
    // Spec §5: the age input has min 1.
    expect(await page.getByLabel('Age').getAttribute('min')).toBe('1');

    await page.getByLabel('Age').fill('9');
    // The first avatar is the default; pick the second.
    expect(await page.getByRole('radio', { name: 'Smiling owl' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Friendly fox' }).check();
    await create.click();
    await page.waitForURL(url('/profiles'));

    const minh = page.getByRole('button', { name: /^Minh / });
    await minh.waitFor();
    expect(await shownText(minh)).toContain('Minh');
    expect(await shownText(minh)).toContain('9 years old');
    expect(await minh.locator('img').getAttribute('src')).toBe('/avatars/avatar2.svg');
    const rows = profilesOfEmail(suite.server.dbPath, account.email);
    expect(rows.map((p) => ({ name: p.name, age: p.age, avatar: p.avatar }))).toEqual([
      { name: 'Minh', age: 9, avatar: 'avatar2.svg' },
    ]);
    const minhId = rows[0]?.id as string;

    // Choosing the profile leads to /pre-game, with its name in the header.
    await minh.click();
    await page.waitForURL(url('/pre-game'));
    await page.getByRole('heading', { name: 'Ready, Minh?' }).waitFor();
    expect(await shownText(page.locator('header .header-profile-name'))).toBe('Minh');
    expect(await page.locator('header img').first().getAttribute('src')).toBe('/avatars/avatar2.svg');
    expect(await readStats(page)).toEqual({ games: 0, money: 0, correct: 0 });
    expect(activeProfilesOfEmail(suite.server.dbPath, account.email)).toEqual([minhId]);

    // The header's language switch turns the whole screen Vietnamese, and it sticks.
    const vi = page.locator('header').getByRole('button', { name: 'Tiếng Việt' });
    expect(await vi.getAttribute('aria-pressed')).toBe('false');
    await vi.click();
    await page.getByRole('button', { name: 'Bắt đầu lượt chơi mới' }).waitFor();
    await page.getByRole('heading', { name: 'Sẵn sàng chưa, Minh?' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('vi');
    expect(await vi.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Start New Game' }).count()).toBe(0);
    expect(await shownText(page.locator('[data-stat="games"] dt'))).toBe('Số lượt đã chơi');

    await page.reload();
    await page.getByRole('button', { name: 'Bắt đầu lượt chơi mới' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('vi');
    expect(await page.locator('header').getByRole('button', { name: 'Tiếng Việt' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // Back to profiles clears the active profile: /pre-game then sends to the picker.
    await page.locator('header').getByRole('button', { name: 'Quay lại danh sách hồ sơ' }).click();
    await page.waitForURL(url('/profiles'));
    await page.getByRole('heading', { name: 'Ai sẽ chơi?' }).waitFor();
    expect(activeProfilesOfEmail(suite.server.dbPath, account.email)).toEqual([null]);
    await page.goto(url('/pre-game'));
    await page.waitForURL(url('/profiles'));
    await page.getByRole('button', { name: /^Minh / }).waitFor();
    expect(await shownText(page.getByRole('button', { name: /^Minh / }))).toContain('9 tuổi');

    // Sign out (behind the account menu): back at the sign-in screen, and /profiles is closed again.
    const menu = page.locator('header').getByRole('button', { name: 'Tài khoản' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.locator('header').getByText(account.email.toLowerCase()).waitFor();
    await page.locator('header').getByRole('button', { name: 'Đăng xuất', exact: true }).click();
    await page.waitForURL(url('/'));
    await page.getByRole('link', { name: 'Đăng nhập bằng Google' }).waitFor();
    expect(activeProfilesOfEmail(suite.server.dbPath, account.email)).toEqual([]);
    await page.goto(url('/profiles'));
    await page.waitForURL(url('/'));
    await page.getByRole('link', { name: 'Đăng nhập bằng Google' }).waitFor();

    assertNoProblems(problems);
  });

  test('signing out everywhere ends the account’s sessions on every device, after a confirmation', async () => {
    const account = newAccount('Everywhere');
    const laptop = await freshPage();
    await signInThroughUi(laptop.page, suite.server.baseUrl, account);
    const phone = await freshPage();
    await signInViaHttp(phone.context, suite.server.baseUrl, account);
    await phone.page.goto(url('/profiles'));
    await phone.page.getByRole('heading', { name: "Who's playing?" }).waitFor();

    const { page } = laptop;
    await page.locator('header').getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page
      .getByText('Sign out on every device and browser where this account is signed in, this one included?')
      .waitFor();
    // Cancel changes nothing.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
    await page.waitForURL(url('/'));
    await page.getByRole('link', { name: 'Sign in with Google' }).waitFor();

    // The phone's next screen finds its session gone.
    await phone.page.reload();
    await phone.page.waitForURL(url('/'));
    await phone.page.getByRole('link', { name: 'Sign in with Google' }).waitFor();
    assertNoProblems(laptop.problems);
    assertNoProblems(phone.problems);
  });

  test('the sign-in screens follow a Vietnamese browser, ?lng=vi, and refuse a bad email', async () => {
    const vietnamese = await freshPage({ locale: 'vi-VN' });
    await vietnamese.page.goto(url('/'));
    await vietnamese.page.getByRole('link', { name: 'Đăng nhập bằng Google' }).waitFor();
    expect(await vietnamese.page.locator('html').getAttribute('lang')).toBe('vi');
    expect(await vietnamese.page.title()).toBe('Leo Thang Tri Thức');
    expect(await vietnamese.page.evaluate(() => localStorage.getItem('lng'))).toBe('vi');
    assertNoProblems(vietnamese.problems);

    const { page, problems } = await freshPage();
    await page.goto(url('/?lng=vi'));
    await page.getByText('Leo lên đỉnh một triệu!', { exact: true }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('vi');
    await page.locator('.sign-in-language').getByRole('button', { name: 'English' }).click();
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await page.getByRole('heading', { name: 'Local sign-in' }).waitFor();
    await page.getByLabel('Your name').fill('Someone');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await shownText(page.getByRole('alert'))).toBe('Enter a valid email address.');
    expect(page.url()).toContain('/sign-in/local');
    // A name that reads backwards (a right-to-left override) is refused here as on the suite.server.
    await page.getByLabel('Your name').fill('\u202eevilnimda');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await shownText(page.getByRole('alert'))).toBe('Names cannot contain invisible or control characters.');
    expect(page.url()).toContain('/sign-in/local');
    assertNoProblems(problems);
  });

  test('signed-out visitors to the inner screens land on the sign-in screen', async () => {
    const { page, problems } = await freshPage();
    for (const path of ['/profiles', '/pre-game', '/create-profile', '/game']) {
      await page.goto(url(path));
      await page.waitForURL(url('/'));
      await page.getByRole('link', { name: 'Sign in with Google' }).waitFor();
    }
    assertNoProblems(problems);
  });

  test("a second account sees none of the first account's profiles and cannot reach them", async () => {
    // The first family, set up over HTTP.
    const first = await freshPage();
    await signInViaHttp(first.context, suite.server.baseUrl);
    const aiko = await trpcMutation<{ id: string }>(first.context, suite.server.baseUrl, 'profiles.create', {
      name: 'Aiko',
      age: 8,
      avatar: 'avatar3.svg',
    });
    await first.page.goto(url('/profiles'));
    await first.page.getByRole('button', { name: /^Aiko / }).waitFor();

    // The second family, in its own browser context.
    const second = await freshPage();
    await signInThroughUi(second.page, suite.server.baseUrl, newAccount('Neighbour'));
    await second.page.getByText('No profiles yet. Create the first one to start playing!').waitFor();
    expect(await second.page.getByText('Aiko').count()).toBe(0);

    const calls = await second.page.evaluate(async (profileId) => {
      const post = async (path: string, input: unknown) => {
        const response = await fetch(`/trpc/${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(input),
        });
        const body = (await response.json()) as { error?: { data?: { code?: string } } };
        return { status: response.status, code: body.error?.data?.code ?? null };
      };
      const byId = await fetch(`/trpc/profiles.byId?input=${encodeURIComponent(JSON.stringify({ profileId }))}`);
      const byIdBody = (await byId.json()) as { error?: { data?: { code?: string } } };
      return {
        choose: await post('profiles.choose', { profileId }),
        update: await post('profiles.update', { profileId, name: 'Taken' }),
        remove: await post('profiles.remove', { profileId }),
        byId: { status: byId.status, code: byIdBody.error?.data?.code ?? null },
      };
    }, aiko.id);
    expect(calls).toEqual({
      choose: { status: 404, code: 'NOT_FOUND' },
      update: { status: 404, code: 'NOT_FOUND' },
      remove: { status: 404, code: 'NOT_FOUND' },
      byId: { status: 404, code: 'NOT_FOUND' },
    });
    expect(profileRow(suite.server.dbPath, aiko.id)).toMatchObject({ name: 'Aiko', age: 8 });

    // Nothing of the first family reached the second one's screens.
    await second.page.goto(url('/pre-game'));
    await second.page.waitForURL(url('/profiles'));
    await second.page.getByText('No profiles yet. Create the first one to start playing!').waitFor();

    assertNoProblems(first.problems);
    // The four refused calls above are the only failures, and Chromium logs each failed load.
    const refused = ['profiles.choose', 'profiles.update', 'profiles.remove', 'profiles.byId'];
    assertNoProblems(second.problems, {
      http: refused.map(
        (path) => new RegExp(`^404 (POST|GET) ${suite.server.baseUrl}/trpc/${path.replace('.', '\\.')}(\\?|$)`),
      ),
      console: refused.map(
        (path) =>
          new RegExp(
            `^Failed to load resource: the server responded with a status of 404 \\(Not Found\\) @ ${suite.server.baseUrl}/trpc/${path.replace('.', '\\.')}(\\?|$)`,
          ),
      ),
    });
  });

  test('a profile can be edited in its dialog and deleted after confirming', async () => {
    const { context, page, problems } = await freshPage();
    const account = newAccount('Editor');
    await signInViaHttp(context, suite.server.baseUrl, account);
    const lan = await trpcMutation<{ id: string }>(context, suite.server.baseUrl, 'profiles.create', {
      name: 'Lan',
      age: 7,
    });

    await page.goto(url('/profiles'));
    await page.getByRole('button', { name: /^Lan / }).waitFor();
    await page.getByRole('button', { name: 'Edit Lan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Lan' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Lan');
    expect(await dialog.getByLabel('Age').inputValue()).toBe('7');
    expect(await dialog.getByRole('radio', { name: 'Smiling owl' }).isChecked()).toBe(true);

    // The edit form checks like the create form.
    await dialog.getByLabel('Age').fill('');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    expect(await shownText(dialog.getByRole('alert'))).toBe('Name and Age are required.');
    expect(profileRow(suite.server.dbPath, lan.id)).toMatchObject({ name: 'Lan', age: 7, avatar: 'avatar1.svg' });

    await dialog.getByLabel('Name').fill('Lan Anh');
    await dialog.getByLabel('Age').fill('8');
    await dialog.getByRole('radio', { name: 'Happy turtle' }).check();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByRole('button', { name: /^Lan Anh / });
    await card.waitFor();
    expect(await shownText(card)).toContain('8 years old');
    expect(await card.locator('img').getAttribute('src')).toBe('/avatars/avatar3.svg');
    expect(profileRow(suite.server.dbPath, lan.id)).toMatchObject({ name: 'Lan Anh', age: 8, avatar: 'avatar3.svg' });

    // Delete asks first; Cancel keeps the profile.
    await page.getByRole('button', { name: 'Edit Lan Anh' }).click();
    const again = page.getByRole('dialog', { name: 'Edit Lan Anh' });
    await again.getByRole('button', { name: 'Delete profile' }).click();
    const confirm = again.getByRole('alertdialog');
    await confirm.waitFor();
    expect(await shownText(confirm.getByText(/^Delete/))).toBe(
      "Delete Lan Anh's profile and all of its stats? This cannot be undone.",
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(profileRow(suite.server.dbPath, lan.id)).toBeDefined();

    await again.getByRole('button', { name: 'Delete profile' }).click();
    await again.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete' }).click();
    await again.waitFor({ state: 'hidden' });
    await page.getByText('No profiles yet. Create the first one to start playing!').waitFor();
    expect(await page.getByRole('button', { name: /^Lan Anh / }).count()).toBe(0);
    expect(profileRow(suite.server.dbPath, lan.id)).toBeUndefined();
    expect(profilesOfEmail(suite.server.dbPath, account.email)).toEqual([]);

    assertNoProblems(problems);
  });

  test('twelve drawn avatars: four across on a phone, six with room, chosen with the arrow keys', async () => {
    const { page, context, problems } = await freshPage({ viewport: { width: 360, height: 740 } });
    const account = newAccount('Avatars');
    await signInViaHttp(context, suite.server.baseUrl, account);
    await page.goto(url('/create-profile'));
    const choice = page.getByRole('group', { name: 'Avatar' });
    await choice.getByRole('radio', { name: 'Smiling owl' }).waitFor();
    expect(
      await choice.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.parentElement?.textContent)),
    ).toEqual([
      'Smiling owl',
      'Friendly fox',
      'Happy turtle',
      'Curious cat',
      'Playful puppy',
      'Cuddly panda',
      'Quick rabbit',
      'Brave lion',
      'Gentle elephant',
      'Cheerful penguin',
      'Grinning frog',
      'Hard-working water buffalo',
    ]);
    await expect.poll(() => avatarGrid(choice)).toEqual({ columns: 4, rows: 3, drawn: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Tab from Age lands on the chosen avatar; the arrow keys move the choice and wrap around.
    await page.getByLabel('Name').fill('Tí');
    await page.getByLabel('Age').fill('7');
    await page.keyboard.press('Tab');
    expect(await choice.getByRole('radio', { name: 'Smiling owl' }).evaluate((r) => r === document.activeElement)).toBe(
      true,
    );
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    expect(await choice.getByRole('radio', { name: 'Curious cat' }).isChecked()).toBe(true);
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
    const buffalo = choice.getByRole('radio', { name: 'Hard-working water buffalo' });
    expect(await buffalo.isChecked()).toBe(true);
    // Its picture wears the focus ring, whole on the screen though it is in the last column.
    const ring = await buffalo.evaluate((radio) => {
      const picture = radio.nextElementSibling as HTMLElement;
      const style = getComputedStyle(picture);
      const reach = Number.parseFloat(style.outlineWidth) + Number.parseFloat(style.outlineOffset);
      return {
        style: style.outlineStyle,
        width: Number.parseFloat(style.outlineWidth),
        right: picture.getBoundingClientRect().right + reach,
      };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(3);
    expect(ring.right).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Create profile' }).click();
    await page.waitForURL(url('/profiles'));
    const ti = page.getByRole('button', { name: /^Tí / });
    await ti.waitFor();
    expect(await ti.locator('img').getAttribute('src')).toBe('/avatars/avatar12.svg');
    const [row] = profilesOfEmail(suite.server.dbPath, account.email);
    expect(row?.avatar).toBe('avatar12.svg');

    // Wider and in Vietnamese, the edit dialog lays them out six across and names them in Vietnamese.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('header').getByRole('button', { name: 'Tiếng Việt' }).click();
    await page.getByRole('button', { name: 'Sửa hồ sơ Tí' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sửa hồ sơ Tí' });
    const viChoice = dialog.getByRole('group', { name: 'Hình đại diện' });
    expect(await viChoice.getByRole('radio', { name: 'Trâu chăm chỉ' }).isChecked()).toBe(true);
    await expect.poll(() => avatarGrid(viChoice)).toEqual({ columns: 6, rows: 2, drawn: true });
    await viChoice.getByRole('radio', { name: 'Ếch xanh tươi cười' }).check();
    await dialog.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => ti.locator('img').getAttribute('src')).toBe('/avatars/avatar11.svg');
    expect(profileRow(suite.server.dbPath, row?.id as string)?.avatar).toBe('avatar11.svg');

    assertNoProblems(problems);
  });
});
