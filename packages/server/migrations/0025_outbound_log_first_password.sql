-- reserved for 0025_outbound_log_first_password: filled in by its change
SELECT 1;
