// An alert's one line as a link to what it is about: its container, else its shipment, else plain text (a tracking
// request that failed). The notifications page and the delivery history both show alerts so.
import { Link } from "@tanstack/react-router";

type Ref = { data: { id: string } | null };

export function AlertTitleLink({
  title,
  about,
  strong = false,
}: {
  title: string;
  about: { container: Ref; shipment: Ref };
  /** The title in bold, as the notifications list shows it. */
  strong?: boolean;
}) {
  const weight = strong ? "font-medium " : "";
  const cls = `${weight}text-sky-800 underline-offset-2 hover:underline dark:text-sky-300`;
  if (about.container.data)
    return (
      <Link to="/containers/$containerId" params={{ containerId: about.container.data.id }} className={cls}>
        {title}
      </Link>
    );
  if (about.shipment.data)
    return (
      <Link to="/shipments/$shipmentId" params={{ shipmentId: about.shipment.data.id }} className={cls}>
        {title}
      </Link>
    );
  return <span className={strong ? "font-medium" : undefined}>{title}</span>;
}
