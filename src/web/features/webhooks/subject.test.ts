// Unit tests of what a notification page links to: the container, shipment and tracking request delivered.
import { describe, expect, it } from "vitest";
import { subjectLinks } from "./subject";

describe("subjectLinks", () => {
  it("finds the container, shipment and tracking request among the delivered resources, in that order", () => {
    const links = subjectLinks([
      { id: "te1", type: "transport_event", attributes: { event: "container.transport.full_out" } },
      { id: "tr1", type: "tracking_request", attributes: { request_number: "MAEU123456789" } },
      { id: "s1", type: "shipment", attributes: { bill_of_lading_number: "MAEU123456789" } },
      { id: "c1", type: "container", attributes: { number: "MSKU1234565" } },
      { id: "c2", type: "container", attributes: { number: "MSKU7654321" } },
    ]);
    expect(links).toEqual([
      { kind: "container", id: "c1", label: "Container MSKU1234565" },
      { kind: "shipment", id: "s1", label: "Shipment MAEU123456789" },
      { kind: "tracking_request", id: "tr1", label: "Tracking request MAEU123456789" },
    ]);
  });

  it("makes do without attributes, and with nothing", () => {
    expect(subjectLinks([{ id: "s1", type: "shipment" }])).toEqual([
      { kind: "shipment", id: "s1", label: "Shipment" },
    ]);
    expect(subjectLinks(undefined)).toEqual([]);
    expect(subjectLinks([{ id: "p1", type: "port" }, "not a resource", null])).toEqual([]);
  });
});
