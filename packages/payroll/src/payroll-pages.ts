import { PAYROLL_APP } from '@hcm/contracts';

/** The app's route a path is, or is below; null outside the app. */
export function routeOf(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '');
  return PAYROLL_APP.routes.find((route) => path === route || path.startsWith(`${route}/`)) ?? null;
}
