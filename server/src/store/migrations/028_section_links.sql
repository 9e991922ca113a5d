-- Anchor text (issue 60 item 1): each section's links to other pages of the site, as deployment
-- read them (`[{ "href": "<page path>", "text": "<the link's words>" }]`, NULL when it has none).
-- The search index files the words of the links into a page as a field of that page. Sections
-- stored before have none: their page keys are dropped, so the next deployment of each project
-- reads every page anew (an unchanged page's sections are otherwise copied, without links, from
-- the deployment before). Stored search indexes are built again (their layout changed).
ALTER TABLE page_sections ADD COLUMN links jsonb;
UPDATE page_sections SET page_key = NULL WHERE page_key IS NOT NULL;
DELETE FROM search_indexes;
