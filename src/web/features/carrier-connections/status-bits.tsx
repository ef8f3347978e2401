// When a connection's carrier was last called: "Checked <time>" (UTC, as the settings pages show times), or
// that it never was.
import { DateTime } from "../../components/date-time";

export function CheckedAt({ checkedAt, className }: { checkedAt: string | null; className?: string }) {
  if (checkedAt === null) return <div className={className}>Never checked</div>;
  return (
    <div className={className}>
      Checked <DateTime iso={checkedAt} timeZone="UTC" />
    </div>
  );
}
