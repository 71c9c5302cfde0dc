import { type Config, DEFAULT_AI_MODEL } from '../env';
import type { QuestionGenerator } from './question-generator';

type AiSettings = Partial<Pick<Config, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL'>>;

/**
 * The AI question-set generator when a service is configured (by its key, its address, or both),
 * else null. The `openai` SDK is loaded with the first request: only admins ever use it.
 */
export function configuredGenerator(settings: AiSettings, timeoutMs?: number): QuestionGenerator | null {
  if (!settings.OPENAI_API_KEY && !settings.OPENAI_BASE_URL) return null;
  let loaded: Promise<QuestionGenerator> | null = null;
  return {
    async generate(request) {
      loaded ??= import('./question-generator').then(({ createQuestionGenerator }) =>
        createQuestionGenerator({
          apiKey: settings.OPENAI_API_KEY,
          baseURL: settings.OPENAI_BASE_URL,
          model: settings.OPENAI_MODEL ?? DEFAULT_AI_MODEL,
          timeoutMs,
        }),
      );
      return (await loaded).generate(request);
    },
  };
}
