-- Reserved for issue 30; filled by the change that owns it.
SELECT 1;
