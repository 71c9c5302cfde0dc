import type { Page } from 'playwright-core';
import { withDb } from './db';

/**
 * A family show driven through its screens: the TV at /show and phones at /join. Selectors are
 * the screens' English names unless a phone is in Vietnamese (its own words then).
 */

/** On the TV at /show: the settings (5 questions), then Open the room; the room code shown. */
export async function openRoom(tv: Page, baseUrl: string): Promise<string> {
  await tv.goto(`${baseUrl}/show`);
  await tv.getByRole('radio', { name: '5 questions', exact: true }).check();
  await tv.getByRole('button', { name: 'Open the room' }).click();
  const code = tv.locator('.room-code');
  await code.waitFor();
  return (await code.getAttribute('data-code')) as string;
}

export type Guest = { name: string; ageGroup: string };

const WORDS = {
  en: { continue: 'Continue', name: 'Your name', join: 'Join the show', waiting: /^You're in/ },
  vi: { continue: 'Tiếp tục', name: 'Tên của bạn', join: 'Vào chơi', waiting: /^Bạn đã vào phòng/ },
} as const;

/** A phone opens the join link (its code filled in), and joins as a guest; it waits in the show. */
export async function joinAsGuest(phone: Page, baseUrl: string, code: string, guest: Guest, lang: 'en' | 'vi' = 'en') {
  const words = WORDS[lang];
  await phone.goto(`${baseUrl}/join?code=${code}`);
  await phone.getByRole('button', { name: words.continue }).click();
  await phone.getByLabel(words.name).fill(guest.name);
  await phone.getByRole('radio', { name: guest.ageGroup }).check();
  await phone.getByRole('button', { name: words.join, exact: true }).click();
  await phone.getByRole('heading', { name: words.waiting }).waitFor();
}

/** The show's id and the right answer (its shown index) of question `position`, from the database. */
export function rightAnswer(dbPath: string, code: string, position: number): number {
  return withDb(dbPath, (db) => {
    const row = db
      .prepare<[string, number], { correct_index: number }>(
        `SELECT q.correct_index FROM show_questions q JOIN shows s ON s.id = q.show_id
         WHERE s.code = ? AND q.position = ?`,
      )
      .get(code, position);
    if (!row) throw new Error(`no question ${position} in show ${code}`);
    return row.correct_index;
  });
}

/** The answers recorded for a player (by name) to question `position` of the show. */
export function answersOf(dbPath: string, code: string, name: string, position: number): number[] {
  return withDb(dbPath, (db) =>
    db
      .prepare<[string, string, number], { answer_index: number }>(
        `SELECT a.answer_index FROM show_answers a
         JOIN show_players p ON p.id = a.player_id JOIN shows s ON s.id = a.show_id
         WHERE s.code = ? AND p.name = ? AND a.position = ?`,
      )
      .all(code, name, position)
      .map((row) => row.answer_index),
  );
}

/** A phone's four answer buttons on the question on screen. */
export const phoneAnswers = (phone: Page) => phone.locator('.phone-answers .answer');

/** Waits for question `position` (0-based) on a phone, with its four answers. */
export async function phoneQuestion(phone: Page, position: number, total = 5, lang: 'en' | 'vi' = 'en') {
  const label = lang === 'vi' ? `Câu ${position + 1} / ${total}` : `Question ${position + 1} of ${total}`;
  await phone.getByText(label).waitFor();
  await phoneAnswers(phone).nth(3).waitFor();
}

/** Waits for question `position` on the TV (its number in the header). */
export async function tvQuestion(tv: Page, position: number, total = 5) {
  await tv.getByText(`Question ${position + 1} of ${total}`).waitFor();
  await tv.locator('#show-question-text').waitFor();
}

/** The TV's Next (See the winners after the last question), once the reveal is on screen. */
export async function tvNext(tv: Page, last = false) {
  await tv.getByRole('button', { name: last ? 'See the winners' : 'Next question' }).click();
}

/** The connection a screen shows in its header. */
export const connectionOf = (page: Page) => page.locator('.connection-status');
