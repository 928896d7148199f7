-- reserved for 0022_workflow_templates: filled in by its change
SELECT 1;
