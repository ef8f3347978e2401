// Whether a vessel has already called at a port and left it, seen in its own recent reports: a container's journey
// can still have it sailing to the account's port of discharge after the ship has been there (the discharge not
// yet reported by the line), and a map that takes that port as the ship's next one draws the path to it backwards
// along the ship's own wake. The ship counts as having called when a report of the last week puts it within
// CALLED_NM of the port after the ship left the leg's previous port (a shuttle's earlier pass is not this call),
// and the latest is beyond LEFT_NM.
import { haversineNm } from "../geo/spherical";

/** Inside a port's approaches: a ship this close was at the berth or the anchorage. */
const CALLED_NM = 15;
/** Well clear of the port: a ship this far out after being in has left (not swinging at anchor). */
const LEFT_NM = 30;

export interface Report {
  latitude: number;
  longitude: number;
  timestamp: Date;
}

/** When the vessel left the port (its last report inside it), or undefined when it has not called and left. */
export function leftPortAt(
  reports: readonly Report[],
  port: { latitude: number; longitude: number },
  now: { latitude: number; longitude: number },
  /** When the ship left the leg's previous port: reports before it are of an earlier pass. */
  since: Date | null,
): Date | undefined {
  const away = (p: { latitude: number; longitude: number }) =>
    haversineNm({ lat: p.latitude, lon: p.longitude }, { lat: port.latitude, lon: port.longitude });
  if (away(now) <= LEFT_NM) return undefined;
  let left: Date | undefined;
  for (const report of reports) {
    if (since && report.timestamp <= since) continue;
    if (away(report) <= CALLED_NM && (!left || report.timestamp > left)) left = report.timestamp;
  }
  return left;
}
