SELECT hcm_create_category_table('job_categories');
