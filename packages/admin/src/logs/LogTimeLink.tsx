import { Link, formatDate, goTo } from '@hcm/ui';
import { logDetailPath } from './log-route.ts';

/** An entry's time in the list, the link to its detail (the log's first column). */
export function LogTimeLink({ route, id, at }: { route: string; id: string; at: string }) {
  const path = logDetailPath(route, id);
  return (
    <Link
      href={path}
      onClick={(event) => {
        event.preventDefault();
        goTo(path);
      }}
    >
      {formatDate(at, 'timeDate')}
    </Link>
  );
}
