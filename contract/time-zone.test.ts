import { describe, expect, it } from "vitest";
import { daysBetween, dayIn, DEFAULT_TIME_ZONE, dueEventTime, isTimeZone, timeZoneOr } from "./time-zone";

describe("the library's time zone", () => {
  it("knows IANA zones and falls back to Brasília for anything else", () => {
    expect(isTimeZone("Europe/Rome")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(timeZoneOr(undefined)).toBe(DEFAULT_TIME_ZONE);
    expect(timeZoneOr(42)).toBe("America/Sao_Paulo");
  });

  it("puts an instant on the zone's day", () => {
    expect(dayIn(new Date("2026-11-28T01:30:00Z"), "America/Sao_Paulo")).toBe("2026-11-27");
    expect(dayIn(new Date("2026-11-28T01:30:00Z"), "UTC")).toBe("2026-11-28");
  });

  it("counts whole days between the zone's days", () => {
    expect(daysBetween(new Date("2026-11-27T12:00:00Z"), "2026-11-27", "America/Sao_Paulo")).toBe(0);
    expect(daysBetween(new Date("2026-11-28T01:30:00Z"), "2026-11-28", "America/Sao_Paulo")).toBe(1);
    expect(daysBetween(new Date("2026-11-27T12:00:00Z"), "2026-11-30T02:00:00Z", "America/Sao_Paulo")).toBe(2);
  });

  it("makes an hourly loan's event timed and a day loan's event all-day on the library's day", () => {
    expect(dueEventTime("2026-11-27T20:00:00Z", true, "America/Sao_Paulo")).toEqual({
      start: new Date("2026-11-27T19:30:00Z"),
      end: new Date("2026-11-27T20:00:00Z"),
      allDay: false,
    });
    expect(dueEventTime("2026-11-28T02:59:00Z", false, "America/Sao_Paulo")).toEqual({ start: new Date("2026-11-27T00:00:00Z"), allDay: true });
  });
});
