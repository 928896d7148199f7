-- 0006 secrets out of the application role's reach (issue 8 part 6).
-- Placeholder: the issue-8 work fills this migration.
SELECT 1;
