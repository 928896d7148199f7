/** Region wages, salary grades (and their scales), contract types. */
export const wageCategoryTables = {};
