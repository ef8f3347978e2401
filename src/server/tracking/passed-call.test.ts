// Unit tests of passed-call.ts: a ship that came within the port's approaches and is now well out has called and
// left; one still coming, one at anchor off the port, or one that only sailed by far off has not.
import { describe, expect, it } from "vitest";
import { leftPortAt } from "./passed-call";

// Rotterdam, and reports along a ship's week (one degree of latitude is 60 nm).
const PORT = { latitude: 51.95, longitude: 4.05 };
const at = (hours: number) => new Date(Date.UTC(2026, 10, 20) + hours * 3_600_000);
const report = (latitude: number, longitude: number, hours: number) => ({
  latitude,
  longitude,
  timestamp: at(hours),
});

describe("leftPortAt", () => {
  it("is the last report inside the port's approaches, once the ship is well out", () => {
    const reports = [
      report(50.5, 1.0, 0),
      report(51.9, 4.0, 20),
      report(51.95, 4.06, 30),
      report(53.2, 4.6, 40),
    ];
    expect(leftPortAt(reports, PORT, { latitude: 53.2, longitude: 4.6 }, at(-10))).toEqual(at(30));
  });

  it("is undefined for a ship still coming, even one already close", () => {
    const reports = [report(49.0, -3.0, 0), report(50.5, 1.0, 20)];
    expect(leftPortAt(reports, PORT, { latitude: 50.5, longitude: 1.0 }, at(-10))).toBeUndefined();
    expect(
      leftPortAt([...reports, report(51.9, 3.9, 30)], PORT, { latitude: 51.9, longitude: 3.9 }, at(-10)),
    ).toBeUndefined();
  });

  it("is undefined for a ship at anchor off the port, and for one that passed far off", () => {
    const anchored = [report(51.95, 4.05, 0), report(52.1, 3.7, 10)];
    expect(leftPortAt(anchored, PORT, { latitude: 52.1, longitude: 3.7 }, at(-10))).toBeUndefined();
    const byPassing = [report(51.5, 2.0, 0), report(52.5, 2.5, 10), report(54.0, 3.0, 20)];
    expect(leftPortAt(byPassing, PORT, { latitude: 54.0, longitude: 3.0 }, at(-10))).toBeUndefined();
  });

  it("does not count a pass before the ship left the leg's previous port (a shuttle's earlier call)", () => {
    const reports = [report(51.95, 4.05, 0), report(53.2, 4.6, 40)];
    expect(leftPortAt(reports, PORT, { latitude: 53.2, longitude: 4.6 }, at(10))).toBeUndefined();
    expect(leftPortAt(reports, PORT, { latitude: 53.2, longitude: 4.6 }, at(-10))).toEqual(at(0));
  });
});
