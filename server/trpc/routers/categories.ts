import { listCategories } from '../../services/categories';
import { protectedProcedure, router } from '../trpc';

export const categoriesRouter = router({
  list: protectedProcedure.query(({ ctx }) => listCategories(ctx.db)),
});
