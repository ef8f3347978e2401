// Guards the reference seed data: codes that other tables join on must be well-formed and unique,
// and every port must carry a usable IANA zone and coordinates.
import { describe, expect, it } from "vitest";
import { PORTS } from "./ports";
import { TERMINALS } from "./terminals";

const LOCODE = /^[A-Z]{2}[A-Z2-9]{3}$/;

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const dups = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) dups.add(value);
    seen.add(value);
  }
  return [...dups];
}

describe("reference ports", () => {
  it("has unique, well-formed UN/LOCODEs", () => {
    const bad = PORTS.filter((p) => !LOCODE.test(p.locode)).map((p) => p.locode);
    expect(bad).toEqual([]);
    expect(duplicates(PORTS.map((p) => p.locode))).toEqual([]);
  });

  it("has a country code equal to the locode's first two letters", () => {
    const bad = PORTS.filter((p) => p.locode.slice(0, 2) !== p.countryCode).map((p) => p.locode);
    expect(bad).toEqual([]);
  });

  it("has valid IANA time zones", () => {
    const bad = PORTS.filter((p) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: p.timeZone });
        return false;
      } catch {
        return true;
      }
    }).map((p) => `${p.locode} ${p.timeZone}`);
    expect(bad).toEqual([]);
  });

  it("has coordinates within range", () => {
    const bad = PORTS.filter(
      (p) =>
        !Number.isFinite(p.latitude) ||
        !Number.isFinite(p.longitude) ||
        p.latitude < -90 ||
        p.latitude > 90 ||
        p.longitude < -180 ||
        p.longitude > 180,
    ).map((p) => p.locode);
    expect(bad).toEqual([]);
  });

  it("covers at least 150 seaports and 15 inland hubs", () => {
    expect(PORTS.filter((p) => p.kind === "seaport").length).toBeGreaterThanOrEqual(150);
    expect(PORTS.filter((p) => p.kind === "inland").length).toBeGreaterThanOrEqual(15);
  });

  it("gives US and Canadian ports a state or province", () => {
    const bad = PORTS.filter(
      (p) => (p.countryCode === "US" || p.countryCode === "CA") && p.stateAbbr === null,
    ).map((p) => p.locode);
    expect(bad).toEqual([]);
  });
});

describe("reference terminals", () => {
  const locodes = new Set(PORTS.map((p) => p.locode));

  it("points every terminal at a reference port", () => {
    const bad = TERMINALS.filter((t) => !locodes.has(t.portLocode)).map(
      (t) => `${t.name} -> ${t.portLocode}`,
    );
    expect(bad).toEqual([]);
  });

  it("includes the US terminals of the shared list", () => {
    const us = TERMINALS.filter((t) => t.country === "US" && t.firmsCode !== null);
    expect(us.length).toBeGreaterThanOrEqual(45);
  });

  it("has unique FIRMS codes", () => {
    const codes = TERMINALS.flatMap((t) => (t.firmsCode === null ? [] : [t.firmsCode]));
    expect(duplicates(codes)).toEqual([]);
  });

  it("spot-checks known FIRMS codes", () => {
    const byFirms = new Map(
      TERMINALS.flatMap((t) => (t.firmsCode === null ? [] : [[t.firmsCode, t] as const])),
    );
    expect(byFirms.get("W185")).toMatchObject({ portLocode: "USLAX", nickname: "APMT" });
    expect(byFirms.get("Y309")).toMatchObject({ portLocode: "USLGB", nickname: "ITS" });
    expect(byFirms.get("L737")).toMatchObject({ portLocode: "USSAV", stateAbbr: "GA" });
    expect(byFirms.get("E364")).toMatchObject({ portLocode: "USNYC", nickname: "GCTB" });
    expect(byFirms.get("N195")).toMatchObject({ portLocode: "USORF", state: "Virginia" });
  });

  it("gives every US terminal its full state name", () => {
    const bad = TERMINALS.filter((t) => t.country === "US" && (t.state === null || t.stateAbbr === null)).map(
      (t) => t.name,
    );
    expect(bad).toEqual([]);
  });

  it("keeps FIRMS codes to US terminals", () => {
    const bad = TERMINALS.filter((t) => t.firmsCode !== null && t.country !== "US").map((t) => t.name);
    expect(bad).toEqual([]);
  });
});
