-- reserved for 0023_position_salary_coefficients: filled in by its change
SELECT 1;
