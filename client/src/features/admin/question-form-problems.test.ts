import { describe, expect, it } from 'vitest';
import type { QuestionInput } from '#shared/schemas/admin.ts';
import { questionFormProblems } from './question-form-problems';

const valid = (): QuestionInput => ({
  categoryId: 3,
  ageCategory: 'Kids',
  difficulty: 1,
  correctAnswerIndex: 0,
  en: { question: 'Which bird hoots?', answers: ['Owl', 'Sparrow', 'Parrot', 'Swan'] },
  vi: { question: 'Loài chim nào kêu hú hú?', answers: ['Cú mèo', 'Chim sẻ', 'Vẹt', 'Thiên nga'] },
  imageUrl: null,
});

describe('the question form’s problems', () => {
  it('are none for a question that can be sent', () => {
    expect(questionFormProblems(valid())).toBeNull();
  });

  it('name the spec’s message for the missing texts and category, on each of those fields', () => {
    const input = { ...valid(), categoryId: 0, en: { ...valid().en, question: '  ' } };
    expect(questionFormProblems(input)).toEqual({
      messages: ['errors:question.required'],
      fields: { category: 'errors:question.required', 'en-question': 'errors:question.required' },
    });
  });

  it('mark only the answers at fault: the empty ones, the repeated ones (ignoring case and accents)', () => {
    const input = {
      ...valid(),
      en: { ...valid().en, answers: ['Owl', '', 'Parrot', ' '] },
      vi: { ...valid().vi, answers: ['Cú mèo', 'cu meo', 'Vẹt', 'Thiên nga'] },
    };
    expect(questionFormProblems(input)).toEqual({
      messages: ['errors:question.answersRequired', 'errors:question.answersDistinct'],
      fields: {
        'en-answer-B': 'errors:question.answersRequired',
        'en-answer-D': 'errors:question.answersRequired',
        'vi-answer-A': 'errors:question.answersDistinct',
        'vi-answer-B': 'errors:question.answersDistinct',
      },
    });
  });

  it('keep each field’s first problem and list each message once, in the form’s order', () => {
    const input = { ...valid(), categoryId: 0, vi: { question: '', answers: ['', '', '', ''] } };
    const problems = questionFormProblems(input);
    expect(problems?.messages).toEqual(['errors:question.required', 'errors:question.answersRequired']);
    expect(Object.keys(problems?.fields ?? {})).toEqual([
      'category',
      'vi-question',
      'vi-answer-A',
      'vi-answer-B',
      'vi-answer-C',
      'vi-answer-D',
    ]);
  });
});
