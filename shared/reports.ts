/** What a player can say is wrong with a question (both languages in the `game` namespace). */
export const REPORT_REASONS = ['wrongAnswer', 'unclear', 'translation', 'notForAge', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_NOTE_MAX = 500;
