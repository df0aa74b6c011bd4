// Types of core/smtp.mjs for the app's mail module and the tests.
export function transportOptions(smtpUrl: string): Record<string, unknown>;
