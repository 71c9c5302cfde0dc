import type { Language } from '#shared/i18n.ts';
import { amountAt } from '#shared/show.ts';
import { questionLine, type SpeechStrings, type Spoken } from '#shared/spoken-lines.ts';
import type { Db } from '../db/database';
import { notFound } from '../errors';
import { hostedShow, showStore } from './store';

/**
 * A line the TV reads aloud, when its device has no voice for the show's language (GET
 * /api/speech?showId=…&line=question&at=…): the question at `at` (by default the one on screen),
 * composed here from the show the server holds, for its host only; a question not yet shown has
 * none (NOT_FOUND errors:speech.noLine), so the speech route tells nothing ahead of the screen.
 */
export function showQuestionLine(
  db: Db,
  userId: string,
  showId: string,
  strings: Record<Language, SpeechStrings>,
  at?: number,
): Spoken {
  const show = hostedShow(db, userId, showId);
  const position = at ?? show.position;
  const shown = show.status !== 'lobby' && position >= 0 && position <= show.position;
  const question = shown ? showStore(db).question.get({ showId, position }) : undefined;
  if (!question) throw notFound('errors:speech.noLine');
  return questionLine(strings[question.lang], question, position, amountAt(show.questionCount, position));
}
