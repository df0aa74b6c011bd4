-- The media library (issue 23): alt texts in Italian and English and a decorative flag per stored
-- image. Images stored before it have no row: pages keep their fallback alt until staff write one.
CREATE TABLE "MediaImage" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "altIt" TEXT NOT NULL DEFAULT '',
    "altEn" TEXT NOT NULL DEFAULT '',
    "decorative" BOOLEAN NOT NULL DEFAULT false,
    "fileName" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
