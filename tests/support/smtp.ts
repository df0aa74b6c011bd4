// A real SMTP server on a free local port that keeps what it receives: contact messages are
// delivered to it (in-process tests set SMTP_URL to `url`; e2e servers get it in their env).
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";
import { resetEnvForTests } from "~/server/platform/env.server";

type Mail = { from: string; to: string[]; raw: string };

export type SmtpCapture = {
  url: string;
  mails: Mail[];
  /** The next `failNext` messages are refused with 451 (a busy mailbox), then delivery works again. */
  failNext: number;
  /** The next `refuseNext` messages are refused for good with 550 (a mailbox that does not take them). */
  refuseNext: number;
  /**
   * While set, a message is kept (in `mails`) but its "250 OK" waits for this promise: the sender is
   * caught between the mail server taking a message and learning that it did.
   */
  hold: Promise<void> | null;
  close(): Promise<void>;
};

/**
 * `into`: the object to fill (a handle handed out before the server starts). `credentials`: the one
 * user and password it accepts (AUTH over plain text, loopback only); without, it asks for none.
 * `port`: a given one (a mail server that comes up after the site tried it), else a free one.
 */
export async function startSmtpCapture(into: Partial<SmtpCapture> = {}, credentials?: { user: string; pass: string }, port = 0): Promise<SmtpCapture> {
  const capture = Object.assign(into, { mails: [] as Mail[], failNext: 0, refuseNext: 0, hold: null as Promise<void> | null });
  const smtp = new SMTPServer({
    authOptional: !credentials,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass) return callback(null, { user: auth.username });
      callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        if (capture.refuseNext > 0) {
          capture.refuseNext--;
          return callback(Object.assign(new Error("Message refused"), { responseCode: 550 }));
        }
        if (capture.failNext > 0) {
          capture.failNext--;
          return callback(Object.assign(new Error("Mailbox busy"), { responseCode: 451 }));
        }
        capture.mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        if (capture.hold) void capture.hold.then(() => callback());
        else callback();
      });
    },
  });
  // A site server stopped after its test drops its pooled SMTP connection: the reset is expected.
  // Without a listener, SMTPServer's "error" event would be an uncaught exception of the test run.
  smtp.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET") console.error("SMTP capture:", error);
  });
  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
  return Object.assign(capture, {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  });
}

/**
 * For in-process tests: an SMTP capture for the file, with SMTP_URL and CONTACT_TO pointing the
 * contact delivery at it (read again through resetEnvForTests), undone after the file.
 */
export function smtpPerFile(): SmtpCapture {
  const handle = {} as SmtpCapture;
  beforeAll(async () => {
    await startSmtpCapture(handle);
    process.env.SMTP_URL = handle.url;
    process.env.CONTACT_TO = "studio@example.it";
    resetEnvForTests();
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    resetEnvForTests();
    await handle.close?.();
  });
  return handle;
}
