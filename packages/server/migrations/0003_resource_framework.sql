-- 0003 resource framework: the action log and the first declared resources.
SELECT 1;
