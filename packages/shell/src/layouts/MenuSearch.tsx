import { useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import type { MenuNode } from '@hcm/contracts';
import { Input, SearchRegular, makeStyles, tokens, visuallyHidden } from '@hcm/ui';
import { menuLabelKey } from '../navigation/menu-service.ts';
import { searchMenu, type MenuSearchResult } from '../navigation/menu-search.ts';
import { useShellTranslation } from '../shell-i18n.ts';

const useStyles = makeStyles({
  box: { marginInline: tokens.spacingHorizontalXS, marginBottom: tokens.spacingVerticalS },
  // Read by screen readers, not drawn: the count of results as the user types.
  spoken: visuallyHidden,
});

export interface MenuSearchState {
  query: string;
  setQuery: (query: string) => void;
  clear: () => void;
  /** whether the menu shows search results instead of the whole menu */
  active: boolean;
  result: MenuSearchResult;
}

/** The menu search of this user's menu, in the labels of the language shown. */
export function useMenuSearch(menu: readonly MenuNode[]): MenuSearchState {
  const { t } = useShellTranslation();
  const [query, setQuery] = useState('');
  const result = useMemo(() => searchMenu(menu, query, (key) => t(menuLabelKey(key))), [menu, query, t]);
  return { query, setQuery, clear: () => setQuery(''), active: query.trim() !== '', result };
}

const entryLinks = (list: RefObject<HTMLElement | null>) =>
  Array.from(list.current?.querySelectorAll<HTMLAnchorElement>('a[data-menu-entry]') ?? []);

/**
 * The search box above the menu. Keyboard: Arrow Down moves to the first result, Enter opens it,
 * Escape clears the search (and only that: a drawer closes on the next Escape). The number of
 * results is announced politely while typing.
 */
export function MenuSearch({
  search,
  listRef,
}: {
  search: MenuSearchState;
  listRef: RefObject<HTMLElement | null>;
}) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && search.query !== '') {
      event.preventDefault();
      event.stopPropagation();
      search.clear();
    } else if (event.key === 'ArrowDown') {
      const first = entryLinks(listRef)[0];
      if (first) {
        event.preventDefault();
        first.focus();
      }
    } else if (event.key === 'Enter' && search.active) {
      event.preventDefault();
      // The link's own click handler moves inside the portal and closes a drawer.
      entryLinks(listRef)[0]?.click();
    }
  };
  const count = search.result.entryCount;
  return (
    <>
      <Input
        className={styles.box}
        type="search"
        size="medium"
        appearance="filled-darker"
        contentBefore={<SearchRegular aria-hidden />}
        aria-label={t('navigation.search.label')}
        placeholder={t('navigation.search.placeholder')}
        value={search.query}
        onChange={(_event, data) => search.setQuery(data.value)}
        onKeyDown={onKeyDown}
      />
      <div role="status" className={styles.spoken}>
        {search.active
          ? count === 0
            ? t('navigation.search.none')
            : t('navigation.search.results', { count })
          : ''}
      </div>
    </>
  );
}
