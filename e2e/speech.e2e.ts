import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeAiService } from '../server/test/fake-ai-service';
import { assertNoProblems } from './support/browser';
import { servedQuestion } from './support/db';
import { ENGLISH_VOICE, installSpeechStandIn } from './support/speech-stand-in';
import { type E2eSuite, e2eSuite } from './support/suite';

/**
 * A Vietnamese game in a browser with no Vietnamese voice (Chrome on Windows or Linux without
 * the language pack, many TVs): the server speaks it, from the first question to the end screen.
 * Once with an OpenAI-compatible speech service (a local stub answering real MP3), once with
 * espeak-ng on the host (installed by .ci/run).
 */

let ai: Awaited<ReturnType<typeof startFakeAiService>>;
beforeAll(async () => {
  ai = await startFakeAiService();
});
afterAll(async () => {
  await ai?.close();
});

const withService = e2eSuite(() => ({ env: { SPEECH_BASE_URL: ai.baseURL, ESPEAK_NG: 'off' } }));
const withEspeak = e2eSuite();

/** Records what the page's audio elements were asked to play, whether they started, and whether they played to the end. */
const recordPlayback = `(() => {
  window.__played = [];
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    const entry = { src: this.src, started: false, ended: false, duration: null, error: null, mediaError: null };
    window.__played.push(entry);
    this.addEventListener('ended', () => { entry.ended = true; entry.duration = this.duration; }, { once: true });
    this.addEventListener('error', () => { entry.mediaError = this.error && this.error.code; }, { once: true });
    const result = play.call(this);
    result.then(() => { entry.started = true; }, (error) => { entry.error = String(error); });
    return result;
  };
})();`;

/** A browser that plays no Ogg Opus (Safari): it says so when asked. */
const withoutOpus = `(() => {
  const canPlayType = HTMLMediaElement.prototype.canPlayType;
  HTMLMediaElement.prototype.canPlayType = function (type) {
    return /ogg|opus/i.test(type) ? '' : canPlayType.call(this, type);
  };
})();`;

type Played = {
  src: string;
  started: boolean;
  ended: boolean;
  duration: number | null;
  /** play() refused (a line cut short by the next one is, with AbortError). */
  error: string | null;
  /** The browser could not play the clip (MediaError's code). */
  mediaError: number | null;
};

type Browser = {
  /** An init script for the page: a browser that plays no Opus, say. */
  script?: string;
  /** Answers in place of the server's: a clip the browser cannot play, say. */
  route?: (page: Page) => Promise<unknown>;
};

async function playVietnameseGame(suite: E2eSuite, expectedType: string, browser: Browser = {}) {
  const { page, problems, profileId } = await suite.player(
    { name: 'Bé Na', age: 8 },
    {
      locale: 'vi-VN',
      setup: async (context) => {
        await installSpeechStandIn(context, { voices: [ENGLISH_VOICE] });
        await context.addInitScript(recordPlayback);
        if (browser.script) await context.addInitScript(browser.script);
      },
    },
  );
  await browser.route?.(page);
  const heard: { line: string; status: number; type: string }[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    // (299: a clip made unplayable by the test's route, below.)
    if (url.pathname === '/api/speech' && response.status() !== 299) {
      heard.push({
        line: url.searchParams.get('line') ?? '',
        status: response.status(),
        type: response.headers()['content-type'] ?? '',
      });
    }
  });
  // The end comes after the 2-s feedback.
  const heardLine = (line: string) =>
    expect.poll(() => heard.filter((h) => h.line === line).length, { timeout: 10_000 }).toBeGreaterThan(0);

  await page.goto(suite.url('/pre-game'));
  await page.getByRole('button', { name: 'Bắt đầu lượt chơi mới' }).click();
  await page.getByText('Câu 1 / 15', { exact: true }).waitFor();
  await heardLine('question');

  // Right, then wrong: a result each, then the end.
  const first = servedQuestion(suite.server.dbPath, profileId, 0);
  await page.locator('.answers button.answer').nth(first.correctShownIndex).click();
  await heardLine('result');
  await page.getByText('Câu 2 / 15', { exact: true }).waitFor();
  await expect.poll(() => heard.filter((h) => h.line === 'question').length, { timeout: 10_000 }).toBeGreaterThan(1);
  const second = servedQuestion(suite.server.dbPath, profileId, 1);
  await page
    .locator('.answers button.answer')
    .nth((second.correctShownIndex + 1) % 4)
    .click();
  await heardLine('end');

  for (const h of heard) expect(h, h.line).toMatchObject({ status: 200, type: expectedType });
  // Played to its end, not only fetched: the end line, heard last, is not cut short by anything.
  const playedNow = () => page.evaluate(() => (window as unknown as { __played: Played[] }).__played);
  await expect.poll(async () => (await playedNow()).at(-1)?.ended, { timeout: 20_000 }).toBe(true);
  const played = await playedNow();
  expect(played.length).toBeGreaterThanOrEqual(4);
  expect(played.every((p) => p.src.startsWith('blob:'))).toBe(true);
  if (!browser.route) expect(played.map((p) => p.mediaError)).toEqual(played.map(() => null));
  // "Trò chơi kết thúc. …": a few seconds of espeak-ng's speech, as long as it was spoken (the
  // stub service's MP3 is half a second of silence).
  expect(played.at(-1)?.duration).toBeGreaterThan(expectedType === 'audio/mpeg' ? 0.4 : 2);
  // No Vietnamese went to the English voice; no "no voice" note.
  const spoken = await page.evaluate(() => (window as unknown as { __spoken: { lang: string }[] }).__spoken);
  expect(spoken.filter((u) => u.lang.startsWith('vi'))).toEqual([]);
  expect(await page.locator('.speech-note').count()).toBe(0);
  assertNoProblems(problems);
  return page;
}

describe('a Vietnamese game where the browser has no Vietnamese voice', () => {
  test('is read by the configured speech service (MP3), question, result and end', async () => {
    await playVietnameseGame(withService, 'audio/mpeg');
    const inputs = ai.speechRequests.map((r) => r.input);
    expect(inputs[0]).toMatch(/^Câu số 1, trị giá 100\. /);
    expect(inputs.some((input) => input.startsWith('Trò chơi kết thúc.'))).toBe(true);
  });

  test('is read by espeak-ng when no service is configured (Ogg Opus)', async () => {
    await playVietnameseGame(withEspeak, 'audio/ogg');
  });

  test('is read by espeak-ng as WAV where the browser plays no Opus (Safari)', async () => {
    await playVietnameseGame(withEspeak, 'audio/wav', { script: withoutOpus });
  });

  test('falls back to WAV when a browser that claims Opus cannot play a clip', async () => {
    let broken = 0;
    const page = await playVietnameseGame(withEspeak, 'audio/wav', {
      // The first Ogg clip arrives unplayable; the page asks for it again as WAV, and for every line after.
      route: (page) =>
        page.route(
          (url) => url.pathname === '/api/speech' && !url.searchParams.has('format'),
          (route) => {
            broken++;
            return route.fulfill({
              status: 299,
              contentType: 'audio/ogg',
              body: Buffer.from('OggS but nothing playable'),
            });
          },
        ),
    });
    expect(broken).toBeGreaterThan(0);
    await page.close();
  });
});

describe('a browser with no speech voices at all (Linux Chromium without speech-dispatcher, many TVs)', () => {
  test('hears an English game from the server, from the first question to the end', async () => {
    // No stand-in: this Chromium's own speechSynthesis, which lists no voice and fails every utterance.
    const { page, problems, profileId } = await withEspeak.player(
      { name: 'Minh', age: 10 },
      {
        locale: 'en-US',
        setup: async (context) => {
          await context.addInitScript(recordPlayback);
        },
      },
    );
    expect(await page.evaluate(() => speechSynthesis.getVoices().length)).toBe(0);
    const heard: { line: string; status: number }[] = [];
    page.on('response', (response: Response) => {
      const url = new URL(response.url());
      if (url.pathname === '/api/speech')
        heard.push({ line: url.searchParams.get('line') ?? '', status: response.status() });
    });
    const heardLine = (line: string, times = 1) =>
      expect
        .poll(() => heard.filter((h) => h.line === line && h.status === 200).length, { timeout: 15_000 })
        .toBeGreaterThanOrEqual(times);

    await page.goto(withEspeak.url('/pre-game'));
    await page.getByRole('button', { name: 'Start New Game' }).click();
    await page.getByText('Question 1 of 15', { exact: true }).waitFor();
    await heardLine('question');
    const first = servedQuestion(withEspeak.server.dbPath, profileId, 0);
    await page.locator('.answers button.answer').nth(first.correctShownIndex).click();
    await heardLine('result');
    await page.getByText('Question 2 of 15', { exact: true }).waitFor();
    await heardLine('question', 2);
    const second = servedQuestion(withEspeak.server.dbPath, profileId, 1);
    await page
      .locator('.answers button.answer')
      .nth((second.correctShownIndex + 1) % 4)
      .click();
    await heardLine('end');
    const played = await page.evaluate(() => (window as unknown as { __played: { started: boolean }[] }).__played);
    expect(played.filter((p) => p.started).length).toBeGreaterThanOrEqual(3);
    // Heard, so no note says this device has no voice.
    expect(await page.locator('.speech-note').count()).toBe(0);
    assertNoProblems(problems);
  });
});

describe("a family's choice of the game's own voice", () => {
  test('reads an English game with the server even where the browser has an English voice, until unticked', async () => {
    const { page, problems } = await withEspeak.player(
      { name: 'Lan', age: 9 },
      {
        locale: 'en-US',
        setup: async (context) => {
          await installSpeechStandIn(context, { voices: [ENGLISH_VOICE] });
          await context.addInitScript(recordPlayback);
        },
      },
    );
    const heard: string[] = [];
    page.on('response', (response: Response) => {
      const url = new URL(response.url());
      if (url.pathname === '/api/speech' && response.status() === 200) heard.push(url.searchParams.get('line') ?? '');
    });
    // (Starting a game speaks an empty utterance, which unlocks speech on iOS.)
    const spokenByDevice = () =>
      page.evaluate(
        () => (window as unknown as { __spoken: { text: string }[] }).__spoken.filter((u) => u.text).length,
      );

    await page.goto(withEspeak.url('/pre-game'));
    await page.getByRole('button', { name: 'Account' }).click();
    const choice = page.getByRole('checkbox', { name: "Read aloud with the game's own voice" });
    await expect.poll(() => choice.count()).toBe(1);
    await choice.check();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Start New Game' }).click();
    await page.getByText('Question 1 of 15', { exact: true }).waitFor();
    await expect.poll(() => heard.filter((line) => line === 'question').length, { timeout: 10_000 }).toBe(1);
    expect(await spokenByDevice()).toBe(0);

    // Unticked (kept in this browser): "Read again" goes to the device's voice.
    await page.getByRole('button', { name: 'Account' }).click();
    await choice.uncheck();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Read again' }).click();
    await expect.poll(spokenByDevice).toBeGreaterThan(0);
    expect(heard.filter((line) => line === 'question')).toHaveLength(1);
    assertNoProblems(problems);
  });
});
