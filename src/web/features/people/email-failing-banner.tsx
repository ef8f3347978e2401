// The banner under the header when mail does not arrive: the person's own address was refused for good by its mail
// server (they are told what it said, and that alerts still reach the bell), and, for an owner or admin, how many
// members' addresses are failing, with a link to Members where each is named.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { roleAtLeast } from "../../../api/roles";
import { meQuery } from "../../lib/actor";
import { plural } from "../../lib/format";
import { membersQuery } from "./queries";

export function EmailFailingBanner() {
  const { data: me } = useQuery(meQuery());
  const person = me?.data.attributes;
  const oversees = person !== undefined && roleAtLeast(person.role, "admin");
  const members = useQuery({ ...membersQuery(), enabled: oversees });
  const others = (members.data?.data ?? []).filter(
    (member) => member.id !== me?.data.id && member.attributes.email_failing !== null,
  );
  if (!person || (person.email_failing === null && others.length === 0)) return null;
  return (
    <section
      aria-label="Email not delivered"
      className="border-b border-red-200 bg-red-50 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100"
    >
      <div className="mx-auto max-w-screen-2xl space-y-1 px-4 py-2 sm:px-6">
        {person.email_failing ? (
          <p>
            Email to {person.email} is not being delivered: its mail server answered “
            {person.email_failing.reason}”. Your alerts still show in the bell; ask an admin to correct the
            address, or fix the mailbox.
          </p>
        ) : null}
        {others.length > 0 ? (
          <p>
            Email to {plural(others.length, "member")} is not being delivered.{" "}
            <Link to="/settings/members" className="font-medium underline">
              See who in Members
            </Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}
