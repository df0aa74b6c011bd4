-- Track length in seconds, read from the stored audio file (NULL until read).
ALTER TABLE "MusicTrack" ADD COLUMN "durationSeconds" REAL;
