// Types of core/disk.mjs for the app (storage, health) and the tests.
export function diskRoom(folder: string, minFreeDiskBytes: number | undefined): { freeBytes: number; floorBytes: number; totalBytes: number };
export function megabytes(bytes: number): number;
