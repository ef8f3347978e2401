// /v2/users: who is signed in (with their own settings: the morning summary and quiet hours, which they change with
// PATCH /v2/users/me), the account's members, role changes and removals (by the role rules in people/).
import { attributePointer } from "../../../api/json-pointer";
import { quote } from "../../../api/quote";
import { isKnownTimeZone } from "../../../api/zone-clock";
import { nextSummaryAt } from "../../alerts/summary-schedule";
import type { Clock } from "../../clock";
import { recordActivities } from "../../db/activities";
import { failingEmailsAmong } from "../../db/mail-outbox";
import { saveSummarySettings, summarySettings } from "../../db/morning-summaries";
import { getMember, listMembers } from "../../db/people";
import { doneBy } from "../../people/activity";
import { changeRole, remove } from "../../people/members";
import { accountSettingsResource } from "../../resources/account-settings";
import { documentOf } from "../../resources/documents";
import { morningSummaryResource, personResource } from "../../resources/people";
import type { Principal } from "../actor";
import type { App } from "../env";
import { invalidAttribute, notFound } from "../errors";
import { originOfRequest, type PeopleRouteDeps, personOf, refusalError, wholeList } from "../people-context";
import { createRouter } from "../router";
import { editMeRoute, editRoute, listRoute, meRoute, removeRoute } from "./routes";

export function userRoutes(
  deps: Pick<PeopleRouteDeps, "db" | "now" | "forgetCredentials" | "inboundAddress"> & {
    /** The service's clock: morning summaries come at the person's time by it. */
    serviceClock: Clock;
  },
): App {
  const app = createRouter();
  const { db } = deps;

  /** The signed-in person's document, with their own settings and their account. */
  async function meDocument(principal: Principal) {
    const { doer } = personOf(principal);
    const member = await getMember(db, principal.account.id, doer.userId);
    const summary = await summarySettings(db, principal.account.id, doer.userId);
    if (!member || !summary) throw notFound("user", doer.userId);
    const failing = await failingEmailsAmong(db, [member.user.email]);
    const person = personResource(member, failing);
    person.attributes.morning_summary = morningSummaryResource(summary);
    person.attributes.quiet_hours =
      summary.quietStart && summary.quietEnd ? { start: summary.quietStart, end: summary.quietEnd } : null;
    const inboundAddress = await deps.inboundAddress(principal.account.id);
    return documentOf(person, "/v2/users/me", [accountSettingsResource(principal.account, inboundAddress)]);
  }

  // Before /v2/users/{id}, so that "me" is not read as an id.
  app.openapi(meRoute, async (c) => c.json(await meDocument(c.get("principal")), 200));

  app.openapi(editMeRoute, async (c) => {
    const principal = c.get("principal");
    const { doer } = personOf(principal);
    const attributes = c.req.valid("json").data.attributes;
    const given = attributes.morning_summary ?? {};
    const current = await summarySettings(db, principal.account.id, doer.userId);
    if (!current) throw notFound("user", doer.userId);
    if (given.time_zone !== undefined && !isKnownTimeZone(given.time_zone))
      throw invalidAttribute(
        attributePointer("morning_summary", "time_zone"),
        `${quote(given.time_zone)} is not a time zone this service knows; give an IANA name such as Europe/Berlin.`,
      );
    const schedule = {
      enabled: given.enabled ?? current.enabled,
      time: given.time ?? current.time,
      timeZone: given.time_zone ?? current.timeZone,
      days: given.days ?? current.days,
    };
    const nextAt = nextSummaryAt(schedule, deps.serviceClock.now());
    const quiet =
      attributes.quiet_hours === undefined
        ? { quietStart: current.quietStart, quietEnd: current.quietEnd }
        : {
            quietStart: attributes.quiet_hours?.start ?? null,
            quietEnd: attributes.quiet_hours?.end ?? null,
          };
    await saveSummarySettings(db, principal.account.id, doer.userId, { ...schedule, nextAt, ...quiet });
    return c.json(await meDocument(principal), 200);
  });

  app.openapi(listRoute, async (c) => {
    const members = await listMembers(db, c.get("principal").account.id);
    const failing = await failingEmailsAmong(
      db,
      members.map((m) => m.user.email),
    );
    const data = members.map((m) => personResource(m, failing));
    return c.json(wholeList(c.req.url, data), 200);
  });

  app.openapi(editRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const principal = c.get("principal");
    const person = personOf(principal);
    const result = await changeRole(
      db,
      {
        accountId: principal.account.id,
        doer: person.doer,
        role: person.role,
        origin: originOfRequest(c, deps.now),
      },
      id,
      body.data.attributes.role,
    );
    if (!result.ok) {
      // A refused role change (one's own raised, the owner role without being one) is a security event.
      if (result.status === 403)
        await recordActivities(db, [
          doneBy(
            principal.account.id,
            "security.refused",
            person.doer,
            originOfRequest(c, deps.now),
            `was refused a role change: ${result.message}`,
            { type: "user", id },
          ),
        ]);
      throw refusalError(result);
    }
    deps.forgetCredentials?.();
    const failing = await failingEmailsAmong(db, [result.member.user.email]);
    return c.json(documentOf(personResource(result.member, failing), `/v2/users/${id}`), 200);
  });

  app.openapi(removeRoute, async (c) => {
    const { id } = c.req.valid("param");
    const principal = c.get("principal");
    const person = personOf(principal);
    const result = await remove(
      db,
      {
        accountId: principal.account.id,
        doer: person.doer,
        role: person.role,
        origin: originOfRequest(c, deps.now),
      },
      id,
    );
    if (!result.ok) throw refusalError(result);
    deps.forgetCredentials?.();
    return c.json({ meta: { deleted: true as const } }, 200);
  });
  return app;
}
