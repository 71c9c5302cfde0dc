import { z } from 'zod';
import { QUESTIONS_PER_GAME } from '../ladder';
import { REPORT_NOTE_MAX, REPORT_REASONS } from '../reports';
import { cleanText } from '../text';

// The constants live in a module without zod, so that the game screen's code does not bring zod.
export { REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason } from '../reports';

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
