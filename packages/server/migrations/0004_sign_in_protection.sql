-- 0004 sign-in protection: lockout, captcha challenges.
SELECT 1;
