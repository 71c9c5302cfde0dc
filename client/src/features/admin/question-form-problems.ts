import type { Language } from '#shared/i18n.ts';
import { ANSWER_TEXT_MAX, type QuestionInput, questionInput, questionMessages } from '#shared/schemas/admin.ts';
import { ANSWER_LETTERS } from '#shared/spoken-lines.ts';
import { cleanText, foldForSearch } from '#shared/text.ts';

/** The question form's fields, by their `name` (the correct-answer radios and the picture by theirs). */
export type QuestionField =
  | 'category'
  | 'ageCategory'
  | 'difficulty'
  | 'correct'
  | 'image'
  | `${Language}-question`
  | `${Language}-answer-${(typeof ANSWER_LETTERS)[number]}`;

/** What keeps the form from being sent: each message once, in the form's order, and the message of each field at fault. */
export type QuestionFormProblems = { messages: string[]; fields: Partial<Record<QuestionField, string>> };

const answerField = (lang: Language, index: number) =>
  `${lang}-answer-${ANSWER_LETTERS[index] as (typeof ANSWER_LETTERS)[number]}` as const;

/** The answers a message of the answers' check is about (all four when it cannot tell). */
function answersAtFault(answers: string[], message: string): number[] {
  const cleaned = answers.map(cleanText);
  const folded = cleaned.map(foldForSearch);
  const atFault = cleaned.flatMap((answer, index) => {
    if (message === questionMessages.answersRequired) return answer === '' ? [index] : [];
    if (message === questionMessages.tooLong) return answer.length > ANSWER_TEXT_MAX ? [index] : [];
    if (message === questionMessages.answersDistinct) {
      return folded.indexOf(folded[index] as string) !== folded.lastIndexOf(folded[index] as string) ? [index] : [];
    }
    return [];
  });
  return atFault.length > 0 ? atFault : [0, 1, 2, 3];
}

function fieldsOf(path: PropertyKey[], message: string, input: QuestionInput): QuestionField[] {
  const [first, second] = path;
  switch (first) {
    case 'categoryId':
      return ['category'];
    case 'ageCategory':
    case 'difficulty':
      return [first];
    case 'correctAnswerIndex':
      return ['correct'];
    case 'imageUrl':
      return ['image'];
    case 'en':
    case 'vi':
      if (second === 'question') return [`${first}-question`];
      return answersAtFault(input[first].answers, message).map((index) => answerField(first, index));
    default:
      return [];
  }
}

/**
 * The form's problems by the shared schema the server checks with (spec §5), or null when it can
 * be sent.
 */
export function questionFormProblems(input: QuestionInput): QuestionFormProblems | null {
  const parsed = questionInput.safeParse(input);
  if (parsed.success) return null;
  const messages: string[] = [];
  const fields: QuestionFormProblems['fields'] = {};
  for (const issue of parsed.error.issues) {
    if (!messages.includes(issue.message)) messages.push(issue.message);
    for (const field of fieldsOf(issue.path, issue.message, input)) fields[field] ??= issue.message;
  }
  return { messages, fields };
}
