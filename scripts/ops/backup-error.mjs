/** A backup refused or failed for a reason the operator can act on (no stack in the log). */
export class BackupError extends Error {
  /** @param {string} message @param {Record<string, unknown>} [fields] */
  constructor(message, fields = {}) {
    super(message);
    this.name = "BackupError";
    this.fields = fields;
  }
}
