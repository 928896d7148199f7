-- reserved for 0026_first_password: filled in by its change
SELECT 1;
