// What the alerts pages say to an API-key sign-in: alerts belong to a person, and a key has none (the API's 403).
import { ApiError } from "../../lib/api-client";

export const isPersonOnlyRefusal = (error: unknown) => error instanceof ApiError && error.status === 403;

export function PersonOnlyNotice({ what }: { what: string }) {
  return (
    <p
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {what} belong to a person. You are signed in with an API key, which has no person: sign in as yourself
      (email and password, or “Use the demo account”) to see and change them.
    </p>
  );
}
