-- What each page's sections were made from (its place in the tree, the blobs of its file and
-- of its OpenAPI spec, the checks that applied), as a key: the next deployment of the project
-- copies the sections of the pages whose key it finds again instead of making them anew.
ALTER TABLE page_sections ADD COLUMN page_key text;
