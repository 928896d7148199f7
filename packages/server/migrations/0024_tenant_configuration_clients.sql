-- reserved for 0024_tenant_configuration_clients: filled in by its change
SELECT 1;
