import { z } from 'zod';
import { AGE_CATEGORIES } from '../age';
import { cleanText, foldForSearch } from '../text';

/** Spec §9: the admin question list's page size. */
export const ADMIN_PAGE_SIZE = 50;
export const QUESTION_TEXT_MAX = 500;
export const ANSWER_TEXT_MAX = 200;
export const CATEGORY_NAME_MAX = 60;
export const SEARCH_MAX = 100;
/** Shorter searches cannot use the trigram index the search runs on (three characters a trigram). */
export const SEARCH_MIN_CHARS = 3;

/** Messages are i18n keys of the `errors` namespace; the English ones quote spec §5 and §8. */
export const questionMessages = {
  required: 'errors:question.required', // 'Please fill out all question text fields and select a category.'
  answersRequired: 'errors:question.answersRequired',
  answersDistinct: 'errors:question.answersDistinct',
  tooLong: 'errors:question.tooLong',
  invalid: 'errors:question.invalid',
} as const;

const text = (max: number) =>
  z
    .string(questionMessages.required)
    .transform(cleanText)
    .pipe(z.string().min(1, questionMessages.required).max(max, questionMessages.tooLong));

const answers = z
  .array(z.string(questionMessages.answersRequired).transform(cleanText), questionMessages.answersRequired)
  .length(4, questionMessages.answersRequired)
  .superRefine((list, context) => {
    if (list.some((answer) => answer === '')) {
      context.addIssue({ code: 'custom', message: questionMessages.answersRequired });
    } else if (list.some((answer) => answer.length > ANSWER_TEXT_MAX)) {
      context.addIssue({ code: 'custom', message: questionMessages.tooLong });
    } else if (new Set(list.map(foldForSearch)).size !== list.length) {
      context.addIssue({ code: 'custom', message: questionMessages.answersDistinct });
    }
  });

const localized = z.object({ question: text(QUESTION_TEXT_MAX), answers });

/** Where an uploaded image lives once stored (server/images): only these are accepted as a question's image. */
export const QUESTION_IMAGE_URL =
  /^\/uploads\/question-images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/** A question as the add and edit forms send it (spec §3, §5). */
export const questionInput = z.object({
  categoryId: z.number(questionMessages.required).int(questionMessages.required).positive(questionMessages.required),
  ageCategory: z.enum(AGE_CATEGORIES, questionMessages.invalid),
  difficulty: z
    .number(questionMessages.invalid)
    .int(questionMessages.invalid)
    .min(1, questionMessages.invalid)
    .max(3, questionMessages.invalid),
  /** Chosen with the English radio buttons; the Vietnamese answers share it (spec §5). */
  correctAnswerIndex: z
    .number(questionMessages.invalid)
    .int(questionMessages.invalid)
    .min(0, questionMessages.invalid)
    .max(3, questionMessages.invalid),
  en: localized,
  vi: localized,
  imageUrl: z.string().regex(QUESTION_IMAGE_URL, questionMessages.invalid).nullable(),
});
export type QuestionInput = z.input<typeof questionInput>;

export const questionIdInput = z.object({ questionId: z.number().int().positive() });
export const updateQuestionInput = questionIdInput.extend({ question: questionInput });

/**
 * The list's position: after this sort key (the English text, or a figure of play) and id (keyset
 * paging, every question once).
 */
export const listCursor = z.object({
  key: z.union([z.string().max(QUESTION_TEXT_MAX), z.number()]),
  id: z.number().int().positive(),
});
export type ListCursor = z.infer<typeof listCursor>;

/**
 * What Manage Questions lists: every question by its English text (spec §7), the questions played
 * most, answered right most or least often (by players of their age group, once judged:
 * shared/play-stats.ts), or those needing a look (play contradicts their difficulty, or reported).
 */
export const QUESTION_VIEWS = ['byText', 'mostPlayed', 'mostRight', 'leastRight', 'needsLook'] as const;
export type QuestionView = (typeof QUESTION_VIEWS)[number];
/** The most a "needs a look" list shows at once: enough work for a sitting; what is mended leaves it. */
export const NEEDS_LOOK_LIMIT = 200;

export const listQuestionsInput = z.object({
  categoryId: z.number().int().positive().nullable().default(null),
  search: z.string().max(SEARCH_MAX).transform(cleanText).default(''),
  view: z.enum(QUESTION_VIEWS).default('byText'),
  cursor: listCursor.nullable().default(null),
});

/** The list's total for the same filter, search and view (no cursor: every page together). */
export const countQuestionsInput = listQuestionsInput.omit({ cursor: true });
/** Manage Questions counts its total this far, and says "more than" beyond. */
export const COUNT_LIMIT = 10_000;
/** A search's matches are counted when there are at most this many (server/services/admin-questions.ts). */
export const SEARCH_COUNT_LIMIT = 100;

/** The most questions moved in one step (a selection made page by page, 50 a page). */
export const MOVE_MAX = 1000;

/** Moving selected questions to another category, in one step (to empty a category, say). */
export const moveQuestionsInput = z.object({
  questionIds: z.array(z.number().int().positive()).min(1).max(MOVE_MAX),
  categoryId: z.number().int().positive(),
});

/** Retagging a question's difficulty in one click (from what play says of it). */
export const retagInput = questionIdInput.extend({
  difficulty: z.number().int().min(1).max(3),
});

export const categoryMessages = {
  required: 'errors:category.namesRequired', // 'Both English and Vietnamese names are required.'
  requiredForUpdate: 'errors:category.namesRequiredForUpdate', // '... required for an update.'
  tooLong: 'errors:category.nameTooLong',
} as const;

const categoryName = (required: string) =>
  z
    .string(required)
    .transform(cleanText)
    .pipe(z.string().min(1, required).max(CATEGORY_NAME_MAX, categoryMessages.tooLong));

export const createCategoryInput = z.object({
  nameEn: categoryName(categoryMessages.required),
  nameVi: categoryName(categoryMessages.required),
});
export const updateCategoryInput = z.object({
  categoryId: z.number().int().positive(),
  nameEn: categoryName(categoryMessages.requiredForUpdate),
  nameVi: categoryName(categoryMessages.requiredForUpdate),
});
export const categoryIdInput = z.object({ categoryId: z.number().int().positive() });
