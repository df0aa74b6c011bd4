// The free-space floor every writer keeps on the data disk (uploads, backups) and /readyz, `npm run
// doctor` and /metrics report: MIN_FREE_DISK_MB when set, otherwise 1 GB or a tenth of the disk,
// whichever is smaller (a small volume is not refused everything). The database, its backups and the
// log share that disk: no upload and no backup may be what fills it.
import fs from "node:fs";

const GB = 1024 * 1024 * 1024;

/**
 * Free bytes on the disk holding `folder` (for an unprivileged user) and the floor to keep there.
 * @param {string} folder @param {number | undefined} minFreeDiskBytes
 */
export function diskRoom(folder, minFreeDiskBytes) {
  const stats = fs.statfsSync(folder);
  const freeBytes = stats.bavail * stats.bsize;
  const floorBytes = minFreeDiskBytes ?? Math.min(GB, stats.blocks * stats.bsize * 0.1);
  return { freeBytes, floorBytes, totalBytes: stats.blocks * stats.bsize };
}

/** @param {number} bytes */
export const megabytes = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
