-- reserved for 0025_outbound_log: filled in by its change
SELECT 1;
