// What an alert rule's attributes are checked against before it is stored: a team rule's people (members of the
// account), the scope (a SCAC or UN/LOCODE known to
// the reference data, stored by id; a customer or saved view of the account), the threshold and hold for the kind, and the Slack
// and Teams addresses (https, resolving, public: as webhook addresses are). Each problem is a 422 with a pointer.
import {
  type AlertAudience,
  type AlertKind,
  type AlertScope,
  CHAT_CHANNELS,
  HOLD_KINDS,
  isChatChannel,
  thresholdProblem,
} from "../../../api/alerts";
import { isUuid } from "../../../api/ids";
import { attributePointer } from "../../../api/json-pointer";
import { quote } from "../../../api/quote";
import type { AlertRuleRow } from "../../db/alerts";
import type { Db } from "../../db/connection";
import { getParty } from "../../db/parties";
import { listMembers } from "../../db/people";
import type { ReferenceData } from "../../db/reference-data";
import { getSavedView } from "../../db/saved-views";
import {
  ForbiddenAddressError,
  type Resolver,
  resolveGuarded,
  webhookUrlProblem,
} from "../../net/outbound-guard";
import { generateWebhookSecret } from "../../net/webhook-signing";
import type { ScopeNames } from "../../resources/alerts";
import { invalidAttribute } from "../errors";

export function scopeNames(reference: ReferenceData): ScopeNames {
  return {
    scacOf: (id) => reference.shippingLines.get(id)?.scac,
    locodeOf: (id) => reference.ports.get(id)?.locode,
  };
}

/** The scope as stored (ids), or a 422 naming what is not known. */
export function storedScope(scope: AlertScope, reference: ReferenceData): AlertRuleRow["scope"] {
  switch (scope.type) {
    case "shipping_line": {
      const line = reference.shippingLinesByScac.get(scope.scac.toUpperCase());
      if (!line)
        throw invalidAttribute(
          attributePointer("scope", "scac"),
          `No shipping line has the SCAC ${quote(scope.scac)}; GET /v2/shipping_lines lists them.`,
        );
      return { type: "shipping_line", id: line.id };
    }
    case "port_of_discharge": {
      const port = reference.portsByLocode.get(scope.locode.toUpperCase());
      if (!port)
        throw invalidAttribute(
          attributePointer("scope", "locode"),
          `No port has the UN/LOCODE ${quote(scope.locode)}; give one such as USSAV.`,
        );
      return { type: "port_of_discharge", id: port.id };
    }
    case "customer":
      // Checked against the account's parties by the handler (it reads the database).
      return { type: "customer", id: scope.id.toLowerCase() };
    case "saved_view":
      return { type: "saved_view", id: scope.id.toLowerCase() };
    case "tags":
      return { type: "tags", tags: [...new Set(scope.tags)] };
    default:
      return { type: "all" };
  }
}

/** A 422 unless a customer scope names a party of the account, and a saved view scope a view of the account. */
export async function checkScopeOwner(db: Db, accountId: string, scope: AlertRuleRow["scope"]) {
  if (scope.type === "saved_view") {
    const view = isUuid(scope.id ?? "") ? await getSavedView(db, accountId, scope.id!) : undefined;
    if (!view)
      throw invalidAttribute(
        attributePointer("scope", "id"),
        `No saved view of this account has the id ${quote(scope.id ?? "")}; GET /v2/saved_views lists them (views kept only in a browser cannot scope a rule).`,
      );
    return;
  }
  if (scope.type !== "customer") return;
  const party = isUuid(scope.id ?? "") ? await getParty(db, accountId, scope.id!) : undefined;
  if (!party)
    throw invalidAttribute(
      attributePointer("scope", "id"),
      `No customer of this account has the id ${quote(scope.id ?? "")}; GET /v2/parties lists them.`,
    );
}

/**
 * A team rule's audience as stored: roles without repeats, or people by id (lower case, without repeats), each a
 * member of the account (422 at the first one that is not). People removed later are simply not told.
 */
export async function storedAudience(
  db: Db,
  accountId: string,
  audience: AlertAudience,
): Promise<NonNullable<AlertRuleRow["audience"]>> {
  if ("roles" in audience) return { roles: [...new Set(audience.roles)] };
  const ids = [...new Set(audience.user_ids.map((id) => id.toLowerCase()))];
  const memberIds = new Set((await listMembers(db, accountId)).map((m) => m.user.id));
  const stranger = audience.user_ids.findIndex((id) => !memberIds.has(id.toLowerCase()));
  if (stranger >= 0)
    throw invalidAttribute(
      attributePointer("audience", "user_ids", String(stranger)),
      `No person of this account has the id ${quote(audience.user_ids[stranger]!)}; GET /v2/users lists them.`,
    );
  return { user_ids: ids };
}

export function checkKindValues(kind: AlertKind, threshold: number | null, holdName: string | null) {
  const problem = thresholdProblem(kind, threshold);
  if (problem) throw invalidAttribute(attributePointer("threshold"), problem);
  if (holdName && !HOLD_KINDS.includes(kind))
    throw invalidAttribute(
      attributePointer("hold_name"),
      `Only ${HOLD_KINDS.join(" and ")} rules name a hold.`,
    );
}

/** How the Slack and Teams addresses are checked: as webhook addresses are. */
export interface ChatUrlSettings {
  allowHttp: boolean;
  allowPrivateAddresses: boolean;
  resolve?: Resolver;
}

const RESOLVE_TIMEOUT_MS = 5_000;
const CHAT_SUBJECT = "Slack and Teams messages";

/**
 * A 422 unless the address is one a chat message can be sent to: https, no credentials, and a host that resolves,
 * only to public addresses (as a webhook's, checked again at every send).
 */
export async function checkChatUrl(
  attribute: "slack_url" | "teams_url",
  raw: string,
  settings: ChatUrlSettings,
): Promise<void> {
  const pointer = attributePointer(attribute);
  const problem = webhookUrlProblem(raw, { ...settings, subject: CHAT_SUBJECT });
  if (problem) throw invalidAttribute(pointer, `${problem.replace(/^url\b/, attribute)}.`);
  const host = new URL(raw).hostname;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      resolveGuarded(host, { ...settings, subject: CHAT_SUBJECT }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("no answer")), RESOLVE_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    if (error instanceof ForbiddenAddressError) throw invalidAttribute(pointer, `${error.message}.`);
    throw invalidAttribute(
      pointer,
      `${attribute}'s host ${quote(host)} could not be found: check the address Slack or Teams gave you.`,
    );
  } finally {
    clearTimeout(timer);
  }
}

/** Every chat channel chosen has its address; answers the rule's secret, made when its first chat channel is. */
export function checkChatChannels(
  channels: readonly string[],
  urls: { slack_url: string | null; teams_url: string | null },
  secret: string | null,
): string | null {
  const chats = channels.filter(isChatChannel);
  for (const channel of chats) {
    const attribute = CHAT_CHANNELS[channel];
    if (!urls[attribute])
      throw invalidAttribute(
        attributePointer(attribute),
        `The ${channel} channel needs ${attribute}: the incoming-webhook address ${channel === "slack" ? "Slack" : "Microsoft Teams"} gave you for the channel to post in.`,
      );
  }
  return secret ?? (chats.length > 0 ? generateWebhookSecret() : null);
}
