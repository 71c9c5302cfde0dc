import { familyGamesInput } from '#shared/schemas/family.ts';
import { familyGames, familyReport } from '../../services/family-report';
import { parentProcedure, router } from '../trpc';

/** The family page (/family): a parent's, behind the parent lock, on the server as on the page. */
export const familyRouter = router({
  /** How each profile is doing: games, right answers by category, where it is right least often. */
  report: parentProcedure.query(({ ctx }) => familyReport(ctx.db, ctx.user.id)),
  /** More of a profile's games, older than the last one shown. */
  games: parentProcedure.input(familyGamesInput).query(({ ctx, input }) => familyGames(ctx.db, ctx.user.id, input)),
});
