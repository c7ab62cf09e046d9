-- The original product wrote the text 'null' for a gallery item without an image. Rows carried over
-- from it are normalised here once, so the code only ever meets a real NULL (the REST shim still
-- answers the text 'null' to clients written against the original).
UPDATE `gallery_items` SET `image` = NULL WHERE `image` = 'null';
