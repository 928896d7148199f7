/** Provinces, districts and wards (national reference data, no tenant). */
export const areaTables = {};
