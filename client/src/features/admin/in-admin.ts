import { paths } from '../../config/paths';

/** A path under /admin as the admin area's nested routes and links take it (`/admin/questions` → `/questions`). */
export function inAdmin(path: string): string {
  return path.startsWith(paths.admin) ? path.slice(paths.admin.length) || '/' : path;
}
