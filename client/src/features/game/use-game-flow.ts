import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useLocation } from 'wouter';
import type { Language } from '#shared/i18n.ts';
import type { UsedLifelines } from '#shared/lifelines.ts';
import { paths } from '../../config/paths';
import { errorCodeOf, isNetworkFailure, rateLimitedOr } from '../../lib/errors';
import { currentLanguage } from '../../lib/i18n';
import { trpc, withTimeout } from '../../lib/trpc';
import { type Game, type GameEnd, gameReducer, initialGameState } from './game-machine';
import { markGameStarted, readGameNavigationState } from './navigation';
import { forgetFeedback, lastFeedback, type PickFeedback, pendingFeedback, rememberFeedback } from './pending-feedback';

/**
 * The game screen's effects around its state machine (game-machine.ts): starting or resuming the
 * game, a pick and its 2-s feedback, asking the server where the game stands after a lost answer,
 * waiting for the network, the other language's text. Each tells the machine what happened.
 */
export function useGameFlow(profileId: string, language: Language) {
  const [state, dispatch] = useReducer(gameReducer, initialGameState);
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** What to do when the connection comes back (an offline start, or a pick to check). */
  const retryRef = useRef<(() => void) | null>(null);

  const end = useCallback(
    (ending: GameEnd) => {
      forgetFeedback();
      dispatch({ type: 'ended', end: ending });
      void utils.session.me.invalidate();
      void utils.game.current.invalidate();
    },
    [utils],
  );

  /** Spec §4: the pick's result for 2 s (or what is left of them after a reload), then on. */
  const showFeedback = useCallback(
    (feedback: PickFeedback) => {
      dispatch({ type: 'feedback', feedback });
      if (timerRef.current) clearTimeout(timerRef.current);
      timerRef.current = setTimeout(
        () => {
          forgetFeedback();
          dispatch({ type: 'feedbackOver', feedback });
          if (feedback.status !== 'playing') {
            void utils.session.me.invalidate();
            void utils.game.current.invalidate();
          }
        },
        Math.max(0, feedback.until - Date.now()),
      );
    },
    [utils],
  );

  const showGame = useCallback(
    (game: Game) => {
      const pending = pendingFeedback(game.gameId);
      dispatch({ type: 'loaded', game, pending });
      if (pending && pending.position === game.position - 1) showFeedback(pending);
    },
    [showFeedback],
  );

  /** Waits for the connection, then does `retry` (also on the Try again button). */
  const offline = useCallback((retry: () => void) => {
    retryRef.current = retry;
    dispatch({ type: 'offline' });
  }, []);

  const resume = useCallback(async () => {
    const current = await utils.client.game.current.query({ profileId }, withTimeout());
    if (current?.status === 'interrupted') {
      const removed = await utils.client.game.endInterrupted.mutate({ gameId: current.gameId }, withTimeout());
      return end({ ...removed, questionRemoved: true });
    }
    if (current) return showGame(current);
    // No game in progress: ended during a reload in its last feedback, or none at all.
    const last = lastFeedback();
    if (last && last.status !== 'playing') {
      const view = await utils.client.game.byId.query({ gameId: last.gameId }, withTimeout());
      if (view.status !== 'interrupted') {
        dispatch({ type: 'loaded', game: view, pending: null });
        return showFeedback(last);
      }
      return end(last);
    }
    navigate(paths.preGame, { replace: true });
  }, [utils, profileId, showGame, showFeedback, navigate, end]);

  const load = useCallback(async () => {
    dispatch({ type: 'load' });
    const navigation = readGameNavigationState();
    try {
      if (navigation && !navigation.started) {
        // The start carries the id its game gets: sent again after a lost reply, it finds that game.
        const started = await utils.client.game.start.mutate(
          { profileId, categoryId: navigation.categoryId, lang: currentLanguage(), gameId: navigation.gameId },
          withTimeout(),
        );
        markGameStarted(navigation);
        if (started) showGame(started);
        else dispatch({ type: 'empty' });
      } else {
        await resume();
      }
    } catch (error) {
      if (isNetworkFailure(error)) offline(() => void load());
      else dispatch({ type: 'failed', messageKey: rateLimitedOr(error, 'errors:game.loadFailed') });
    }
  }, [utils, profileId, showGame, resume, offline]);

  /**
   * After a pick whose answer did not arrive (or was refused: another tab, a finished game), the
   * game as the server holds it: the feedback for the pick it recorded, the same question open
   * again if it recorded none, or wherever another tab took it.
   */
  const reconcile = useCallback(
    async (gameId: string, pickedAt: number, resend?: () => void) => {
      let held: Awaited<ReturnType<typeof utils.client.game.state.query>>;
      try {
        held = await utils.client.game.state.query({ gameId }, withTimeout());
      } catch (error) {
        if (isNetworkFailure(error)) return offline(() => void reconcile(gameId, pickedAt, resend));
        return dispatch({ type: 'failed', messageKey: 'errors:game.loadFailed' });
      }
      retryRef.current = null;
      const pick = held.lastPick;
      if (pick && pick.position === pickedAt && pick.correctAnswerIndex !== null) {
        showFeedback(
          rememberFeedback({
            gameId,
            position: pickedAt,
            picked: pick.pickedIndex,
            correctIndex: pick.correctAnswerIndex,
            correct: pick.correct,
            status: held.status,
            correctCount: held.correctCount,
            winnings: held.winnings,
          }),
        );
      } else if (held.status !== 'playing') {
        end(held);
      } else if (held.position !== pickedAt) {
        await resume();
      } else if (resend) {
        // The pick was lost with the network and never reached the server: it goes again, as the
        // offline card promised, without a second tap.
        resend();
      } else {
        dispatch({ type: 'pickRefused', messageKey: 'errors:game.answerFailed' });
      }
    },
    [utils, offline, showFeedback, end, resume],
  );

  /** Sends a pick the machine has locked the answers on; one lost with the network goes again once it is back. */
  const send = useCallback(
    async function send(index: number, game: Game, position: number): Promise<void> {
      try {
        const result = await utils.client.game.answer.mutate(
          { gameId: game.gameId, position, answerIndex: index },
          withTimeout(),
        );
        if (result.status === 'removed') return end({ ...result, questionRemoved: true });
        showFeedback(
          rememberFeedback({
            gameId: game.gameId,
            position,
            picked: index,
            correctIndex: result.correctAnswerIndex,
            correct: result.correct,
            status: result.status,
            correctCount: result.correctCount,
            winnings: result.winnings,
          }),
        );
      } catch (error) {
        if (errorCodeOf(error) === 'TOO_MANY_REQUESTS') {
          return dispatch({ type: 'pickRefused', messageKey: 'errors:rateLimited' });
        }
        // Lost on the way, refused as stale (another tab) or for a finished game: ask the server.
        const resend = isNetworkFailure(error)
          ? () => {
              dispatch({ type: 'resend', index });
              void send(index, game, position);
            }
          : undefined;
        await reconcile(game.gameId, position, resend);
      }
    },
    [utils, end, showFeedback, reconcile],
  );

  /** A pick: the answers lock on it, and it is sent. */
  const pick = useCallback(
    (index: number, game: Game, position: number) => {
      dispatch({ type: 'pick', index });
      return send(index, game, position);
    },
    [send],
  );

  const loadedRef = useRef(false);
  useEffect(() => {
    if (loadedRef.current || !profileId) return;
    loadedRef.current = true;
    void load();
  }, [load, profileId]);

  useEffect(() => {
    // Back online: carry on with what was waiting for it.
    const online = () => retryRef.current?.();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      if (timerRef.current) clearTimeout(timerRef.current);
    };
  }, []);

  // EN/VI switched mid-game: the same game's questions and answers (same order) in the new language.
  const gameId = state.game?.gameId;
  const gameLanguage = state.game?.lang;
  useEffect(() => {
    if (!gameId || !gameLanguage || gameLanguage === language) return;
    let stale = false;
    utils.client.game.byId
      .query({ gameId, lang: language }, withTimeout())
      .then((view) => {
        if (!stale && view.status !== 'interrupted') dispatch({ type: 'translated', view });
      })
      .catch(() => undefined); // The questions stay in the other language; the labels follow the switch.
    return () => {
      stale = true;
    };
  }, [utils, gameId, gameLanguage, language]);

  return {
    state,
    pick,
    /** Loads again (the error's Try again). */
    reload: () => void load(),
    /** Does what waited for the network (the offline Try again). */
    retry: () => retryRef.current?.(),
    lifelinesUsed: (lifelines: UsedLifelines) => dispatch({ type: 'lifelinesUsed', lifelines }),
  };
}
