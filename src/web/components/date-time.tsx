// A moment shown in a port's own time zone with the zone named, and UTC in the tooltip. Kept on one line, except
// on a phone, where a long zone name ("Africa/Johannesburg") may go to the next line rather than past the screen.
import { formatDateTime } from "../lib/format";

export function DateTime({
  iso,
  timeZone,
  className,
}: {
  iso: string;
  timeZone: string | null;
  className?: string;
}) {
  const formatted = formatDateTime(iso, timeZone);
  const zoneAt = formatted.text.lastIndexOf(" ");
  return (
    <time
      dateTime={formatted.iso}
      title={formatted.utc}
      className={`relative sm:whitespace-nowrap ${className ?? ""}`}
    >
      <span className="whitespace-nowrap">{formatted.text.slice(0, zoneAt)}</span>{" "}
      <span className="whitespace-nowrap">{formatted.text.slice(zoneAt + 1)}</span>
    </time>
  );
}
