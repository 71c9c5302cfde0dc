import { describe, expect, it } from 'vitest';
import { type Game, type GameState, gameReducer, initialGameState, removedAnswers } from './game-machine';
import type { PickFeedback } from './pending-feedback';

const game = (overrides: Partial<Game> = {}): Game => ({
  gameId: 'g1',
  status: 'playing',
  lang: 'en',
  position: 0,
  correctCount: 0,
  winnings: 0,
  lifelines: {},
  questions: Array.from({ length: 15 }, (_, i) => ({
    lang: 'en' as const,
    question: `Question ${i + 1}?`,
    answers: ['A', 'B', 'C', 'D'],
    imageUrl: null,
  })),
  ...overrides,
});

const feedback = (overrides: Partial<PickFeedback> = {}): PickFeedback => ({
  gameId: 'g1',
  position: 0,
  picked: 1,
  correctIndex: 1,
  correct: true,
  status: 'playing',
  correctCount: 1,
  winnings: 100,
  until: Date.now() + 2000,
  ...overrides,
});

const playing = (overrides: Partial<GameState> = {}): GameState => ({
  ...initialGameState,
  game: game(),
  phase: { kind: 'question' },
  ...overrides,
});

describe('the game screen’s phases', () => {
  it('starts loading, and a new load clears a refused pick’s message', () => {
    expect(initialGameState.phase).toEqual({ kind: 'loading' });
    const state = gameReducer(playing({ answerError: 'errors:rateLimited' }), { type: 'load' });
    expect(state).toMatchObject({ phase: { kind: 'loading' }, answerError: null });
  });

  it('shows the question the server is at once the game is loaded', () => {
    const state = gameReducer(initialGameState, {
      type: 'loaded',
      game: game({ position: 3, correctCount: 3 }),
      pending: null,
    });
    expect(state).toMatchObject({ phase: { kind: 'question' }, position: 3, correctCount: 3 });
  });

  it('after a reload during a feedback, shows that feedback first, not another game’s or an older one', () => {
    const loaded = game({ position: 4, correctCount: 4 });
    const pending = feedback({ position: 3, picked: 2, correctIndex: 2, correctCount: 4 });
    expect(gameReducer(initialGameState, { type: 'loaded', game: loaded, pending })).toMatchObject({
      position: 3,
      phase: { kind: 'feedback', picked: 2, correctIndex: 2, correct: true },
    });
    for (const stale of [feedback({ gameId: 'other', position: 3 }), feedback({ position: 1 })]) {
      expect(gameReducer(initialGameState, { type: 'loaded', game: loaded, pending: stale })).toMatchObject({
        position: 4,
        phase: { kind: 'question' },
      });
    }
  });

  it('goes to an empty category, a failed load, or offline', () => {
    expect(gameReducer(initialGameState, { type: 'empty' }).phase).toEqual({ kind: 'empty' });
    expect(gameReducer(initialGameState, { type: 'failed', messageKey: 'errors:game.loadFailed' }).phase).toEqual({
      kind: 'error',
      messageKey: 'errors:game.loadFailed',
    });
    expect(gameReducer(playing(), { type: 'offline' }).phase).toEqual({ kind: 'offline' });
  });

  it('locks the answers on a pick, once, and only on the question on screen', () => {
    const checking = gameReducer(playing({ answerError: 'errors:rateLimited' }), { type: 'pick', index: 2 });
    expect(checking).toMatchObject({ phase: { kind: 'checking', picked: 2 }, answerError: null });
    // A second pick while checking, a pick during feedback or at the end: nothing happens.
    expect(gameReducer(checking, { type: 'pick', index: 1 })).toBe(checking);
    const showing = playing({ phase: { kind: 'feedback', picked: 0, correctIndex: 0, correct: true } });
    expect(gameReducer(showing, { type: 'pick', index: 1 })).toBe(showing);
    const over = playing({ phase: { kind: 'ended', winnings: 0, correctCount: 0 } });
    expect(gameReducer(over, { type: 'pick', index: 1 })).toBe(over);
    expect(gameReducer({ ...initialGameState, phase: { kind: 'question' } }, { type: 'pick', index: 1 }).phase).toEqual(
      { kind: 'question' },
    );
  });

  it('never takes an answer 50:50 removed', () => {
    const state = playing({ game: game({ lifelines: { fiftyFifty: { position: 0, removed: [0, 3] } } }) });
    expect(removedAnswers(state)).toEqual([0, 3]);
    expect(gameReducer(state, { type: 'pick', index: 3 })).toBe(state);
    expect(gameReducer(state, { type: 'pick', index: 1 }).phase).toEqual({ kind: 'checking', picked: 1 });
    // On a later question, nothing is removed any more.
    expect(removedAnswers({ ...state, position: 1 })).toEqual([]);
  });

  it('shows a pick’s result, then moves on to the next question with the ladder a step up', () => {
    const shown = gameReducer(playing({ phase: { kind: 'checking', picked: 1 } }), {
      type: 'feedback',
      feedback: feedback(),
    });
    expect(shown).toMatchObject({ phase: { kind: 'feedback', correct: true }, correctCount: 0 });
    const next = gameReducer(shown, { type: 'feedbackOver', feedback: feedback() });
    expect(next).toMatchObject({ phase: { kind: 'question' }, position: 1, correctCount: 1 });
  });

  it('ends on a wrong pick with Game Over’s review, and on the last right one as won', () => {
    const wrong = feedback({
      picked: 0,
      correctIndex: 2,
      correct: false,
      status: 'lost',
      correctCount: 0,
      winnings: 0,
    });
    const afterWrong = gameReducer(gameReducer(playing(), { type: 'feedback', feedback: wrong }), {
      type: 'feedbackOver',
      feedback: wrong,
    });
    expect(afterWrong.phase).toEqual({
      kind: 'ended',
      winnings: 0,
      correctCount: 0,
      missed: { position: 0, picked: 0, correctIndex: 2 },
    });

    const last = feedback({ position: 14, status: 'won', correctCount: 15, winnings: 1_000_000 });
    const won = gameReducer(gameReducer(playing({ position: 14 }), { type: 'feedback', feedback: last }), {
      type: 'feedbackOver',
      feedback: last,
    });
    expect(won).toMatchObject({ correctCount: 15, phase: { kind: 'ended', winnings: 1_000_000, correctCount: 15 } });
    expect('missed' in won.phase).toBe(false);
  });

  it('ignores the end of a feedback that is no longer on screen', () => {
    const state = playing({ position: 2 });
    expect(gameReducer(state, { type: 'feedbackOver', feedback: feedback({ position: 1 }) })).toBe(state);
  });

  it('reopens the question with a reason when a pick is refused', () => {
    const state = gameReducer(playing({ phase: { kind: 'checking', picked: 1 } }), {
      type: 'pickRefused',
      messageKey: 'errors:rateLimited',
    });
    expect(state).toMatchObject({ phase: { kind: 'question' }, answerError: 'errors:rateLimited' });
  });

  it('sends a pick lost with the network again once it is back, locking the same answer', () => {
    const waiting = gameReducer(playing({ phase: { kind: 'checking', picked: 2 } }), { type: 'offline' });
    expect(gameReducer(waiting, { type: 'resend', index: 2 })).toMatchObject({
      phase: { kind: 'checking', picked: 2 },
      answerError: null,
    });
    // Only from offline: a question on screen takes a pick, not a resend.
    const open = playing({ phase: { kind: 'question' } });
    expect(gameReducer(open, { type: 'resend', index: 2 })).toBe(open);
  });

  it('ends when told (a question removed, a game ended elsewhere)', () => {
    const state = gameReducer(playing(), {
      type: 'ended',
      end: { winnings: 200, correctCount: 2, questionRemoved: true },
    });
    expect(state.phase).toEqual({ kind: 'ended', winnings: 200, correctCount: 2, questionRemoved: true });
  });

  it('keeps the lifelines used, and the same game in the other language', () => {
    const used = gameReducer(playing(), { type: 'lifelinesUsed', lifelines: { family: { position: 0 } } });
    expect(used.game?.lifelines).toEqual({ family: { position: 0 } });
    const vi = game().questions.map((q) => ({ ...q, lang: 'vi' as const, question: `Câu ${q.question}` }));
    const translated = gameReducer(used, { type: 'translated', view: { gameId: 'g1', lang: 'vi', questions: vi } });
    expect(translated.game).toMatchObject({ lang: 'vi', lifelines: { family: { position: 0 } } });
    expect(translated.game?.questions[0]?.question).toBe('Câu Question 1?');
    // Another game's translation, or none loaded: nothing changes.
    expect(gameReducer(used, { type: 'translated', view: { gameId: 'g2', lang: 'vi', questions: vi } })).toBe(used);
    expect(gameReducer(initialGameState, { type: 'lifelinesUsed', lifelines: {} })).toBe(initialGameState);
  });
});
