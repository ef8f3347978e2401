// The account's server state: who is signed in, and whether this server offers a demo account.

import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { singleDocument } from "../../../api/json-api";
import { accountSchema } from "../../../api/reference";
import { apiRequest } from "../../lib/api-client";
import { queryRoots } from "../../lib/query-roots";
import type { Session } from "../../lib/session";

export const accountDocument = singleDocument(accountSchema);

export const accountKeys = {
  all: queryRoots.account,
  current: () => [...accountKeys.all, "current"] as const,
  demo: () => [...accountKeys.all, "demo"] as const,
};

export function accountQuery() {
  return queryOptions({
    queryKey: accountKeys.current(),
    queryFn: ({ signal }) => apiRequest("/v2/account", { schema: accountDocument, signal }),
    staleTime: 5 * 60_000,
  });
}

/** Checks a key before it is kept: the account it opens, or an ApiError (401 for a wrong key). */
export function verifyApiKey(credentials: Session, signal?: AbortSignal) {
  return apiRequest("/v2/account", { schema: accountDocument, credentials, signal });
}

const demoSchema = z.object({ api_key: z.string().min(1), company_name: z.string() });
export type DemoAccount = z.infer<typeof demoSchema>;

/** `GET /demo.json` on this server (no key); null when the server does not run the demo account. */
export function demoAccountQuery() {
  return queryOptions({
    queryKey: accountKeys.demo(),
    queryFn: async ({ signal }): Promise<DemoAccount | null> => {
      try {
        const response = await fetch("/demo.json", { signal, headers: { Accept: "application/json" } });
        if (!response.ok) return null;
        const parsed = demoSchema.safeParse(await response.json());
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
