// /account: the signed-in account, its API address, and how to connect an assistant over MCP.
import { createFileRoute } from "@tanstack/react-router";
import { AccountPage } from "../../features/account/account-page";

export const Route = createFileRoute("/_authenticated/account")({
  codeSplitGroupings: [["component"]],
  head: () => ({ meta: [{ title: "Account · Boxtrack" }] }),
  component: AccountPage,
});
