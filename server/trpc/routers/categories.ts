import { listCategories, shortCategories } from '../../services/categories';
import { protectedProcedure, router } from '../trpc';

export const categoriesRouter = router({
  list: protectedProcedure.query(({ ctx }) => listCategories(ctx.db)),
  /** Categories with fewer questions than a game: /pre-game says the game will be short. */
  short: protectedProcedure.query(({ ctx }) => shortCategories(ctx.db)),
});
