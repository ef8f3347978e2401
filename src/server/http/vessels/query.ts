// The vessel routes' own parameters: timestamps (an exact instant, or a calendar date), coordinates, and the
// tolerance that thins a track.
import { POSITIONS_TOLERANCE_MAX_METERS } from "../../../api/vessels";
import { type ApiError, badParameter } from "../errors";
import { queryNumber } from "../query-params";

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** An ISO 8601 date-time with a zone, or a 400 naming the parameter. */
export function parseTimestamp(name: string, raw: string | undefined): Date | undefined {
  if (raw === undefined) return undefined;
  const value = raw.trim();
  const date = ISO_TIMESTAMP.test(value) ? new Date(value) : undefined;
  // A well-formed string can still name no instant (month 13, 25 o'clock); Date rolls some over, so compare.
  if (!date || Number.isNaN(date.getTime()) || !sameCalendarDate(value, date)) {
    throw badParameter(
      name,
      `${name} must be an ISO 8601 date-time with a time zone, such as 2025-05-20T00:00:00Z (got '${raw}').`,
    );
  }
  return date;
}

/** Whether the date part of an ISO string names a real day (JavaScript turns 2025-02-30 into 2025-03-02). */
function sameCalendarDate(value: string, date: Date): boolean {
  const [y, m, d] = value.slice(0, 10).split("-").map(Number);
  const probe = new Date(Date.UTC(y!, m! - 1, d!));
  const hour = Number(value.slice(11, 13));
  const minute = Number(value.slice(14, 16));
  return (
    probe.getUTCFullYear() === y &&
    probe.getUTCMonth() === m! - 1 &&
    probe.getUTCDate() === d &&
    hour < 24 &&
    minute < 60 &&
    !Number.isNaN(date.getTime())
  );
}

export function parseCoordinate(name: string, raw: string | undefined, limit: number, errors: ApiError[]) {
  if (raw === undefined || raw.trim() === "") {
    errors.push(badParameter(name, `${name} is required: the ${name} to start from, in decimal degrees.`));
    return undefined;
  }
  const value = queryNumber(raw);
  if (Number.isNaN(value) || Math.abs(value) > limit) {
    errors.push(
      badParameter(name, `${name} must be a number of degrees from -${limit} to ${limit} (got '${raw}').`),
    );
    return undefined;
  }
  return value;
}

/** A whole number of metres from 1 to the maximum, or a 400 naming the parameter; undefined when not given. */
export function parseTolerance(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw.trim());
  if (!/^\d+$/.test(raw.trim()) || value < 1 || value > POSITIONS_TOLERANCE_MAX_METERS) {
    throw badParameter(
      name,
      `${name} must be a whole number of metres from 1 to ${POSITIONS_TOLERANCE_MAX_METERS}, such as 500 (got '${raw}').`,
    );
  }
  return value;
}
