// A moment shown in a port's own time zone with the zone named, and UTC in the tooltip.
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
  return (
    <time
      dateTime={formatted.iso}
      title={formatted.utc}
      className={`relative whitespace-nowrap ${className ?? ""}`}
    >
      {formatted.text}
    </time>
  );
}
