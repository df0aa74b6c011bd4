import { expect, it } from "vitest";
import { runJanitor } from "~/server/domain/janitor.server";
import { db } from "~/server/storage/db.server";

/**
 * Issue 37: "unconfirmed sign-ups are deleted after 7 days by the janitor" — with what they kept (the
 * client address, the consent version); confirmed and unsubscribed addresses are never its business.
 */
const DAY = 86_400_000;

it("the janitor deletes sign-ups left unconfirmed for 7 days, and only those", async () => {
  const now = Date.now();
  const signedUp = (daysAgo: number) => new Date(now - daysAgo * DAY);
  const rows = {
    stale: { email: "mai-confermata@example.org", state: "pending", signedUpAt: signedUp(7.1) },
    recent: { email: "quasi-scaduta@example.org", state: "pending", signedUpAt: signedUp(6.9) },
    active: { email: "iscritta@example.org", state: "active", signedUpAt: signedUp(400), confirmedAt: signedUp(399) },
    left: { email: "uscita@example.org", state: "unsubscribed", signedUpAt: signedUp(400), unsubscribedAt: signedUp(30) },
  };
  for (const row of Object.values(rows))
    await db.newsletterSubscriber.create({ data: { lang: "it", signupIp: "203.0.113.7", consentVersion: "2026-11", ...row } });

  const report = await runJanitor(now);
  expect(report.unconfirmedSignups).toBe(1);
  const kept = await db.newsletterSubscriber.findMany({ where: { email: { in: Object.values(rows).map((row) => row.email) } }, select: { email: true } });
  expect(kept.map((row) => row.email).sort()).toEqual([rows.active.email, rows.left.email, rows.recent.email].sort());
});
