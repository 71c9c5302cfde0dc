import type { FileProblem, NewCategory, SetQuestion } from '#shared/schemas/question-set.ts';

/** A message to show: an i18n key with its values. */
export type Message = { key: string; params?: Record<string, string | number> };

/** Spec §4's states, for a generated set or an imported one. */
export type Phase = 'idle' | 'generating' | 'reading' | 'review' | 'saving' | 'saved';

export type QuestionSetState = {
  phase: Phase;
  /** The set under review. */
  set: SetQuestion[];
  /** The indexes (in `set`) of the questions ticked to save. */
  selected: ReadonlySet<number>;
  /** The imported file's lines left out, and why. */
  problems: FileProblem[];
  /** Categories the file names that do not exist yet. */
  newCategories: NewCategory[];
  /** Whether the admin agreed to create them (and so to save their questions). */
  createCategories: boolean;
  /** What the review says about the set itself (fewer made than asked). */
  note: Message | null;
  error: Message | null;
  /** The generation form's fields at fault (by generateInput's keys), marked until the next try. */
  invalid: ReadonlySet<string>;
  /** How many questions the last save saved. */
  saved: number;
  /** The set under review's id: saving it twice (a retry, a double click) saves it once. */
  setId: string;
  confirmingReject: boolean;
  /** Sets rejected so far: each one sends the focus back to where the next set starts. */
  rejected: number;
};

export const initialQuestionSetState: QuestionSetState = {
  phase: 'idle',
  set: [],
  selected: new Set(),
  problems: [],
  newCategories: [],
  createCategories: false,
  note: null,
  error: null,
  invalid: new Set(),
  saved: 0,
  setId: '',
  confirmingReject: false,
  rejected: 0,
};

/** A set that came back (generated, or read from a file), with what the review says about it. */
export type SetToReview = {
  questions: SetQuestion[];
  problems: FileProblem[];
  newCategories: NewCategory[];
  note: Message | null;
};

export type QuestionSetAction =
  /** The generation form did not pass its checks: these fields are at fault. */
  | { type: 'generateRefused'; fields: string[] }
  /** A generation or a file's reading began. */
  | { type: 'started'; phase: 'generating' | 'reading' }
  /** The generation or the reading failed (or the parent lock stopped it): back to idle. */
  | { type: 'failed'; error: Message | null }
  /** A set came back, to review under a fresh id. */
  | ({ type: 'reviewed'; setId: string } & SetToReview)
  | { type: 'toggled'; index: number }
  | { type: 'createCategoriesChanged'; create: boolean }
  /** Save pressed: with nothing to save, said at once; else saving. */
  | { type: 'save' }
  /** The save failed (or the parent lock stopped it): the review stays, to try again. */
  | { type: 'saveFailed'; error: Message | null }
  | { type: 'saved'; count: number }
  | { type: 'rejectAsked' }
  | { type: 'rejectCancelled' }
  | { type: 'rejected' };

/** A generation, a reading or a save on its way: no second one starts meanwhile. */
export const isBusy = (state: QuestionSetState) =>
  state.phase === 'generating' || state.phase === 'reading' || state.phase === 'saving';

/**
 * A question for a category the file names but that does not exist is offered only once the
 * admin agreed to create it; until then it is one of the file's problems.
 */
export const isOffered = (state: QuestionSetState, question: SetQuestion) =>
  state.createCategories || !question.newCategory;

export const offeredCount = (state: QuestionSetState) =>
  state.set.filter((question) => isOffered(state, question)).length;

/** The questions a save takes: ticked, and offered. */
export const chosenQuestions = (state: QuestionSetState) =>
  state.set.filter((question, i) => state.selected.has(i) && isOffered(state, question));

/** Why the chosen questions cannot be saved (spec §8), or null. */
function saveProblem(chosen: SetQuestion[]): Message | null {
  if (chosen.length === 0) return { key: 'errors:questionSet.noneSelected' };
  if (chosen.some((question) => !question.categoryId && !question.newCategory)) {
    return { key: 'errors:questionSet.noCategory' };
  }
  return null;
}

/** What the review leaves behind: no set, nothing ticked. */
const noSet: Pick<QuestionSetState, 'set' | 'selected'> = { set: [], selected: new Set() };

/**
 * The add-question-set page's phases as a pure function (spec §4): idle → generating or reading →
 * review → saving → saved, with the detours of a form refused, a failure, a set rejected. Effects
 * (calls, focus) are use-question-set-flow.ts's: they dispatch what happened, this says what the
 * page is now.
 */
export function questionSetReducer(state: QuestionSetState, action: QuestionSetAction): QuestionSetState {
  switch (action.type) {
    case 'generateRefused':
      return {
        ...state,
        error: { key: 'errors:questionSet.invalidRequest' },
        invalid: new Set(action.fields),
      };
    case 'started':
      if (isBusy(state)) return state;
      return { ...state, phase: action.phase, error: null, invalid: new Set() };
    case 'failed':
      return { ...state, phase: 'idle', error: action.error, invalid: new Set() };
    case 'reviewed':
      return {
        ...state,
        phase: 'review',
        set: action.questions,
        setId: action.setId,
        selected: new Set(action.questions.map((_, i) => i)),
        problems: action.problems,
        newCategories: action.newCategories,
        createCategories: false,
        note: action.note,
      };
    case 'toggled': {
      const selected = new Set(state.selected);
      if (selected.has(action.index)) selected.delete(action.index);
      else selected.add(action.index);
      return { ...state, selected };
    }
    case 'createCategoriesChanged':
      return { ...state, createCategories: action.create };
    case 'save': {
      if (state.phase !== 'review') return state;
      const problem = saveProblem(chosenQuestions(state));
      if (problem) return { ...state, error: problem };
      return { ...state, phase: 'saving', error: null };
    }
    case 'saveFailed':
      return { ...state, phase: 'review', error: action.error };
    case 'saved':
      return { ...state, ...noSet, phase: 'saved', saved: action.count };
    case 'rejectAsked':
      return { ...state, confirmingReject: true };
    case 'rejectCancelled':
      return { ...state, confirmingReject: false };
    case 'rejected':
      return {
        ...state,
        ...noSet,
        phase: 'idle',
        confirmingReject: false,
        problems: [],
        newCategories: [],
        note: null,
        rejected: state.rejected + 1,
      };
  }
}
