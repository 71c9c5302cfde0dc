import type { GenerateInput } from '#shared/schemas/question-set.ts';
import type { ServerDeps } from '../deps';
import { DomainError, invalid } from '../errors';
import { listCategories } from '../services/categories';
import { categoriesHolding } from '../services/question-sets';
import type { GenerationResult } from './question-generator';

/**
 * One AI question set for an admin (tRPC admin.questionSets.generate and POST
 * /api/generate-questions share it, and its limit: rate-limits.ts): the category must exist and a
 * service must be configured.
 */
export async function generateQuestionSet(deps: ServerDeps, input: GenerateInput): Promise<GenerationResult> {
  if (!deps.generator) throw new DomainError('SERVICE_UNAVAILABLE', 'errors:questionSet.notConfigured');
  const category = listCategories(deps.db).find((c) => c.id === input.categoryId);
  if (!category) throw invalid('errors:category.notFound');
  return deps.generator.generate({
    category,
    ageCategory: input.ageCategory,
    count: input.numQuestions,
    customPrompt: input.customPrompt,
    // Already anywhere (in this category or another): a second copy is not a new question.
    isKnown: (folded) => categoriesHolding(deps.db, folded).length > 0,
  });
}
