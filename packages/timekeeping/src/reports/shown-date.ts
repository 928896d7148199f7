/** 'yyyy-MM-dd' as HR reads a date (catalogues §9: dd/MM/yyyy) in the reports' titles. */
export const shownDate = (date: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}` : date;
