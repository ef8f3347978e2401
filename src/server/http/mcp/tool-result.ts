// What every MCP tool answers: compact structured content for the assistant to reason over, plus a short text
// summary for it to quote; and, on failure, an MCP tool error worded exactly as the /v2 API words it.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ApiCallError } from "./api-caller";

export function toolAnswer(summary: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: summary }], structuredContent: structured };
}

/** An error the API gave (its own detail), or one of ours; anything else is a bug and is thrown on. */
export function toolError(error: unknown): CallToolResult {
  if (error instanceof ApiCallError)
    return { isError: true, content: [{ type: "text", text: error.message }] };
  throw error;
}

/** Runs a tool's body, turning the API's refusals into tool errors. */
export async function answering(body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    return toolError(error);
  }
}

/**
 * A time as it reads at a place: "2026-11-26 14:00 America/Los_Angeles" (the zone named, never the server's own);
 * in UTC, named so, when the place's zone is unknown.
 */
export function timeInZone(iso: string | null, timeZone: string | null): string | null {
  if (!iso) return null;
  const zone = timeZone ?? "UTC";
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")} ${zone}`;
}

/**
 * Our predicted arrival at the port of discharge as the tools answer it (a shipment's or a container's), each time in
 * the port's zone; null before there is one and once arrived.
 */
export function predictedArrivalInZone(
  a: {
    pod_predicted_arrival_at: string | null;
    pod_predicted_arrival_window: { earliest_at: string; latest_at: string } | null;
    pod_predicted_arrival_reason: string | null;
  },
  timeZone: string | null,
) {
  if (!a.pod_predicted_arrival_at) return null;
  return {
    at: timeInZone(a.pod_predicted_arrival_at, timeZone),
    earliest: timeInZone(a.pod_predicted_arrival_window?.earliest_at ?? null, timeZone),
    latest: timeInZone(a.pod_predicted_arrival_window?.latest_at ?? null, timeZone),
    reason: a.pod_predicted_arrival_reason,
  };
}
