-- Damage that heals (issue 52 item 3): every stored part that is read back (a search index's
-- parts, a page tree's and a file map's JSON text parts, section embeddings) carries the MD5 of
-- its bytes, checked before it is used; a search index also carries its whole length, so a part
-- cut short is seen before anything is hashed. A damaged part is built again from what it was
-- made of. Stored search indexes are a cache, built again on their next question: dropped here
-- rather than hashed. The others are hashed as they are (md5() of text is of its UTF-8 bytes,
-- as the server computes it).
DELETE FROM search_indexes;
ALTER TABLE search_indexes ADD COLUMN bytes integer NOT NULL;
ALTER TABLE search_indexes ADD COLUMN checksum text NOT NULL;
ALTER TABLE tree_parts ADD COLUMN checksum text;
UPDATE tree_parts SET checksum = md5(data);
ALTER TABLE tree_parts ALTER COLUMN checksum SET NOT NULL;
ALTER TABLE file_parts ADD COLUMN checksum text;
UPDATE file_parts SET checksum = md5(data);
ALTER TABLE file_parts ALTER COLUMN checksum SET NOT NULL;
ALTER TABLE section_embeddings ADD COLUMN checksum text;
UPDATE section_embeddings SET checksum = md5(vector);
ALTER TABLE section_embeddings ALTER COLUMN checksum SET NOT NULL;
