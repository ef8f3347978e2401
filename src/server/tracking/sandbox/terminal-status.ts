// What the port terminal (or, for rail moves, the inland ramp) reports about a box at `now`: availability, holds, fees, free days.
import { DAY, MINUTE } from "../../../api/durations";
import type { CarrierTerminalStatus, RawEventName } from "../carrier-adapter";
import { localMidnight } from "./local-time";
import { port } from "./places";
import type { ContainerPlan, ShipmentPlan } from "./shipment-plan";
import type { ContainerTimeline } from "./shipment-timeline";

/** Terminals are polled every quarter of an hour; the report is as of the last poll. */
const POLL_MS = 15 * MINUTE;

/** Per-day demurrage, USD, by box length: the usual first-tier tariff of US terminals. */
const DEMURRAGE_PER_DAY: Readonly<Record<20 | 40 | 45, number>> = { 20: 150, 40: 225, 45: 250 };

function demurrage(c: ContainerPlan, lastFreeDay: number, until: number): number {
  // A day is charged once it has begun after the last free day ended.
  const days = Math.ceil((until - (lastFreeDay + DAY)) / DAY);
  return days > 0 ? days * DEMURRAGE_PER_DAY[c.equipmentLength] : 0;
}

/** Terminal data once the ship carrying the box has arrived at the port of discharge; null before. */
export function terminalStatus(
  plan: ShipmentPlan,
  c: ContainerPlan,
  timeline: ContainerTimeline,
  now: number,
): CarrierTerminalStatus | null {
  const at = (m: RawEventName) => timeline.times.get(m) ?? Number.POSITIVE_INFINITY;
  const happened = (m: RawEventName) => at(m) <= now;
  if (!happened("vessel_arrived")) return null;
  const rail = plan.rail;
  const pickupPort = port(rail?.destination ?? plan.lane.pod);
  const northAmerican = pickupPort.countryCode === "US" || pickupPort.countryCode === "CA";
  const landedEvent: RawEventName = rail ? "arrived_at_inland_destination" : "vessel_discharged";
  const landed = at(landedEvent);
  const pickedUp = happened("full_out");

  const holds = c.holds
    .filter((h) => now >= landed && now < landed + h.clearsAfterMs)
    .map((h) => ({ name: h.name, status: h.status, description: h.description }));

  const lastFreeDayTerminal =
    !rail && happened("vessel_discharged")
      ? localMidnight(at("vessel_discharged"), pickupPort.timeZone, c.freeDays)
      : null;
  const fees: CarrierTerminalStatus["fees"] = [];
  if (now >= landed && c.holds.some((h) => h.description.includes("exam"))) {
    fees.push({ type: "exam", amount: 280 + (c.weightInLbs % 33) * 10, currency_code: "USD" });
  }
  if (lastFreeDayTerminal !== null) {
    const amount = demurrage(c, lastFreeDayTerminal, Math.min(now, at("full_out")));
    if (amount > 0) fees.push({ type: "demurrage", amount, currency_code: "USD" });
  }
  if (fees.length > 1) {
    fees.push({ type: "total", amount: fees.reduce((sum, f) => sum + f.amount, 0), currency_code: "USD" });
  }

  const appointmentAt = timeline.appointmentAt;
  // Appointments show up once booked, at most two days ahead and never before the box is free to go.
  const appointmentShown =
    northAmerican &&
    appointmentAt !== null &&
    !pickedUp &&
    now >= Math.max(at("available"), appointmentAt - 2 * DAY);

  let locationAtTerminal: string | null = null;
  if (!pickedUp) {
    if (!rail && happened("vessel_discharged")) locationAtTerminal = c.yardLocation;
    else if (rail && happened("vessel_discharged") && !happened("rail_departed")) {
      locationAtTerminal = `On-dock rail, track ${1 + (c.weightInLbs % 8)}`;
    } else if (rail && happened("rail_unloaded"))
      locationAtTerminal = `Ramp parking, row ${1 + (c.weightInLbs % 40)}`;
  }

  return {
    // Polling stops at the first poll that sees the box gone.
    checkedAt: new Date(
      Math.max(at("vessel_arrived"), Math.floor(Math.min(now, at("full_out") + POLL_MS) / POLL_MS) * POLL_MS),
    ),
    availableForPickup: happened("available") && !pickedUp,
    holds,
    fees,
    lastFreeDayTerminal: lastFreeDayTerminal === null ? null : new Date(lastFreeDayTerminal),
    lastFreeDayLine:
      lastFreeDayTerminal !== null && c.lineExtraFreeDays !== null
        ? new Date(
            localMidnight(at("vessel_discharged"), pickupPort.timeZone, c.freeDays + c.lineExtraFreeDays),
          )
        : null,
    lastFreeDayRail:
      rail && happened("arrived_at_inland_destination")
        ? new Date(localMidnight(landed, pickupPort.timeZone, c.railFreeDays))
        : null,
    pickupAppointmentAt: appointmentShown && appointmentAt !== null ? new Date(appointmentAt) : null,
    locationAtTerminal,
    fullOutChassisNumber: pickedUp && northAmerican ? c.chassisNumber : null,
  };
}
