import { describe, expect, test } from 'vitest';
import { assertNoProblems } from './support/browser';
import { servedQuestion, withDb } from './support/db';
import { installSpeechStandIn } from './support/speech-stand-in';
import { e2eSuite } from './support/suite';

const suite = e2eSuite();

type PictureRow = { id: number; image_url: string; question_en: string };

const bankPictures = () =>
  withDb(suite.server.dbPath, (db) =>
    db
      .prepare<[], PictureRow>(
        "SELECT id, image_url, question_en FROM questions WHERE age_category = 'Kids' AND image_url LIKE '/uploads/question-images/bank-%'",
      )
      .all(),
  );

describe('the starter bank on a new install', () => {
  test('holds its questions, and its pictures are served as stored images', async () => {
    const count = withDb(suite.server.dbPath, (db) => db.prepare('SELECT count(*) FROM questions').pluck().get());
    expect(count).toBeGreaterThanOrEqual(1800);
    const pictures = bankPictures();
    expect(pictures.length).toBeGreaterThanOrEqual(60);
    // Rendered after start-up: each is there (or waited for) when asked.
    for (const picture of pictures.slice(0, 5)) {
      const response = await fetch(suite.url(picture.image_url));
      expect(response.status, picture.image_url).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(8, 12).toString()).toBe('WEBP');
    }
  });

  test('a child’s game in Maths & Logic shows a picture to answer from', async () => {
    const player = await suite.player(
      { name: 'Mi', age: 7 },
      { setup: (context) => installSpeechStandIn(context, {}) },
    );
    const { page, profileId } = player;
    const pictured = new Set(bankPictures().map((p) => p.id));
    let seen: { src: string; alt: string; width: number } | null = null;
    // A few games at most: about a quarter of the Kids questions in Maths & Logic have a picture.
    for (let game = 0; game < 4 && !seen; game++) {
      await page.goto(suite.url('/pre-game'));
      await page.getByRole('combobox').selectOption({ label: 'Maths & Logic' });
      await page.getByRole('button', { name: 'Start New Game' }).click();
      await page.waitForURL(suite.url('/game'));
      for (let position = 0; position < 15 && !seen; position++) {
        await page.getByText(`Question ${position + 1} of 15`, { exact: true }).waitFor();
        const served = servedQuestion(suite.server.dbPath, profileId, position);
        if (pictured.has(served.questionId)) {
          const image = page.locator('img.question-image');
          await image.waitFor();
          await page.waitForFunction(
            () => (document.querySelector('img.question-image') as HTMLImageElement)?.complete,
          );
          seen = await image.evaluate((img: HTMLImageElement) => ({
            src: new URL(img.src).pathname,
            alt: img.alt,
            width: img.naturalWidth,
          }));
          break;
        }
        await page.locator('.answers button.answer').nth(served.correctShownIndex).click();
        await page.locator('.answers button.answer[data-state="correct"]').waitFor();
        if (position < 14) await page.getByText(`Question ${position + 2} of 15`, { exact: true }).waitFor();
      }
    }
    expect(seen).not.toBeNull();
    expect(seen?.src).toMatch(/^\/uploads\/question-images\/bank-[0-9a-f]{16}\.webp$/);
    expect(seen?.alt).toBe('Picture for this question');
    expect(seen?.width).toBeGreaterThan(100);
    assertNoProblems(player.problems);
  });
});
