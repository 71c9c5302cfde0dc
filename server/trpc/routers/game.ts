import { answerInput, currentGameInput, startGameInput } from '../../../shared/schemas/game';
import { currentGame } from '../../services/game';
import { onGameThread } from '../../services/game-thread';
import { protectedProcedure, router } from '../trpc';

export const gameRouter = router({
  /** A new game, or null when no question matches (the no-questions screen). */
  start: protectedProcedure
    .input(startGameInput)
    .mutation(({ ctx, input }) => onGameThread(ctx.db, 'startGame', ctx.user.id, input)),
  current: protectedProcedure
    .input(currentGameInput)
    .query(({ ctx, input }) => currentGame(ctx.db, ctx.user.id, input.profileId)),
  answer: protectedProcedure
    .input(answerInput)
    .mutation(({ ctx, input }) => onGameThread(ctx.db, 'answerQuestion', ctx.user.id, input)),
});
