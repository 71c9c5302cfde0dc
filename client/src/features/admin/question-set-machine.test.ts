import { describe, expect, it } from 'vitest';
import type { SetQuestion } from '#shared/schemas/question-set.ts';
import {
  chosenQuestions,
  initialQuestionSetState,
  isBusy,
  offeredCount,
  type QuestionSetState,
  questionSetReducer,
} from './question-set-machine';

const question = (overrides: Partial<SetQuestion> = {}): SetQuestion => ({
  question_en: 'Which is red?',
  question_vi: 'Cái nào màu đỏ?',
  answers_en: ['Apple', 'Sky', 'Grass', 'Snow'],
  answers_vi: ['Táo', 'Trời', 'Cỏ', 'Tuyết'],
  correctAnswerIndex: 0,
  categoryId: 1,
  ageCategory: 'Kids',
  difficulty: 1,
  ...overrides,
});

const newCategory = { name_en: 'Birds', name_vi: 'Chim' };

const reviewing = (questions: SetQuestion[], overrides: Partial<QuestionSetState> = {}): QuestionSetState => ({
  ...questionSetReducer(initialQuestionSetState, {
    type: 'reviewed',
    questions,
    problems: [],
    newCategories: [],
    note: null,
    setId: 'set-1',
  }),
  ...overrides,
});

describe('the add-question-set page’s phases', () => {
  it('starts idle, with nothing to review and nothing said', () => {
    expect(initialQuestionSetState).toMatchObject({ phase: 'idle', set: [], error: null, rejected: 0 });
    expect(isBusy(initialQuestionSetState)).toBe(false);
  });

  it('a refused form says why and marks its fields, staying idle', () => {
    const state = questionSetReducer(initialQuestionSetState, {
      type: 'generateRefused',
      fields: ['categoryId', 'numQuestions'],
    });
    expect(state.phase).toBe('idle');
    expect(state.error).toEqual({ key: 'errors:questionSet.invalidRequest' });
    expect([...state.invalid]).toEqual(['categoryId', 'numQuestions']);
  });

  it('a generation or a reading starts busy, clearing the last message and marks', () => {
    const refused = questionSetReducer(initialQuestionSetState, { type: 'generateRefused', fields: ['categoryId'] });
    const generating = questionSetReducer(refused, { type: 'started', phase: 'generating' });
    expect(generating).toMatchObject({ phase: 'generating', error: null });
    expect(generating.invalid.size).toBe(0);
    expect(isBusy(generating)).toBe(true);
    expect(questionSetReducer(initialQuestionSetState, { type: 'started', phase: 'reading' }).phase).toBe('reading');
  });

  it('no second generation or reading starts while one is on its way', () => {
    const generating = questionSetReducer(initialQuestionSetState, { type: 'started', phase: 'generating' });
    expect(questionSetReducer(generating, { type: 'started', phase: 'reading' })).toBe(generating);
  });

  it('a failure goes back to idle with its message (none when the parent lock stopped it)', () => {
    const reading = questionSetReducer(initialQuestionSetState, { type: 'started', phase: 'reading' });
    const failed = questionSetReducer(reading, { type: 'failed', error: { key: 'errors:network' } });
    expect(failed).toMatchObject({ phase: 'idle', error: { key: 'errors:network' } });
    expect(questionSetReducer(reading, { type: 'failed', error: null })).toMatchObject({ phase: 'idle', error: null });
  });

  it('a set that came back is reviewed under its id, every question ticked, its categories not yet agreed', () => {
    const state = questionSetReducer(
      { ...initialQuestionSetState, phase: 'reading', createCategories: true },
      {
        type: 'reviewed',
        questions: [question(), question({ question_en: 'Two?' })],
        problems: [{ line: 3, message: 'errors:questionSet.alreadyInCategory' }],
        newCategories: [newCategory],
        note: { key: 'questionSet.fewer', params: { made: 2, asked: 5 } },
        setId: 'set-2',
      },
    );
    expect(state).toMatchObject({
      phase: 'review',
      setId: 'set-2',
      createCategories: false,
      newCategories: [newCategory],
      note: { key: 'questionSet.fewer' },
    });
    expect([...state.selected]).toEqual([0, 1]);
    expect(state.problems).toHaveLength(1);
  });

  it('a question is unticked and ticked again', () => {
    const state = reviewing([question(), question({ question_en: 'Two?' })]);
    const unticked = questionSetReducer(state, { type: 'toggled', index: 0 });
    expect([...unticked.selected]).toEqual([1]);
    expect(chosenQuestions(unticked)).toHaveLength(1);
    expect([...questionSetReducer(unticked, { type: 'toggled', index: 0 }).selected].sort()).toEqual([0, 1]);
  });

  it('a new category’s questions are offered only once the admin agrees to create it', () => {
    const state = reviewing([question(), question({ categoryId: 0, newCategory })]);
    expect(offeredCount(state)).toBe(1);
    expect(chosenQuestions(state)).toHaveLength(1);
    const agreed = questionSetReducer(state, { type: 'createCategoriesChanged', create: true });
    expect(agreed.createCategories).toBe(true);
    expect(offeredCount(agreed)).toBe(2);
    expect(chosenQuestions(agreed)).toHaveLength(2);
  });

  it('save with nothing ticked says so and stays in review', () => {
    const none = questionSetReducer(reviewing([question()]), { type: 'toggled', index: 0 });
    const state = questionSetReducer(none, { type: 'save' });
    expect(state).toMatchObject({ phase: 'review', error: { key: 'errors:questionSet.noneSelected' } });
  });

  it('save of a question without a category says so and stays in review', () => {
    const state = questionSetReducer(reviewing([question({ categoryId: 0 })]), { type: 'save' });
    expect(state).toMatchObject({ phase: 'review', error: { key: 'errors:questionSet.noCategory' } });
  });

  it('save of ticked questions starts saving, clearing the last message', () => {
    const state = questionSetReducer(reviewing([question()], { error: { key: 'errors:x' } }), { type: 'save' });
    expect(state).toMatchObject({ phase: 'saving', error: null });
    expect(isBusy(state)).toBe(true);
    // Not twice: a second press while saving changes nothing.
    expect(questionSetReducer(state, { type: 'save' })).toBe(state);
  });

  it('a failed save goes back to the review with its message, the set kept', () => {
    const saving = questionSetReducer(reviewing([question()]), { type: 'save' });
    const state = questionSetReducer(saving, { type: 'saveFailed', error: { key: 'errors:questionSet.saveFailed' } });
    expect(state).toMatchObject({ phase: 'review', error: { key: 'errors:questionSet.saveFailed' }, setId: 'set-1' });
    expect(state.set).toHaveLength(1);
  });

  it('a save done says how many, the set gone', () => {
    const saving = questionSetReducer(reviewing([question(), question({ question_en: 'Two?' })]), { type: 'save' });
    const state = questionSetReducer(saving, { type: 'saved', count: 2 });
    expect(state).toMatchObject({ phase: 'saved', saved: 2, set: [] });
    expect(state.selected.size).toBe(0);
  });

  it('reject all asks first, and a cancel keeps the review', () => {
    const asked = questionSetReducer(reviewing([question()]), { type: 'rejectAsked' });
    expect(asked.confirmingReject).toBe(true);
    const cancelled = questionSetReducer(asked, { type: 'rejectCancelled' });
    expect(cancelled).toMatchObject({ confirmingReject: false, phase: 'review' });
    expect(cancelled.set).toHaveLength(1);
  });

  it('reject all confirmed empties the review, back to idle, counted for the focus', () => {
    const asked = questionSetReducer(
      reviewing([question()], {
        problems: [{ line: 2, message: 'm' }],
        newCategories: [newCategory],
        note: { key: 'n' },
        confirmingReject: true,
      }),
      { type: 'rejected' },
    );
    expect(asked).toMatchObject({
      phase: 'idle',
      set: [],
      problems: [],
      newCategories: [],
      note: null,
      confirmingReject: false,
      rejected: 1,
    });
  });
});
