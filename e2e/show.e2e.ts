import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { newAccount, signInViaHttp, trpcMutation } from './support/app';
import { seriousViolations } from './support/axe';
import { assertNoProblems, type ExpectedNoise, type OpenedPage } from './support/browser';
import { withDb } from './support/db';
import { type RunningServer, startServer } from './support/server';
import {
  answersOf,
  connectionOf,
  joinAsGuest,
  openRoom,
  phoneAnswers,
  phoneQuestion,
  rightAnswer,
  tvNext,
  tvQuestion,
} from './support/show';
import { installSpeechStandIn, spokenLines } from './support/speech-stand-in';
import { e2eSuite } from './support/suite';

/**
 * The family show (issue 26) in Chromium: a TV at /show and phones at /join, each its own
 * browser context (its own cookies), against the built server. Right answers come from the
 * database, so each phone answers as the test means it to.
 */
const suite = e2eSuite();
const url = suite.url;
const TV = { width: 1920, height: 1080 };
const PHONE = { width: 390, height: 844 };
const LONG = 120_000;

/** A TV signed into a fresh account, with its speech stand-in (headless Chromium has no voices). */
async function openTv(account = newAccount('Host')): Promise<OpenedPage> {
  const tv = await suite.open({ viewport: TV, setup: (context) => installSpeechStandIn(context) });
  await signInViaHttp(tv.context, suite.server.baseUrl, account);
  return tv;
}

function openPhone(locale = 'en-US'): Promise<OpenedPage> {
  return suite.open({ viewport: PHONE, locale, isMobile: true, hasTouch: true });
}

/** Every phone in `phones` taps its answer to question `position`: the right one, or the next one round. */
async function answerAll(phones: { page: Page; right: boolean }[], code: string, position: number) {
  const correct = rightAnswer(suite.server.dbPath, code, position);
  for (const { page, right } of phones)
    await phoneAnswers(page)
      .nth(right ? correct : (correct + 1) % 4)
      .tap();
}

describe('a family show', () => {
  test(
    'a TV and four phones play 5 questions to the podium: a profile, guests, Vietnamese, a double tap, a late join',
    async () => {
      const account = newAccount('Host');
      const tv = await openTv(account);
      const { id: minhId } = await trpcMutation<{ id: string }>(tv.context, suite.server.baseUrl, 'profiles.create', {
        name: 'Minh',
        age: 9,
      });
      const code = await openRoom(tv.page, suite.server.baseUrl);
      expect(code).toMatch(/^\d{6}$/);
      // The QR code leads to the join address with the code in it, and says what it is.
      const qr = tv.page.getByRole('img', { name: /^QR code to join the show at http:\/\/127\.0\.0\.1:\d+\/join$/ });
      expect(await qr.getAttribute('data-qr-text')).toBe(`${suite.server.baseUrl}/join?code=${code}`);
      await expect(tv.page.locator('.join-url').innerText()).resolves.toBe(
        `${suite.server.baseUrl.replace('http://', '')}/join`,
      );

      // A phone signed into the same account joins as one of its profiles.
      const minh = await openPhone();
      await signInViaHttp(minh.context, suite.server.baseUrl, account);
      await minh.page.goto(url(`/join?code=${code}`));
      await expect(minh.page.getByLabel('Room code').inputValue()).resolves.toBe(code);
      await minh.page.getByRole('button', { name: 'Continue' }).click();
      await minh.page.getByRole('button', { name: /^Join as Minh/ }).click();
      await minh.page.getByRole('heading', { name: "You're in, Minh!" }).waitFor();
      // Two guests: a grandmother whose phone is in Vietnamese, and a cousin.
      const ba = await openPhone('vi-VN');
      await joinAsGuest(
        ba.page,
        suite.server.baseUrl,
        code,
        { name: 'Bà Nội', ageGroup: 'Người lớn (từ 18 tuổi)' },
        'vi',
      );
      const lan = await openPhone();
      await joinAsGuest(lan.page, suite.server.baseUrl, code, { name: 'Lan', ageGroup: 'Teenagers (13 to 17)' });

      await tv.page.getByRole('heading', { name: '3 players' }).waitFor();
      const cards = tv.page.locator('.player-card');
      await expect(cards.locator('.player-name').allInnerTexts()).resolves.toEqual(['Minh', 'Bà Nội', 'Lan']);
      await tv.page.getByText("Questions for: Children (under 13), the youngest player's age group").waitFor();
      await tv.page.getByText('Each right answer climbs one rung of the family ladder').waitFor();
      await tv.page.getByRole('button', { name: 'Start the show' }).click();

      // Question 1: the TV and every phone show the same question and answers; a Kids player: 30 s.
      await tvQuestion(tv.page, 0);
      for (const phone of [minh, lan]) await phoneQuestion(phone.page, 0);
      await phoneQuestion(ba.page, 0, 5, 'vi');
      const question = await tv.page.locator('#show-question-text').innerText();
      const answers = await tv.page.locator('.answer-board .answer-text').allInnerTexts();
      for (const phone of [minh, ba, lan]) {
        await expect(phone.page.locator('#phone-question-text').innerText()).resolves.toBe(question);
        await expect(phone.page.locator('.phone-answers .answer-text').allInnerTexts()).resolves.toEqual(answers);
      }
      expect(Number(await tv.page.locator('.countdown-number').innerText())).toBeGreaterThan(20);
      // The TV reads it aloud, with its amount on the family ladder.
      await expect
        .poll(async () => (await spokenLines(tv.page)).map((line) => line.text))
        .toContain('Question 1, for 100.');

      // A double tap, then a tap on another answer: one answer, the first, locked at once.
      const correct = rightAnswer(suite.server.dbPath, code, 0);
      // (force: a locked answer is aria-disabled, which Playwright would wait out; a finger does not.)
      await phoneAnswers(minh.page).nth(correct).dblclick();
      await phoneAnswers(minh.page)
        .nth((correct + 1) % 4)
        .tap({ force: true });
      await expect(phoneAnswers(minh.page).nth(correct).getAttribute('aria-pressed')).resolves.toBe('true');
      await minh.page.getByText(`Answer locked in: ${'ABCD'[correct]}`).waitFor();
      await tv.page.getByRole('heading', { name: '1 of 3 have answered' }).waitFor();
      expect(answersOf(suite.server.dbPath, code, 'Minh', 0)).toEqual([correct]);

      await answerAll(
        [
          { page: ba.page, right: false },
          { page: lan.page, right: true },
        ],
        code,
        0,
      );
      // Everyone has answered: revealed at once, on the TV and on each phone.
      await tv.page.getByText(`The answer is ${'ABCD'[correct]}: ${answers[correct]}`).waitFor();
      await minh.page.getByText('Right!').waitFor();
      await ba.page.getByText('Tiếc quá!').waitFor();
      await ba.page.getByText('Điểm của bạn: 0').waitFor();
      await lan.page.getByText('Your score: 100').waitFor();
      expect(await tv.page.locator('.standing[data-result="wrong"] .player-name').innerText()).toBe('Bà Nội');
      await tvNext(tv.page);

      // Question 2: a late joiner waits for the next question, and is not waited for.
      await tvQuestion(tv.page, 1);
      const ong = await openPhone();
      await joinAsGuest(ong.page, suite.server.baseUrl, code, { name: 'Ông', ageGroup: 'Adults (18 and over)' });
      await ong.page.getByText('The show is under way: you come in at the next question.').waitFor();
      await tv.page.getByText('in from the next question').waitFor();
      const players = [
        { page: minh.page, right: true },
        { page: ba.page, right: true },
        { page: lan.page, right: false },
      ];
      for (const phone of players) await phoneQuestion(phone.page, 1, 5, phone.page === ba.page ? 'vi' : 'en');
      await answerAll(players, code, 1);
      await tv.page.getByRole('button', { name: 'Next question' }).waitFor();

      // Questions 3 to 5, with the late joiner in.
      const everyone = [...players, { page: ong.page, right: false }];
      for (let position = 2; position < 5; position++) {
        await tvNext(tv.page);
        await tvQuestion(tv.page, position);
        for (const phone of everyone)
          await phoneQuestion(phone.page, position, 5, phone.page === ba.page ? 'vi' : 'en');
        await answerAll(everyone, code, position);
        await tv.page.getByRole('button', { name: position === 4 ? 'See the winners' : 'Next question' }).waitFor();
      }
      await tvNext(tv.page, true);

      // The podium: Minh, right every time, first; everyone in order under it; confetti.
      await tv.page.getByRole('heading', { name: 'The winners' }).waitFor();
      await expect(tv.page.locator('.podium-step[data-rank="1"] .player-name').innerText()).resolves.toBe('Minh');
      await expect(tv.page.locator('.show-podium .standing .player-name').allInnerTexts()).resolves.toEqual([
        'Minh',
        'Bà Nội',
        'Lan',
        'Ông',
      ]);
      // Drawn by a module loaded when the podium first shows.
      await expect.poll(() => tv.page.locator('.confetti span').count()).toBeGreaterThan(0);
      await minh.page.getByText('You won the show!').waitFor();
      await minh.page.getByText('You finished in place 1 of 4').waitFor();
      await ba.page.getByText('Bạn xếp hạng 2 / 4').waitFor();
      await ong.page.getByText('You finished in place 4 of 4').waitFor();
      // Minh's history records the show once.
      const recorded = withDb(suite.server.dbPath, (db) =>
        db.prepare("SELECT show_place AS place FROM games WHERE profile_id = ? AND status = 'show'").all(minhId),
      );
      expect(recorded).toEqual([{ place: 1 }]);

      for (const opened of [tv, minh, ba, lan, ong]) assertNoProblems(opened.problems);
    },
    LONG,
  );

  test.each(['en', 'vi'] as const)(
    'the TV and a phone have no serious axe finding in any phase, in %s',
    async (lang) => {
      const locale = lang === 'vi' ? 'vi-VN' : 'en-US';
      const tv = await suite.open({ viewport: TV, locale, bypassCSP: true, setup: (c) => installSpeechStandIn(c) });
      await signInViaHttp(tv.context, suite.server.baseUrl);
      await trpcMutation(tv.context, suite.server.baseUrl, 'profiles.create', { name: 'Ánh', age: 10 });
      const phone = await suite.open({ viewport: PHONE, locale, bypassCSP: true, isMobile: true, hasTouch: true });
      const found: Record<string, string[]> = {};
      const check = async (name: string, page: Page) => {
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[name] = violations;
      };

      await tv.page.goto(url('/show'));
      await tv.page.locator('.show-setup').waitFor();
      await check('TV settings', tv.page);
      await tv.page.locator('.show-setup input[name="questionCount"]').first().check();
      await tv.page.locator('.show-setup button[type="submit"]').click();
      await tv.page.locator('.room-code').waitFor();
      const code = (await tv.page.locator('.room-code').getAttribute('data-code')) as string;
      await phone.page.goto(url(`/join?code=${code}`));
      await phone.page.locator('.room-code-input').waitFor();
      await check('phone code', phone.page);
      await phone.page.locator('button[type="submit"]').click();
      await phone.page.locator('input[name="name"]').fill('Khách');
      await phone.page.locator('button[type="submit"]').click();
      await phone.page.locator('.form-error').waitFor();
      await check('phone guest form with a problem', phone.page);
      await phone.page.locator('input[name="ageGroup"]').first().check();
      await phone.page.locator('button[type="submit"]').click();
      await phone.page.locator('#phone-lobby-title').waitFor();
      await check('phone lobby', phone.page);
      // A second phone that answers last keeps the question open while axe looks at the TV (the
      // first phone's answer alone would reveal it), whatever time axe takes on a loaded machine.
      const last = await suite.open({ viewport: PHONE, locale, isMobile: true, hasTouch: true });
      await last.page.goto(url(`/join?code=${code}`));
      await last.page.locator('.room-code-input').waitFor();
      await last.page.locator('button[type="submit"]').click();
      await last.page.locator('input[name="name"]').fill('Bà');
      await last.page.locator('input[name="ageGroup"]').last().check();
      await last.page.locator('button[type="submit"]').click();
      await last.page.locator('#phone-lobby-title').waitFor();
      await tv.page.locator('.player-card').nth(1).waitFor();
      await check('TV lobby', tv.page);
      await tv.page.locator('.lobby-side .button-primary').click();
      await tv.page.locator('.countdown').waitFor();
      await phone.page.locator('.phone-answers .answer').first().tap();
      await phone.page.locator('.answer.locked').waitFor();
      await check('phone question, locked', phone.page);
      await check('TV question', tv.page);
      // Unless the countdown has ended meanwhile, the last answer reveals the question.
      await last.page
        .locator('.phone-answers .answer')
        .first()
        .tap({ timeout: 5_000 })
        .catch(() => undefined);
      await tv.page.locator('.reveal-bar .button-primary').waitFor();
      await check('TV reveal', tv.page);
      await phone.page.locator('.phone-result').waitFor();
      await check('phone reveal', phone.page);
      // End the show from its tools (asked first): its podium on both.
      await tv.page.locator('.show-tools .button-danger-outline').click();
      await tv.page.locator('dialog[open] .button-danger').click();
      await tv.page.locator('#podium-title').waitFor();
      await check('TV podium', tv.page);
      await phone.page.locator('#phone-end-title').waitFor();
      await check('phone podium', phone.page);

      expect(found).toEqual({});
    },
    LONG,
  );
});

describe('nobody is lost', () => {
  /** The server started again on the same database and port, stopped after the file. */
  let restarted: RunningServer | null = null;
  afterAll(async () => {
    await restarted?.stop();
  });

  /** Connections cut by a restart or going offline are seen in the console; nothing else is. */
  const dropped: ExpectedNoise = { console: [/Failed to load resource|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION/] };

  test(
    'a phone reloaded, a phone offline for 10 s, the TV reloaded and the server restarted: the show goes on',
    async () => {
      const tv = await openTv();
      const code = await openRoom(tv.page, suite.server.baseUrl);
      const cam = await openPhone();
      await joinAsGuest(cam.page, suite.server.baseUrl, code, { name: 'Cam', ageGroup: 'Adults (18 and over)' });
      const dao = await openPhone();
      await joinAsGuest(dao.page, suite.server.baseUrl, code, { name: 'Đào', ageGroup: 'Adults (18 and over)' });
      await tv.page.getByRole('button', { name: 'Start the show' }).click();
      await phoneQuestion(cam.page, 0);

      // Cam answers, reloads: the same player, the answer still locked, another tap changes nothing.
      const correct = rightAnswer(suite.server.dbPath, code, 0);
      await phoneAnswers(cam.page).nth(correct).tap();
      await cam.page.getByText(`Answer locked in: ${'ABCD'[correct]}`).waitFor();
      await cam.page.reload();
      await phoneQuestion(cam.page, 0);
      await expect(phoneAnswers(cam.page).nth(correct).getAttribute('aria-pressed')).resolves.toBe('true');
      await cam.page.getByText(`Answer locked in: ${'ABCD'[correct]}`).waitFor();
      await phoneAnswers(cam.page)
        .nth((correct + 2) % 4)
        .tap({ force: true });
      expect(answersOf(suite.server.dbPath, code, 'Cam', 0)).toEqual([correct]);
      await tv.page.getByRole('heading', { name: '1 of 2 have answered' }).waitFor();

      // Đào's phone loses its network for 10 s: it says so, and comes back in the show.
      await dao.context.setOffline(true);
      await connectionOf(dao.page).getByText('No connection').waitFor();
      await dao.page.waitForTimeout(10_000);
      await dao.context.setOffline(false);
      await connectionOf(dao.page).getByText('Connected').waitFor({ timeout: 30_000 });
      await phoneAnswers(dao.page).nth(correct).tap();
      await tv.page.getByRole('button', { name: 'Next question' }).waitFor();
      await dao.page.getByText('Right!').waitFor();

      // The TV reloads: the show resumes where it was.
      await tv.page.reload();
      await tv.page.getByRole('button', { name: 'Next question' }).waitFor();
      await tvNext(tv.page);
      await tvQuestion(tv.page, 1);
      const question = await tv.page.locator('#show-question-text').innerText();

      // The server stops (as in a deploy) and starts again on the same database: the show resumes.
      const { dir, port } = suite.server;
      await suite.server.stop();
      await connectionOf(cam.page).getByText('Reconnecting…').waitFor({ timeout: 30_000 });
      await connectionOf(tv.page).getByText('Reconnecting…').waitFor({ timeout: 30_000 });
      restarted = await startServer({ dir, port });
      for (const page of [tv.page, cam.page, dao.page]) {
        await connectionOf(page).getByText('Connected').waitFor({ timeout: 40_000 });
      }
      await expect(tv.page.locator('#show-question-text').innerText()).resolves.toBe(question);
      await answerAll(
        [
          { page: cam.page, right: true },
          { page: dao.page, right: false },
        ],
        code,
        1,
      );
      await tv.page.getByRole('button', { name: 'Next question' }).waitFor();
      await cam.page.getByText('Your score: 1,000').waitFor();

      assertNoProblems(tv.problems, dropped);
      assertNoProblems(cam.problems, dropped);
      assertNoProblems(dao.problems, dropped);
    },
    LONG,
  );
});
