// A moment shown in a port's own time zone with the zone named, and UTC in the tooltip. Kept on one line, except
// on a phone, where a long zone name ("Africa/Johannesburg") may go to the next line rather than past the screen,
// and in a narrow column (`zoneMayWrap`), where it may at every width.
import { formatDateTime } from "../lib/format";

export function DateTime({
  iso,
  timeZone,
  className,
  zoneMayWrap = false,
}: {
  iso: string;
  timeZone: string | null;
  className?: string;
  /**
   * The zone may go to the next line on every screen: for a narrow column, such as the map's vessel list, which a
   * zone without an abbreviation ("America/Montevideo") kept on the time's line widened past its panel.
   */
  zoneMayWrap?: boolean;
}) {
  const formatted = formatDateTime(iso, timeZone);
  const zoneAt = formatted.text.lastIndexOf(" ");
  return (
    <time
      dateTime={formatted.iso}
      title={formatted.utc}
      className={`relative ${zoneMayWrap ? "" : "sm:whitespace-nowrap"} ${className ?? ""}`}
    >
      <span className="whitespace-nowrap">{formatted.text.slice(0, zoneAt)}</span>{" "}
      <span className="whitespace-nowrap">{formatted.text.slice(zoneAt + 1)}</span>
    </time>
  );
}
