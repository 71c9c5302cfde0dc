import { z } from 'zod';
import { AGE_CATEGORIES } from '../../../shared/age';
import animals from './bank/animals.json' with { type: 'json' };
import artsMusic from './bank/arts-music.json' with { type: 'json' };
import geography from './bank/geography.json' with { type: 'json' };
import history from './bank/history.json' with { type: 'json' };
import mathsLogic from './bank/maths-logic.json' with { type: 'json' };
import science from './bank/science.json' with { type: 'json' };
import sports from './bank/sports.json' with { type: 'json' };
import vietnam from './bank/vietnam.json' with { type: 'json' };

const localized = z.object({ question: z.string().min(1), answers: z.array(z.string().min(1)).length(4) });

/** A bank picture: an SVG drawn for the project, in bank/images/ (rendered like an upload when loaded). */
export const BANK_IMAGE_PATTERN = /^[a-z0-9-]+\.svg$/;

export const bankQuestionSchema = z.object({
  key: z.string().regex(/^[a-z0-9-]+$/),
  ageCategory: z.enum(AGE_CATEGORIES),
  difficulty: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  correctAnswerIndex: z.number().int().min(0).max(3),
  /** About Vietnam or its region (bank/README.md: at least a fifth of each category). */
  aboutVietnam: z.boolean().optional(),
  image: z.string().regex(BANK_IMAGE_PATTERN).optional(),
  en: localized,
  vi: localized,
});

export const bankCategorySchema = z.object({
  category: z.object({
    slug: z.string().regex(/^[a-z0-9-]+$/),
    name_en: z.string().min(1),
    name_vi: z.string().min(1),
  }),
  questions: z.array(bankQuestionSchema),
});

export type BankQuestion = z.infer<typeof bankQuestionSchema>;
export type BankCategory = z.infer<typeof bankCategorySchema>;

/** The starter bank shipped with the app, one file a category (see bank/README.md). */
export const starterBank: BankCategory[] = [
  animals,
  science,
  geography,
  history,
  vietnam,
  sports,
  artsMusic,
  mathsLogic,
].map((file) => bankCategorySchema.parse(file));
