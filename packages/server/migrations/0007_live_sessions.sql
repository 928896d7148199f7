-- 0007 live sessions and refresh grace (issue 8 parts 3 and 4).
-- Placeholder: the issue-8 work fills this migration.
SELECT 1;
