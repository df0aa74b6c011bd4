-- Issue 35.8: the media library names an image by the file the staff uploaded. Files stored before keep no
-- such name (NULL): the library shows their stored name and says the original one was not kept.
ALTER TABLE "StoredFile" ADD COLUMN "originalName" TEXT;
