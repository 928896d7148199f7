-- banks (H3)
SELECT 1;

-- areas (H6)
