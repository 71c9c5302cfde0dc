import { useEffect, useReducer, useRef } from 'react';
import {
  type GenerateInput,
  IMPORT_MAX_BYTES,
  importReply,
  questionSetRefusal,
  saveSetReply,
} from '#shared/schemas/question-set.ts';
import { errorKeyOf, errorParamsOf } from '../../lib/errors';
import { focusWhenReady } from '../../lib/focus';
import { randomId } from '../../lib/random-id';
import { trpc } from '../../lib/trpc';
import { useParentLock } from '../parent-lock/use-parent-lock';
import {
  chosenQuestions,
  initialQuestionSetState,
  isBusy,
  type Message,
  questionSetReducer,
  type SetToReview,
} from './question-set-machine';

/** A REST refusal's body, whatever it is (a reverse proxy in front may answer its own HTML page). */
async function refusalOf(response: Response) {
  const parsed = questionSetRefusal.safeParse(await response.json().catch(() => ({})));
  return parsed.success ? parsed.data : {};
}

/**
 * The add-question-set page's effects around its state machine (question-set-machine.ts):
 * generating, reading a file, saving the reviewed set, and where the focus goes after each. Each
 * tells the machine what happened.
 */
export function useQuestionSetFlow() {
  const [state, dispatch] = useReducer(questionSetReducer, initialQuestionSetState);
  const utils = trpc.useUtils();
  const { whenLocked, lockClosed } = useParentLock();
  const generate = trpc.admin.questionSets.generate.useMutation();
  const refs = {
    fileInput: useRef<HTMLInputElement>(null),
    generateButton: useRef<HTMLButtonElement>(null),
    reviewTitle: useRef<HTMLHeadingElement>(null),
    saved: useRef<HTMLParagraphElement>(null),
  };

  /** Saved: the review and its Save button are gone, and the keyboard goes on from the outcome. */
  useEffect(() => {
    if (state.phase === 'saved') refs.saved.current?.focus();
  }, [state.phase, refs.saved]);
  // The review is gone (and the dialog with it, which would hand the focus back to a button no
  // longer there): the focus goes where the next set starts, not to the page's top.
  useEffect(() => {
    if (state.rejected > 0) refs.fileInput.current?.focus();
  }, [state.rejected, refs.fileInput]);

  function review(set: SetToReview) {
    dispatch({ type: 'reviewed', ...set, setId: randomId() });
    // The keyboard goes on from what came out: the set to review.
    focusWhenReady(() => refs.reviewTitle.current);
  }

  async function onGenerate(input: GenerateInput) {
    dispatch({ type: 'started', phase: 'generating' });
    try {
      const result = await generate.mutateAsync(input);
      const made = result.questions.length;
      review({
        questions: result.questions,
        problems: [],
        newCategories: [],
        note: made < result.asked ? { key: 'questionSet.fewer', params: { made, asked: result.asked } } : null,
      });
    } catch (caught) {
      // Spec §8: the server's own text where it has one, else 'Failed to generate questions.';
      // no answer at all: 'An unknown error occurred during generation.'
      const key = errorKeyOf(caught, 'errors:questionSet.generateFailed');
      dispatch({
        type: 'failed',
        error:
          key === 'errors:network'
            ? { key: 'errors:questionSet.unknownGenerationError' }
            : { key, params: errorParamsOf(caught) },
      });
      // Said by the alert; the focus stays on the button, to try again.
      focusWhenReady(() => refs.generateButton.current);
    }
  }

  async function onFile(file: File) {
    // The outcome's message is said by its alert; the focus stays on the field, to choose again.
    const failed = (error: Message) => {
      dispatch({ type: 'failed', error });
      focusWhenReady(() => refs.fileInput.current);
    };
    // An .xlsx or a picture chosen by mistake: said at once (the server refuses it too).
    const zip = /\.zip$/i.test(file.name);
    if (!zip && file.size <= IMPORT_MAX_BYTES && (await file.text()).includes('\0')) {
      return failed({ key: 'errors:questionSet.notText' });
    }
    dispatch({ type: 'started', phase: 'reading' });
    const form = new FormData();
    form.append('file', file);
    try {
      const response = await fetch('/api/admin/question-sets/import', {
        method: 'POST',
        body: form,
        credentials: 'same-origin',
      });
      if (!response.ok) {
        const refusal = await refusalOf(response);
        if (response.status === 403 && (await lockClosed())) {
          dispatch({ type: 'failed', error: null });
          return whenLocked(() => void onFile(file));
        }
        // The server's reason (a zip refused, a file too large) in the admin's language.
        if (refusal.key) return failed({ key: refusal.key, params: refusal.params ?? {} });
        return failed({
          key: response.status === 413 ? 'errors:questionSet.tooLargeForServer' : 'errors:questionSet.noFile',
        });
      }
      review({ ...importReply.parse(await response.json()), note: null });
    } catch {
      failed({ key: 'errors:network' });
    }
  }

  async function onSave() {
    const next = questionSetReducer(state, { type: 'save' });
    dispatch({ type: 'save' });
    if (next.phase !== 'saving') return;
    try {
      const response = await fetch('/api/admin/question-sets', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ setId: state.setId, questions: chosenQuestions(state) }),
      });
      if (response.status === 413) {
        return dispatch({ type: 'saveFailed', error: { key: 'errors:questionSet.setTooLargeForServer' } });
      }
      if (response.status === 403 && (await lockClosed())) {
        dispatch({ type: 'saveFailed', error: null });
        return whenLocked(() => void onSave());
      }
      if (!response.ok) throw new Error(String(response.status));
      const { saved } = saveSetReply.parse(await response.json());
      dispatch({ type: 'saved', count: saved });
      await Promise.all([
        utils.admin.questions.list.invalidate(),
        utils.admin.overview.invalidate(),
        utils.categories.invalidate(),
      ]);
    } catch {
      dispatch({ type: 'saveFailed', error: { key: 'errors:questionSet.saveFailed' } });
    }
  }

  return { state, dispatch, busy: isBusy(state), refs, onGenerate, onFile, onSave };
}
