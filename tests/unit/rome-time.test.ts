import { describe, expect, it } from "vitest";
import { formatRomeTime, romeLocalToUtc, utcToRomeLocal } from "~/lib/rome-time";

// Issue 24: the admin's publication time is typed in Rome time and stored in UTC.
describe("Rome time of the publication field", () => {
  it("is UTC+1 in winter and UTC+2 in summer", () => {
    expect(romeLocalToUtc("2027-01-15T09:00")?.toISOString()).toBe("2027-01-15T08:00:00.000Z");
    expect(romeLocalToUtc("2027-07-15T09:00")?.toISOString()).toBe("2027-07-15T07:00:00.000Z");
  });

  it("follows the change days (last Sunday of March and of October)", () => {
    expect(romeLocalToUtc("2027-03-28T01:30")?.toISOString()).toBe("2027-03-28T00:30:00.000Z");
    expect(romeLocalToUtc("2027-03-28T03:30")?.toISOString()).toBe("2027-03-28T01:30:00.000Z");
    // 02:30 does not exist that night: the clock jumps from 02:00 to 03:00.
    expect(romeLocalToUtc("2027-03-28T02:30")?.toISOString()).toBe("2027-03-28T01:30:00.000Z");
    // 02:30 happens twice in October: the first one (still summer time).
    expect(romeLocalToUtc("2027-10-31T02:30")?.toISOString()).toBe("2027-10-31T00:30:00.000Z");
    expect(romeLocalToUtc("2027-10-31T03:30")?.toISOString()).toBe("2027-10-31T02:30:00.000Z");
  });

  it("shows a stored time as the Rome wall clock and back", () => {
    expect(utcToRomeLocal(new Date("2027-07-15T07:00:00Z"))).toBe("2027-07-15T09:00");
    expect(utcToRomeLocal(new Date("2027-12-31T23:30:00Z"))).toBe("2028-01-01T00:30");
    expect(formatRomeTime(new Date("2027-03-01T08:05:00Z"))).toBe("01/03/2027 09:05");
    for (const local of ["2027-01-15T09:00", "2027-07-15T23:59", "2027-10-31T01:00"]) expect(utcToRomeLocal(romeLocalToUtc(local) as Date)).toBe(local);
  });

  it("refuses what is not a date and time", () => {
    for (const text of ["", "2027-02-30T09:00", "2027-01-15", "2027-01-15T24:00", "domani"]) expect(romeLocalToUtc(text)).toBeNull();
  });
});
