import OpenAI from 'openai';
import { z } from 'zod';
import type { AgeCategory } from '#shared/age.ts';
import { questionInput } from '#shared/schemas/admin.ts';
import {
  type GeneratedQuestion,
  generatedSetSchema,
  type SetQuestion,
  toQuestionInput,
} from '#shared/schemas/question-set.ts';
import { foldForSearch, holdsNul } from '#shared/text.ts';
import { DomainError } from '../errors';

/** A request to the AI service is abandoned after this long (the admin issue). */
export const AI_TIMEOUT_MS = 60_000;
/** Requests for replacements when some generated questions are invalid or duplicates. */
const EXTRA_ROUNDS = 2;
/**
 * The most a reply may weigh as it arrives: a set of GENERATE_MAX questions is ~15 KB, so this is
 * room many times over, and a hostile or broken service sending more is cut off there.
 */
export const MAX_REPLY_BYTES = 256 * 1024;
/** Questions of a reply looked at, at most, beyond those asked for (each is checked against the bank). */
const SPARE_CANDIDATES = 20;

class ReplyTooLarge extends Error {}

/** fetch, with a reply's body cut off (as an error) once more than `limit` bytes have arrived. */
export function cappedFetch(limit: number): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (Number(response.headers.get('content-length')) > limit) {
      await response.body?.cancel();
      throw new ReplyTooLarge();
    }
    if (!response.body) return response;
    let received = 0;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          received += chunk.byteLength;
          if (received > limit) controller.error(new ReplyTooLarge());
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

const isReplyTooLarge = (error: unknown): boolean =>
  error instanceof ReplyTooLarge || (error instanceof Error && error.cause !== error && isReplyTooLarge(error.cause));

export type AiConfig = { apiKey?: string | undefined; baseURL?: string | undefined; model: string; timeoutMs?: number };

export type GenerationRequest = {
  category: { id: number; name_en: string; name_vi: string };
  ageCategory: AgeCategory;
  count: number;
  customPrompt?: string | undefined;
  /** Whether a question (folded English or Vietnamese text) already exists, in any category. */
  isKnown: (foldedText: string) => boolean;
};

export type GenerationResult = {
  questions: SetQuestion[];
  /** Asked for more than could be made valid: how many were asked for. */
  asked: number;
};

export type QuestionGenerator = { generate(request: GenerationRequest): Promise<GenerationResult> };

/**
 * The JSON schema of a set, for services with structured output (OpenAI, Gemini, Ollama, vLLM…),
 * from the same zod schema the rest of the app reads a generated question with.
 */
const { $schema: _draft, ...SET_SCHEMA } = z.toJSONSchema(generatedSetSchema, { target: 'draft-7' });

const AGE_WORDS: Record<AgeCategory, string> = {
  Kids: 'children aged about 6 to 12',
  Teenagers: 'teenagers aged 13 to 17',
  Adults: 'adults',
};

/** What the service is asked (the admin issue: category in both languages, age, count, difficulty spread, custom prompt, natural Vietnamese). */
export function promptFor(
  request: GenerationRequest,
  count: number,
  avoid: string[],
): { system: string; user: string } {
  const system =
    'You write questions for a family quiz game in the style of the TV show "Who Wants to Be a Millionaire", in English and in Vietnamese. ' +
    'Every question has exactly four answers, one of them correct, the others plausible but clearly wrong. Facts must be accurate and unambiguous. ' +
    'Write the Vietnamese as a native speaker would say it, naturally and with correct diacritics, not as a word-for-word translation of the English; ' +
    'the answers must mean the same in both languages and stay in the same order. Answer with JSON only.';
  const lines = [
    `Write ${count} new multiple-choice questions for the category "${request.category.name_en}" (in Vietnamese: "${request.category.name_vi}"), for ${AGE_WORDS[request.ageCategory]}.`,
    "Spread them along the game's ladder from easy to hard: a third easy (difficulty 1), a third medium (2), a third hard (3), easiest first.",
    'Give each one: question_en, question_vi, answers_en (4 strings), answers_vi (4 strings, same order), correctAnswerIndex (0 to 3; vary it), difficulty (1 to 3).',
    'Answer as {"questions": [...]}.',
  ];
  if (request.customPrompt) lines.push(`The admin also asks: ${request.customPrompt}`);
  if (avoid.length > 0)
    lines.push(`Do not repeat any of these questions: ${avoid.map((q) => JSON.stringify(q)).join('; ')}`);
  return { system, user: lines.join('\n') };
}

/**
 * The questions in a reply: the JSON itself (structured output), or the first JSON object or
 * array found in text (services without it wrap JSON in prose or ``` fences).
 */
export function questionsInReply(content: string): unknown[] {
  const attempts = [content, content.replace(/^[\s\S]*?```(?:json)?\s*/i, '').replace(/```[\s\S]*$/, '')];
  const start = content.search(/[[{]/);
  if (start >= 0) attempts.push(content.slice(start, Math.max(content.lastIndexOf('}'), content.lastIndexOf(']')) + 1));
  for (const text of attempts) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (Array.isArray(parsed)) return parsed;
      const list = (parsed as { questions?: unknown } | null)?.questions;
      if (Array.isArray(list)) return list;
    } catch {
      // the next way of reading it
    }
  }
  return [];
}

/** The valid, new questions among `candidates`, in order (the same rules as the add-question form). */
export function validQuestions(
  candidates: unknown[],
  context: { categoryId: number; ageCategory: AgeCategory; isKnown: (folded: string) => boolean; taken: Set<string> },
): SetQuestion[] {
  const valid: SetQuestion[] = [];
  for (const candidate of candidates) {
    if (typeof candidate !== 'object' || candidate === null) continue;
    const raw = candidate as Partial<GeneratedQuestion> & { difficulty?: unknown };
    const difficulty = [1, 2, 3].includes(raw.difficulty as number) ? (raw.difficulty as number) : 2;
    const parsed = questionInput.safeParse(
      toQuestionInput({
        ...(raw as GeneratedQuestion),
        categoryId: context.categoryId,
        ageCategory: context.ageCategory,
        difficulty,
      }),
    );
    if (!parsed.success) continue;
    const keys = [foldForSearch(parsed.data.en.question), foldForSearch(parsed.data.vi.question)];
    if (keys.some((key) => context.taken.has(key) || context.isKnown(key))) continue;
    for (const key of keys) context.taken.add(key);
    valid.push({
      question_en: parsed.data.en.question,
      question_vi: parsed.data.vi.question,
      answers_en: parsed.data.en.answers,
      answers_vi: parsed.data.vi.answers,
      correctAnswerIndex: parsed.data.correctAnswerIndex,
      categoryId: context.categoryId,
      ageCategory: context.ageCategory,
      difficulty,
    });
  }
  return valid;
}

/** Whether a refusal says the service does not take `response_format` (structured output). */
function refusesStructuredOutput(error: unknown): boolean {
  return (
    error instanceof OpenAI.APIError &&
    error.status === 400 &&
    /response_format|json_schema|structured/i.test(error.message)
  );
}

function serviceError(error: unknown): DomainError {
  if (isReplyTooLarge(error)) return new DomainError('BAD_GATEWAY', 'errors:questionSet.replyTooLarge');
  if (error instanceof OpenAI.APIConnectionTimeoutError)
    return new DomainError('GATEWAY_TIMEOUT', 'errors:questionSet.timeout');
  if (error instanceof OpenAI.APIError && error.status === 429)
    return new DomainError('BAD_GATEWAY', 'errors:questionSet.serviceBusy');
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    return new DomainError('BAD_GATEWAY', 'errors:questionSet.serviceError', undefined, { status: error.status });
  }
  return new DomainError('BAD_GATEWAY', 'errors:questionSet.serviceUnreachable');
}

/**
 * Question sets from an OpenAI-compatible service (OpenAI, Gemini's compatible endpoint, Ollama,
 * llama.cpp, vLLM) through the `openai` SDK, its address only from the server's configuration.
 * Structured output where the service takes it, JSON read from plain text where it does not;
 * invalid questions and duplicates are dropped and, within EXTRA_ROUNDS requests, replaced.
 */
export function createQuestionGenerator(config: AiConfig): QuestionGenerator {
  const client = new OpenAI({
    // Local servers (Ollama, llama.cpp) take any key; the SDK wants one.
    apiKey: config.apiKey ?? 'not-needed',
    baseURL: config.baseURL,
    timeout: config.timeoutMs ?? AI_TIMEOUT_MS,
    maxRetries: 0,
    fetch: cappedFetch(MAX_REPLY_BYTES),
  });
  let structured = true;

  async function ask(prompt: { system: string; user: string }): Promise<unknown[]> {
    const messages = [
      { role: 'system' as const, content: prompt.system },
      { role: 'user' as const, content: prompt.user },
    ];
    try {
      const reply = await client.chat.completions.create({
        model: config.model,
        messages,
        ...(structured
          ? {
              response_format: {
                type: 'json_schema' as const,
                json_schema: { name: 'question_set', strict: true, schema: SET_SCHEMA },
              },
            }
          : {}),
      });
      const candidates = questionsInReply(reply.choices[0]?.message.content ?? '');
      // A NUL has no place in a question (shared/text.ts): such a reply is a broken one.
      if (holdsNul(candidates)) throw new DomainError('BAD_GATEWAY', 'errors:questionSet.badReply');
      return candidates;
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (structured && refusesStructuredOutput(error)) {
        structured = false;
        return ask(prompt);
      }
      throw serviceError(error);
    }
  }

  return {
    async generate(request) {
      const taken = new Set<string>();
      const questions: SetQuestion[] = [];
      for (let round = 0; round <= EXTRA_ROUNDS && questions.length < request.count; round++) {
        const missing = request.count - questions.length;
        const candidates = (
          await ask(
            promptFor(
              request,
              missing,
              questions.map((q) => q.question_en),
            ),
          )
        ).slice(0, missing + SPARE_CANDIDATES);
        questions.push(
          ...validQuestions(candidates, {
            categoryId: request.category.id,
            ageCategory: request.ageCategory,
            isKnown: request.isKnown,
            taken,
          }).slice(0, missing),
        );
      }
      return { questions, asked: request.count };
    },
  };
}
