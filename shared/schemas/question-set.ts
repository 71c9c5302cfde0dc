import { z } from 'zod';
import { AGE_CATEGORIES, type AgeCategory } from '../age';
import { cleanText } from '../text';
import { type QuestionInput, questionInput } from './admin';

/** Spec §9: 1 to 20 questions a generation, 5 by default; Kids by default. */
export const GENERATE_MIN = 1;
export const GENERATE_MAX = 20;
export const GENERATE_DEFAULT = 5;
export const DEFAULT_AGE_CATEGORY: AgeCategory = 'Kids';
export const CUSTOM_PROMPT_MAX = 1000;
/** An imported file: at most this big and this many questions. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;

export const questionSetMessages = {
  invalidRequest: 'errors:questionSet.invalidRequest', // 'Please select a category and specify a valid number of questions.'
  noneSelected: 'errors:questionSet.noneSelected', // 'No questions selected to save.'
  noCategory: 'errors:questionSet.noCategory', // 'A category must be selected to save questions.'
} as const;

/** Spec §7 POST /api/generate-questions: customPrompt is omitted when blank. */
export const generateInput = z.object({
  categoryId: z.number(questionSetMessages.invalidRequest).int().positive(questionSetMessages.invalidRequest),
  numQuestions: z
    .number(questionSetMessages.invalidRequest)
    .int(questionSetMessages.invalidRequest)
    .min(GENERATE_MIN, questionSetMessages.invalidRequest)
    .max(GENERATE_MAX, questionSetMessages.invalidRequest),
  ageCategory: z.enum(AGE_CATEGORIES, questionSetMessages.invalidRequest).default(DEFAULT_AGE_CATEGORY),
  customPrompt: z
    .string()
    .max(CUSTOM_PROMPT_MAX)
    .transform(cleanText)
    .optional()
    .transform((prompt) => (prompt ? prompt : undefined)),
});
export type GenerateInput = z.output<typeof generateInput>;

/**
 * Spec §3, a generated question, exactly as POST /api/generate-questions gives it; with its
 * difficulty, what the AI service is asked for (server/ai/question-generator.ts sends this schema
 * as the structured output's JSON schema).
 */
export const generatedQuestionSchema = z.object({
  question_en: z.string(),
  question_vi: z.string(),
  answers_en: z.array(z.string()),
  answers_vi: z.array(z.string()),
  correctAnswerIndex: z.literal([0, 1, 2, 3]),
});
export type GeneratedQuestion = z.infer<typeof generatedQuestionSchema>;
export const generatedSetSchema = z.object({
  questions: z.array(generatedQuestionSchema.extend({ difficulty: z.literal([1, 2, 3]) })),
});

/** A line of an imported file that was left out, and why (an i18n key with its values). */
export type FileProblem = { line: number; message: string; params?: Record<string, string | number> };

/** A question of a set (generated or imported) with where it goes: what the review shows and the save takes. */
export type SetQuestion = Omit<GeneratedQuestion, 'correctAnswerIndex'> & {
  correctAnswerIndex: number;
  categoryId: number;
  ageCategory: AgeCategory;
  difficulty: number;
};

/** A set question as the add-question form's input: the one set of rules (shared/schemas/admin.ts) judges both. */
export function toQuestionInput(question: SetQuestion): QuestionInput {
  return {
    categoryId: question.categoryId,
    ageCategory: question.ageCategory,
    difficulty: question.difficulty,
    correctAnswerIndex: question.correctAnswerIndex,
    en: { question: question.question_en, answers: question.answers_en },
    vi: { question: question.question_vi, answers: question.answers_vi },
    imageUrl: null,
  };
}

/** Spec §4 Save: the selected questions, in one transaction, under the id their review gave the set (idempotent). */
export const saveQuestionSetInput = z.object({
  setId: z.uuid(),
  questions: z
    .array(
      z.unknown().transform((value, context) => {
        const parsed = questionInput.safeParse(
          typeof value === 'object' && value !== null ? toQuestionInput(value as SetQuestion) : value,
        );
        if (!parsed.success) {
          for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message });
          return z.NEVER;
        }
        return parsed.data;
      }),
    )
    .min(1, questionSetMessages.noneSelected)
    .max(IMPORT_MAX_ROWS, 'errors:questionSet.tooMany'),
});
