-- 0068: reserved for issue 31 (filled by the part that owns it)
SELECT 1;
