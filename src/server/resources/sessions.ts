// JSON:API resources of a person's sign-in sessions (/v2/sessions): the device in words, where and when.
import type { Session } from "../../api/people";
import type { SessionRow } from "../db/sessions";

/** "Chrome on Linux" from a user agent; good enough to tell one's own devices apart. */
export function deviceOf(userAgent: string | null): string {
  const ua = userAgent ?? "";
  if (!ua) return "Unknown device";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\//.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\/|Chromium\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : /curl\//.test(ua)
              ? "curl"
              : "A browser";
  const system = /Windows/.test(ua)
    ? "Windows"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Mac OS X|Macintosh/.test(ua)
        ? "macOS"
        : /Android/.test(ua)
          ? "Android"
          : /Linux/.test(ua)
            ? "Linux"
            : undefined;
  return system ? `${browser} on ${system}` : browser;
}

export function sessionResource(row: SessionRow, currentId: string | undefined): Session {
  return {
    id: row.id,
    type: "session",
    attributes: {
      device: deviceOf(row.userAgent),
      user_agent: row.userAgent || null,
      ip_address: row.ipAddress || null,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.updatedAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      current: row.id === currentId,
    },
  };
}
