import { describe, expect, it } from "vitest";
import type { Port } from "../../../api/reference";
import type { FleetVesselView } from "./fleet";
import { type Box, PORT_LABELS_MIN_ZOOM, placeLabels, portLabelsOf } from "./port-labels";

const port = (id: string, latitude: number | null = 1, longitude: number | null = 2): Port => ({
  id,
  type: "port",
  attributes: {
    name: id,
    code: id.toUpperCase(),
    state_abbr: null,
    city: null,
    country_code: "XX",
    time_zone: "UTC",
    latitude,
    longitude,
  },
});
const sailing = (previousPort: Port | null, nextPort: Port | null) =>
  ({ previousPort, nextPort }) as FleetVesselView;

describe("portLabelsOf", () => {
  it("names each port the vessels sail between once, busiest first, then by name", () => {
    const labels = portLabelsOf([
      sailing(port("Shanghai"), port("Rotterdam")),
      sailing(port("Busan"), port("Rotterdam")),
      sailing(null, port("Antwerp")),
    ]);
    expect(labels.map((l) => [l.name, l.vessels])).toEqual([
      ["Rotterdam", 2],
      ["Antwerp", 1],
      ["Busan", 1],
      ["Shanghai", 1],
    ]);
  });

  it("leaves out a port without coordinates and the one the selected vessel's label already names", () => {
    const labels = portLabelsOf(
      [sailing(port("Nowhere", null, null), port("Rotterdam")), sailing(port("Busan"), null)],
      "Rotterdam",
    );
    expect(labels.map((l) => l.name)).toEqual(["Busan"]);
  });
});

describe("placeLabels", () => {
  const at = (x: number, y: number): Box => ({ x, y, width: 60, height: 16 });
  const boxes: Record<string, Box | null> = { a: at(0, 0), b: at(30, 8), c: at(100, 0), d: null };

  it("shows no label with the whole world in view", () => {
    expect(placeLabels(["a", "c"], PORT_LABELS_MIN_ZOOM - 0.5, (l) => boxes[l]!)).toEqual([]);
  });

  it("skips a label that would overlap one placed before it, or the ones to keep clear, and those out of view", () => {
    expect(placeLabels(["a", "b", "c", "d"], 5, (l) => boxes[l] ?? null)).toEqual(["a", "c"]);
    expect(placeLabels(["b", "a", "c"], 5, (l) => boxes[l] ?? null)).toEqual(["b", "c"]);
    expect(placeLabels(["a", "b", "c"], 5, (l) => boxes[l] ?? null, [at(90, 4)])).toEqual(["a"]);
  });
});
