import { useEffect, useState } from 'react';
import { api } from '@hcm/session';
import { ApiPaths } from '@hcm/contracts';

/**
 * The names of the users who last changed the rows (lastModifiedBy is a user id): read with
 * Admin › Users' find-by-ids. A user who may not read users (403), or an id the look-up does
 * not know, shows nothing rather than a raw id.
 */
export function useUserNames(ids: readonly (string | null | undefined)[]): ReadonlyMap<string, string> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))].sort();
  const key = wanted.join(',');
  const [names, setNames] = useState<{ key: string; byId: Map<string, string> }>({
    key: '',
    byId: new Map(),
  });
  useEffect(() => {
    if (key === '') return;
    let live = true;
    api
      .post<{ id: string; fullName: string; username: string }[]>(
        ApiPaths.iam.usersByIds,
        { ids: key.split(',') },
        { ignoreError: true },
      )
      .then(
        (users) => {
          if (live) setNames({ key, byId: new Map(users.map((u) => [u.id, u.fullName || u.username])) });
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [key]);
  return names.byId;
}
