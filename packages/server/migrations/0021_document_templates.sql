-- reserved for 0021_document_templates: filled in by its change
SELECT 1;
