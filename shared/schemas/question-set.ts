import { z } from 'zod';
import { AGE_CATEGORIES, type AgeCategory } from '../age';
import { DIFFICULTIES, type Difficulty } from '../game-status';
import { cleanText } from '../text';
import { createCategoryInput, type QuestionInput, questionInput } from './admin';

/** Spec §9: 1 to 20 questions a generation, 5 by default; Kids by default. */
export const GENERATE_MIN = 1;
export const GENERATE_MAX = 20;
export const GENERATE_DEFAULT = 5;
export const DEFAULT_AGE_CATEGORY: AgeCategory = 'Kids';
export const CUSTOM_PROMPT_MAX = 1000;
/** An imported file: at most this big and this many questions. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
/**
 * A zip (an export with its pictures): at most this big uploaded, this many entries, and this
 * many bytes once unpacked (a zip bomb is refused before anything is inflated, and stopped if its
 * sizes lie).
 */
export const IMPORT_ZIP_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_ZIP_MAX_ENTRIES = 1001;
export const IMPORT_ZIP_MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
/**
 * The most pictures one zip may store: each is decoded, and re-encoded unless it is one of our own
 * WebPs. Room for the starter bank's 70 and well over a hundred of an install's own; a larger
 * collection is exported and imported a category at a time.
 */
export const IMPORT_ZIP_MAX_PICTURES = 200;
/** The question file inside an export's zip, and the folder of its pictures. */
export const ZIP_QUESTIONS_FILE = 'questions.csv';
export const ZIP_PICTURES_FOLDER = 'images';

/** An imported file's age_category: one of AGE_CATEGORIES, or its Vietnamese name. */
export const AGE_CATEGORY_WORDS: Record<string, AgeCategory> = {
  'Thiếu nhi': 'Kids',
  'Thiếu niên': 'Teenagers',
  'Người lớn': 'Adults',
};
/** An imported file's difficulty: 1, 2 or 3, or one of these words. */
export const DIFFICULTY_WORDS: Record<string, Difficulty> = {
  easy: 1,
  medium: 2,
  hard: 3,
  dễ: 1,
  vừa: 2,
  khó: 3,
};
/** A CSV's correct_answer: a letter, or the answer's number (1 to 4). */
export const CORRECT_ANSWER_LETTERS = ['A', 'B', 'C', 'D'] as const;

/** The accepted values of an imported file's columns, as the import page and the README list them. */
export const acceptedFileValues = () => ({
  ages: [...AGE_CATEGORIES, ...Object.keys(AGE_CATEGORY_WORDS)].join(', '),
  difficulties: [...DIFFICULTIES, ...Object.keys(DIFFICULTY_WORDS)].join(', '),
  answers: [...CORRECT_ANSWER_LETTERS, 1, 2, 3, 4].join(', '),
});

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
  questions: z.array(generatedQuestionSchema.extend({ difficulty: z.literal(DIFFICULTIES) })),
});

const messageParams = z.record(z.string(), z.union([z.string(), z.number()]));

/** A line of an imported file that was left out, and why (an i18n key with its values). */
export const fileProblemSchema = z.object({ line: z.number(), message: z.string(), params: messageParams.optional() });
export type FileProblem = z.infer<typeof fileProblemSchema>;

/** A category an imported file names that does not exist yet: created with the save, if the admin agrees. */
export const newCategorySchema = z.object({ name_en: z.string(), name_vi: z.string() });
export type NewCategory = z.infer<typeof newCategorySchema>;

/** A question of a set (generated or imported) with where it goes: what the review shows and the save takes. */
export const setQuestionSchema = generatedQuestionSchema.extend({
  correctAnswerIndex: z.number(),
  /** 0 while its category is a new one (`newCategory`). */
  categoryId: z.number(),
  ageCategory: z.enum(AGE_CATEGORIES),
  difficulty: z.number(),
  /** An imported picture, stored already (from a zip). */
  imageUrl: z.string().nullish(),
  /** An imported question's line in its file. */
  line: z.number().optional(),
  newCategory: newCategorySchema.optional(),
});
export type SetQuestion = z.infer<typeof setQuestionSchema>;

/** POST /api/admin/question-sets/import's answer: the file's set to review. */
export const importReply = z.object({
  questions: z.array(setQuestionSchema),
  problems: z.array(fileProblemSchema),
  newCategories: z.array(newCategorySchema),
});
/** POST /api/admin/question-sets' answer. */
export const saveSetReply = z.object({ saved: z.number() });
/** A REST refusal of the question-set routes: its i18n key and values, when it has them. */
export const questionSetRefusal = z.object({ key: z.string().optional(), params: messageParams.optional() });

/** A set question as the add-question form's input: the one set of rules (shared/schemas/admin.ts) judges both. */
export function toQuestionInput(question: SetQuestion): QuestionInput {
  return {
    categoryId: question.categoryId,
    ageCategory: question.ageCategory,
    difficulty: question.difficulty,
    correctAnswerIndex: question.correctAnswerIndex,
    en: { question: question.question_en, answers: question.answers_en },
    vi: { question: question.question_vi, answers: question.answers_vi },
    imageUrl: question.imageUrl ?? null,
  };
}

/** A question to save: the form's input, or with a new category's names (categoryId 0) created with it. */
export type SaveQuestion = z.output<typeof questionInput> & { newCategory?: z.output<typeof createCategoryInput> };

/** A question of a set with no text, and every other field at its widest: what a save adds to a question's texts. */
const WIDEST_TEXTLESS_QUESTION: SetQuestion = {
  question_en: '',
  question_vi: '',
  answers_en: ['', '', '', ''],
  answers_vi: ['', '', '', ''],
  correctAnswerIndex: 3,
  categoryId: Number.MAX_SAFE_INTEGER,
  ageCategory: 'Teenagers',
  difficulty: 3,
  imageUrl: '/uploads/question-images/00000000-0000-0000-0000-000000000000.webp',
  line: IMPORT_MAX_BYTES,
  newCategory: { name_en: '', name_vi: '' },
};

/**
 * The most a reviewed set's save (POST /api/admin/question-sets) weighs. Its texts come from one
 * imported file, at most IMPORT_MAX_BYTES (a generation's 20 questions weigh far less), and each of
 * its questions (IMPORT_MAX_ROWS at most) adds the fields' names and values around them. The
 * schema's own maxima would allow more (5,000 questions of 2,600 characters, up to 3 bytes each),
 * but no review can hold it: no file that big is read.
 */
export const SAVE_SET_MAX_BYTES =
  IMPORT_MAX_BYTES + IMPORT_MAX_ROWS * (JSON.stringify(WIDEST_TEXTLESS_QUESTION).length + 1) + 1024;

/**
 * Spec §4 Save: the selected questions, in one transaction, under the id their review gave the set
 * (idempotent). A question may carry a new category's names instead of a category (an import's,
 * once the admin agreed to create it).
 */
export const saveQuestionSetInput = z.object({
  setId: z.uuid(),
  questions: z
    .array(
      z.unknown().transform((value, context): SaveQuestion => {
        const question = typeof value === 'object' && value !== null ? (value as SetQuestion) : null;
        const names = question?.newCategory
          ? createCategoryInput.safeParse({
              nameEn: question.newCategory.name_en,
              nameVi: question.newCategory.name_vi,
            })
          : null;
        // A new category's question is judged as if its category existed.
        const parsed = questionInput.safeParse(
          question ? toQuestionInput(names ? { ...question, categoryId: 1 } : question) : value,
        );
        const issues = [...(parsed.error?.issues ?? []), ...(names?.error?.issues ?? [])];
        if (!parsed.success || (names && !names.success)) {
          for (const issue of issues) context.addIssue({ code: 'custom', message: issue.message });
          return z.NEVER;
        }
        return names?.success ? { ...parsed.data, categoryId: 0, newCategory: names.data } : parsed.data;
      }),
    )
    .min(1, questionSetMessages.noneSelected)
    .max(IMPORT_MAX_ROWS, 'errors:questionSet.tooMany'),
});
