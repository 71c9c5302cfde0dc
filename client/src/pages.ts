import { paths } from './config/paths';
import { type LazyPage, lazyPage, registerPages } from './lib/lazy-page';

// Only the sign-in screen is in the first load; every other page's code arrives when it is needed.
export const LocalSignInPage = lazyPage(() => import('./features/auth/local-sign-in-page'));
export const ProfilesPage = lazyPage(() => import('./features/profiles/profiles-page'));
export const CreateProfilePage = lazyPage(() => import('./features/profiles/create-profile-page'));
export const PreGamePage = lazyPage(() => import('./features/game/pre-game-page'));
export const GamePage = lazyPage(() => import('./features/game/game-page'));
export const FamilyPage = lazyPage(() => import('./features/family/family-page'));
export const ShowHostPage = lazyPage(() => import('./features/show/host-page'));
export const JoinShowPage = lazyPage(() => import('./features/show/join-page'));
export const AdminPage = lazyPage(() => import('./features/admin/admin-page'));

const byPath: Record<string, LazyPage> = {
  [paths.localSignIn]: LocalSignInPage,
  [paths.profiles]: ProfilesPage,
  [paths.createProfile]: CreateProfilePage,
  [paths.preGame]: PreGamePage,
  [paths.game]: GamePage,
  [paths.family]: FamilyPage,
  [paths.show]: ShowHostPage,
  [paths.join]: JoinShowPage,
  [paths.admin]: AdminPage,
};
registerPages(byPath);

/** The lazily loaded page at an address (the admin area for any /admin/… one). */
export function pageAt(pathname: string): LazyPage | undefined {
  return byPath[pathname.startsWith(`${paths.admin}/`) ? paths.admin : pathname];
}
