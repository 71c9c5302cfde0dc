import {
  answerInput,
  currentGameInput,
  gameIdInput,
  gameViewInput,
  lifelineInput,
  startGameInput,
} from '#shared/schemas/game.ts';
import { reportQuestionInput } from '#shared/schemas/report.ts';
import { currentGame, gameById, gameState } from '../../game/game-views';
import { protectedProcedure, router } from '../trpc';

export const gameRouter = router({
  /** A new game, or null when no question matches (the no-questions screen). */
  start: protectedProcedure
    .input(startGameInput)
    .mutation(({ ctx, input }) => ctx.writer.startGame(ctx.user.id, input)),
  /**
   * The profile's unfinished game, or null; status 'interrupted' when it cannot go on (an admin
   * deleted a question it has still to show): the client then ends it (endInterrupted). A query
   * never writes.
   */
  current: protectedProcedure
    .input(currentGameInput)
    .query(({ ctx, input }) => currentGame(ctx.db, ctx.user.id, input.profileId)),
  /** Ends an interrupted game as a walk-away, keeping what was won (status 'removed'). */
  endInterrupted: protectedProcedure
    .input(gameIdInput)
    .mutation(({ ctx, input }) => ctx.writer.endInterruptedGame(ctx.user.id, input.gameId)),
  /**
   * One of the account's games as served, ended or not, in a language of choice: a reload during
   * the last pick's feedback shows it, and switching EN/VI mid-game shows the same game in the other.
   */
  byId: protectedProcedure
    .input(gameViewInput)
    .query(({ ctx, input }) => gameById(ctx.db, ctx.user.id, input.gameId, input.lang)),
  /** Where one of the account's games stands, with its last recorded pick (after a lost reply, offline, a second tab). */
  state: protectedProcedure.input(gameIdInput).query(({ ctx, input }) => gameState(ctx.db, ctx.user.id, input.gameId)),
  answer: protectedProcedure
    .input(answerInput)
    .mutation(({ ctx, input }) => ctx.writer.answerQuestion(ctx.user.id, input)),
  /** A lifeline on the current question, once a game; what it shows is the server's (shared/lifelines.ts). */
  lifeline: protectedProcedure
    .input(lifelineInput)
    .mutation(({ ctx, input }) => ctx.writer.takeLifeline(ctx.user.id, input)),
  /** "Report a problem" with a question of the player's game (admins see it on their dashboard). */
  report: protectedProcedure
    .input(reportQuestionInput)
    .mutation(({ ctx, input }) => ctx.writer.reportQuestion(ctx.user.id, input)),
});
