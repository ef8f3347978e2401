// /map: every vessel carrying the account's containers on a map that works offline, a list beside it that says
// everything the map shows (and is how keyboards and screen readers use it), the selected vessel's panel, and
// filters kept in the URL. The fleet is read by the route's loader; the rest of what the page shows, when asked for.
import { useSuspenseQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { fleetViews } from "./fleet";
import { FleetPage } from "./fleet-page";
import { accountSource } from "./fleet-source";
import { fleetQuery } from "./queries";

export function MapPage() {
  const { data } = useSuspenseQuery(fleetQuery());
  const vessels = useMemo(() => fleetViews(data), [data]);
  return <FleetPage vessels={vessels} source={accountSource} />;
}
