// "/" opens Needs attention, the coordinator's starting point.
import { createFileRoute, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/")({
  beforeLoad: () => {
    throw redirect({ to: "/attention", replace: true });
  },
});
