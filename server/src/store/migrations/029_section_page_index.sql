-- Storing page texts costs less (issue 61 item 1): page_sections kept an index on (deployment_id,
-- page_path) that no query reads (every read goes by the primary key: a deployment's sections by
-- position, its page keys grouped over them, retention's deletes by ranges of positions). Each
-- row stored also wrote an entry to it: 60,000 sections (a 20,000-page site) wrote 26.4 MB of WAL
-- with it and 19.5 MB without (its entries 2.6 MB), on PGlite and on PostgreSQL alike; storing them
-- 200 to a write on PGlite took 3.47 s of CPU against 4.06 s (mean of 7 runs each, load 9-17).
DROP INDEX IF EXISTS page_sections_page;
