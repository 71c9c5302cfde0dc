import { z } from 'zod';
import { QUESTIONS_PER_GAME } from '../ladder';
import { cleanText } from '../text';

/** What a player can say is wrong with a question (both languages in the `game` namespace). */
export const REPORT_REASONS = ['wrongAnswer', 'unclear', 'translation', 'notForAge', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_NOTE_MAX = 500;

/** A report names the question by its place in the player's game: question ids never reach players. */
export const reportQuestionInput = z.object({
  gameId: z.uuid(),
  position: z
    .number()
    .int()
    .min(0)
    .max(QUESTIONS_PER_GAME - 1),
  reason: z.enum(REPORT_REASONS, 'errors:report.reasonRequired'),
  note: z.string().max(REPORT_NOTE_MAX, 'errors:report.noteTooLong').transform(cleanText).default(''),
});
