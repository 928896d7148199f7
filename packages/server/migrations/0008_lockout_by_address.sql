-- 0008 lockout by user name and client address, proof-of-work challenges (issue 8 part 5).
-- Placeholder: the issue-8 work fills this migration.
SELECT 1;
