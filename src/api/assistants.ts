// Assistants that sign in (MCP over OAuth, issue 31 item 7) in the /v2 contract: what the dashboard's consent page
// and Settings → Security read and do. The OAuth endpoints themselves (/oauth/register, /oauth/authorize,
// /oauth/token and the two /.well-known documents) speak OAuth's own JSON, outside /v2.
//
// - `GET /v2/assistant_authorizations/{id}`: an assistant's pending request to act as the signed-in person (its
//   name, where the answer goes, the account and the role it would act with); `POST …/approve` and `POST …/deny`
//   answer it and say where to send the browser (`meta.redirect_to`, the assistant's own address).
// - `GET /v2/connected_assistants`: the person's assistants in this account; `DELETE /v2/connected_assistants/{id}`
//   revokes one (its tokens stop working at once).
import { z } from "zod";
import { isoDateTime, listDocument, singleDocument } from "./json-api";
import { ROLES } from "./roles";

export const assistantAuthorizationSchema = z
  .object({
    id: z.string(),
    type: z.literal("assistant_authorization"),
    attributes: z.object({
      /** The name the assistant registered with (its own word: the consent page says so). */
      client_name: z.string(),
      /** Where the answer is sent: the assistant's registered address. */
      redirect_uri: z.string(),
      /** The account it would act in: the one the person is signed in to. */
      account_name: z.string(),
      /** The role it would act with: the person's own, read at every request. */
      role: z.enum(ROLES),
      scope: z.string(),
      /** The request must be answered before then. */
      expires_at: isoDateTime,
    }),
  })
  .meta({ id: "AssistantAuthorization" });
export type AssistantAuthorization = z.infer<typeof assistantAuthorizationSchema>;

export const connectedAssistantSchema = z
  .object({
    id: z.string(),
    type: z.literal("connected_assistant"),
    attributes: z.object({
      client_name: z.string(),
      /** Where its sign-ins were sent: tells two assistants of one name apart. */
      redirect_uris: z.array(z.string()),
      scope: z.string(),
      granted_at: isoDateTime,
      /** Written at most once a minute; null until it first calls /mcp. */
      last_used_at: isoDateTime.nullable(),
    }),
  })
  .meta({ id: "ConnectedAssistant" });
export type ConnectedAssistant = z.infer<typeof connectedAssistantSchema>;

export const assistantAuthorizationDocumentSchema = singleDocument(assistantAuthorizationSchema).meta({
  id: "AssistantAuthorizationDocument",
});
export const connectedAssistantDocumentSchema = singleDocument(connectedAssistantSchema).meta({
  id: "ConnectedAssistantDocument",
});
export const connectedAssistantListDocumentSchema = listDocument(connectedAssistantSchema).meta({
  id: "ConnectedAssistantList",
});

/** The answer to approve or deny: where the browser goes next (the assistant's address, with a code or an error). */
export const assistantDecisionSchema = z
  .object({ meta: z.object({ redirect_to: z.string() }) })
  .meta({ id: "AssistantDecision" });
