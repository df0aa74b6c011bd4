// How the site talks to its bucket, in one place for the server's store (app/server/storage/s3.server.ts)
// and the backup's check of the objects the database references (scripts/ops/pg-backup.mjs).

/**
 * The S3Client options for the S3_* settings (docs/scaling.md).
 * @param {import("./config.mjs").S3Settings} settings
 */
export function s3ClientConfig(settings) {
  return {
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: the SDK's default (a CRC32 trailer on every upload)
    // is a newer protocol that S3-compatible servers (Swift 2.30's s3api) refuse.
    requestChecksumCalculation: /** @type {const} */ ("WHEN_REQUIRED"),
    responseChecksumValidation: /** @type {const} */ ("WHEN_REQUIRED"),
  };
}
