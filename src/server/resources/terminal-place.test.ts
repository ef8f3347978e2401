// A terminal's place as the hosted API relates it: `port` always, and `metro_area` when the place is an inland
// city (a rail ramp's), as the hosted rail terminals carry it.
import { describe, expect, it } from "vitest";
import type { PortRow, TerminalRow } from "../db/reference-data";
import { metroAreaResource, terminalResource } from "./reference";

const place = (id: string, kind: string): PortRow => ({
  id,
  locode: id.toUpperCase(),
  name: id,
  city: id,
  countryCode: "US",
  stateAbbr: "IL",
  latitude: 41.88,
  longitude: -87.63,
  timeZone: "America/Chicago",
  kind,
});
const terminal = (portId: string): TerminalRow =>
  ({ id: `t-${portId}`, portId, name: "Ramp", nickname: null }) as unknown as TerminalRow;

describe("a terminal's place", () => {
  const reference = {
    ports: new Map([
      ["uschi", place("uschi", "inland")],
      ["uslax", place("uslax", "seaport")],
    ]),
  };

  it("names the metro area of an inland ramp and none of a seaport's terminal", () => {
    expect(terminalResource(terminal("uschi"), reference).relationships).toEqual({
      port: { data: { id: "uschi", type: "port" } },
      metro_area: { data: { id: "uschi", type: "metro_area" } },
    });
    expect(terminalResource(terminal("uslax"), reference).relationships.metro_area).toEqual({ data: null });
  });

  it("spells a metro area as the hosted API does", () => {
    expect(metroAreaResource(place("uschi", "inland"))).toEqual({
      id: "uschi",
      type: "metro_area",
      attributes: {
        name: "uschi",
        code: "USCHI",
        state_abbr: "IL",
        country_code: "US",
        time_zone: "America/Chicago",
        latitude: 41.88,
        longitude: -87.63,
      },
    });
  });
});
