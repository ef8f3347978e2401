// /map: placeholder until a later issue builds the map page.
import { createFileRoute } from "@tanstack/react-router";
import { ComingSoonPage } from "../../components/coming-soon-page";

export const Route = createFileRoute("/_authenticated/map")({
  head: () => ({ meta: [{ title: "Map · Boxtrack" }] }),
  component: () => (
    <ComingSoonPage
      title="Map"
      description="See where every vessel carrying your containers is, and where it is heading."
    />
  ),
});
