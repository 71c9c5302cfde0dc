import { adminRouter } from './routers/admin';
import { categoriesRouter } from './routers/categories';
import { familyRouter } from './routers/family';
import { gameRouter } from './routers/game';
import { parentLockRouter } from './routers/parent-lock';
import { profilesRouter } from './routers/profiles';
import { sessionRouter } from './routers/session';
import { showRouter } from './routers/show';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  session: sessionRouter,
  profiles: profilesRouter,
  categories: categoriesRouter,
  game: gameRouter,
  admin: adminRouter,
  parentLock: parentLockRouter,
  family: familyRouter,
  show: showRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
