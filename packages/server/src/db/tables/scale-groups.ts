/** Military groups and ranks, technical groups and levels. */
export const scaleGroupTables = {};
