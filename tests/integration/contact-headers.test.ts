import addressparser from "nodemailer/lib/addressparser";
import { describe, expect, it } from "vitest";
import { CAPTCHA_LIMIT, createCaptcha, purgeExpiredCaptchas } from "~/server/domain/captcha.server";
import { deliverPendingMessages, plainDisplayName, submitContact } from "~/server/domain/contact.server";
import { db } from "~/server/storage/db.server";
import { purgeExpiredRateLimits } from "~/server/domain/rate-limit.server";
import { smtpPerFile } from "../support/smtp";

const smtp = smtpPerFile();

/** The header block of a raw message, folded lines joined. */
function headers(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const map = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    map.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return map;
}

async function send(name: string, email: string, ip: string) {
  const captcha = (await createCaptcha(ip))!;
  const { answer } = await db.captcha.findUniqueOrThrow({ where: { id: captcha.id } });
  return submitContact({
    values: { name, email, description: "Salve", privacy: true },
    captchaId: captcha.id,
    captchaValue: answer,
    honeypot: "",
    ip,
    lang: "it",
  });
}

describe("Reply-To of a contact message", () => {
  it("holds only the visitor's address, whatever the name says", async () => {
    for (const name of [
      'Eve <attacker@evil.example>, "Bob"',
      "attacker@evil.example",
      "Eve\r\nBcc: attacker@evil.example",
      "Eve <attacker@evil.example",
      '"a@evil.example" <b@evil.example>; Bob',
    ]) {
      smtp.mails.length = 0;
      expect((await send(name, "bob@example.it", "192.0.2.30")).status).toBe("sent");
      await expect.poll(async () => (await deliverPendingMessages()).sent + smtp.mails.length).toBeGreaterThan(0);
      expect(smtp.mails).toHaveLength(1);
      const head = headers(smtp.mails[0]!.raw);
      const replyTo = addressparser(head.get("reply-to") ?? "", { flatten: true });
      expect(
        replyTo.map((a) => a.address),
        name,
      ).toEqual(["bob@example.it"]);
      expect([...head.values()].join("\n"), name).not.toContain("attacker@evil.example");
      expect([...head.values()].join("\n"), name).not.toContain("evil.example");
      expect(head.has("bcc")).toBe(false);
    }
  });

  it("keeps the readable part of the name", () => {
    expect(plainDisplayName('Eve <attacker@evil.example>, "Bob"')).toBe("Eve Bob");
    expect(plainDisplayName("Maria D'Angelo")).toBe("Maria D'Angelo");
    expect(plainDisplayName("Zoë (studio) Rossi; x")).toBe("Zoë studio Rossi x");
  });

  it("refuses an address with header syntax in it", async () => {
    for (const email of ["bob@example.it, attacker@evil.example", "attacker@evil.example>,<bob@example.it", "a,b@example.it", "a<b@example.it"]) {
      const outcome = await send("Bob", email, "192.0.2.31");
      expect(outcome.status, email).toBe("invalid");
    }
  });
});

describe("captcha rows", () => {
  it("are made at most CAPTCHA_LIMIT per address per minute; other addresses are not affected", async () => {
    const t0 = new Date();
    const made = [];
    for (let i = 0; i < CAPTCHA_LIMIT.limit + 5; i++) made.push(await createCaptcha("192.0.2.40", t0));
    expect(made.filter(Boolean)).toHaveLength(CAPTCHA_LIMIT.limit);
    expect(made.slice(CAPTCHA_LIMIT.limit).every((c) => c === null)).toBe(true);
    expect(await createCaptcha("192.0.2.41", t0)).not.toBeNull();
    expect(await createCaptcha("192.0.2.40", new Date(t0.getTime() + CAPTCHA_LIMIT.windowMs + 1))).not.toBeNull();
  });

  it("expired captchas and rate-limit windows are deleted through an index", async () => {
    type Plan = { detail: string };
    const captchaPlan = await db.$queryRawUnsafe<Plan[]>('EXPLAIN QUERY PLAN DELETE FROM "Captcha" WHERE "expiresAt" < ?', Date.now());
    expect(captchaPlan.map((p) => p.detail).join("\n")).toMatch(/USING (COVERING )?INDEX Captcha_expiresAt_idx/);
    const ratePlan = await db.$queryRawUnsafe<Plan[]>('EXPLAIN QUERY PLAN DELETE FROM "RateLimit" WHERE "resetAt" <= ?', Date.now());
    expect(ratePlan.map((p) => p.detail).join("\n")).toMatch(/USING (COVERING )?INDEX RateLimit_resetAt_idx/);
    await db.captcha.create({ data: { id: "old-one", answer: "AAAAA", expiresAt: new Date(Date.now() - 1000) } });
    expect(await purgeExpiredCaptchas()).toBeGreaterThanOrEqual(1);
    expect(await purgeExpiredRateLimits()).toBeGreaterThanOrEqual(0);
  });
});
