import { useEffect, useState } from 'react';
import { mergePages, type PickOption } from './assignment-model.ts';

/** One page of choices, and whether more follow. */
export interface OptionPage {
  options: PickOption[];
  more: boolean;
}

/** Reads page `pageIndex` (from 1) of the choices matching `keyword`. */
export type PageLoader = (keyword: string, pageIndex: number) => Promise<OptionPage>;

interface Loaded {
  /** the source and keyword these pages answer */
  call: string;
  options: PickOption[];
  /** the last page read (or tried) */
  pageIndex: number;
  more: boolean;
  failed: boolean;
}

/**
 * The choices of a dropdown, read page by page: the first page once `active` (the list is
 * open) for the keyword, the next one on loadMore (scrolled to the bottom). Entries already
 * shown are not repeated. An answer for an older source or keyword is dropped.
 */
export function usePagedOptions(
  load: PageLoader | null,
  sourceKey: string,
  keyword: string,
  active: boolean,
) {
  const call = `${sourceKey}\u0000${keyword}`;
  const [wanted, setWanted] = useState<{ call: string; pageIndex: number } | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const pageIndex = wanted?.call === call ? wanted.pageIndex : 1;
  const current = loaded?.call === call ? loaded : null;
  const done = current !== null && current.pageIndex >= pageIndex;

  useEffect(() => {
    if (!active || !load || done) return;
    let live = true;
    const before = (previous: Loaded | null) => (previous?.call === call ? previous.options : []);
    load(keyword, pageIndex).then(
      (page) =>
        live &&
        setLoaded((previous) => ({
          call,
          options: mergePages(before(previous), page.options, (option) => option.id),
          pageIndex,
          more: page.more,
          failed: false,
        })),
      // a failed page is not asked again by itself: the list says so, and a new search retries
      () =>
        live &&
        setLoaded((previous) => ({ call, options: before(previous), pageIndex, more: false, failed: true })),
    );
    return () => {
      live = false;
    };
  }, [active, load, done, call, keyword, pageIndex]);

  return {
    options: current?.options ?? [],
    loading: active && load !== null && !done,
    failed: current?.failed ?? false,
    loadMore: () => {
      if (done && current.more) setWanted({ call, pageIndex: current.pageIndex + 1 });
    },
  };
}
