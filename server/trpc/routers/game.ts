import { answerInput, currentGameInput, startGameInput } from '../../../shared/schemas/game';
import { currentGame } from '../../services/game';
import { answerProcedure, gameStartProcedure, protectedProcedure, router } from '../trpc';

export const gameRouter = router({
  /** A new game, or null when no question matches (the no-questions screen). */
  start: gameStartProcedure
    .input(startGameInput)
    .mutation(({ ctx, input }) => ctx.writer.startGame(ctx.user.id, input)),
  current: protectedProcedure
    .input(currentGameInput)
    .query(({ ctx, input }) => currentGame(ctx.db, ctx.user.id, input.profileId)),
  answer: answerProcedure
    .input(answerInput)
    .mutation(({ ctx, input }) => ctx.writer.answerQuestion(ctx.user.id, input)),
});
