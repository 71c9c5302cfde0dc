import type { GenerateInput } from '../../shared/schemas/question-set';
import { DomainError, invalid } from '../errors';
import { listCategories } from '../services/categories';
import { isKnownQuestion } from '../services/question-sets';
import type { ServerDeps } from '../trpc/context';
import type { GenerationResult } from './question-generator';

/**
 * One AI question set for an admin (tRPC admin.questionSets.generate and POST
 * /api/generate-questions share it): the category must exist, a service must be configured, and
 * each admin may ask a few times a minute.
 */
export async function generateQuestionSet(
  deps: ServerDeps,
  userId: string,
  input: GenerateInput,
): Promise<GenerationResult> {
  if (!deps.generator) throw new DomainError('SERVICE_UNAVAILABLE', 'errors:questionSet.notConfigured');
  const category = listCategories(deps.db).find((c) => c.id === input.categoryId);
  if (!category) throw invalid('errors:category.notFound');
  await deps.limiter.generation(userId);
  return deps.generator.generate({
    category,
    ageCategory: input.ageCategory,
    count: input.numQuestions,
    customPrompt: input.customPrompt,
    isKnown: (folded) => isKnownQuestion(deps.db, category.id, folded),
  });
}
