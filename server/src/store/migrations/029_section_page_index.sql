-- Storing page texts costs less (issue 61 item 1): page_sections kept an index on (deployment_id,
-- page_path) that no query reads (every read goes by the primary key: a deployment's sections by
-- position, its page keys grouped over them, retention's deletes by ranges of positions). Each
-- row stored also wrote an entry to it: 60,000 sections stored 200 to a write on the embedded
-- database took 3.2 s of CPU without it against 4.0 s with it (~20% of the whole store open and
-- insert, load 9-14 on 2 cores).
DROP INDEX IF EXISTS page_sections_page;
