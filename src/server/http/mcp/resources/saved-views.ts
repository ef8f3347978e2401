// The account's saved views as MCP resources: `boxtrack://saved-views` lists them (name, list, what each shows in
// plain words, and the /v2 list request that reproduces it), and `boxtrack://saved-views/{id}` answers one with how
// many rows its list holds now. Read through the /v2 API as the caller (api-caller.ts), so that an assistant sees
// exactly the views, and the counts, the caller's key sees.
import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError, type ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import {
  type SavedView,
  savedViewDocumentSchema,
  savedViewListDocumentSchema,
} from "../../../../api/saved-views";
import { ApiCallError, type ApiCaller } from "../api-caller";
import { savedViewWords } from "./saved-view-words";

export const SAVED_VIEWS_URI = "boxtrack://saved-views";
const viewUri = (id: string) => `${SAVED_VIEWS_URI}/${encodeURIComponent(id)}`;

/** What an assistant needs of a view: its name and list, what it shows in words, and how to list it. */
function viewSummary(view: SavedView) {
  return {
    id: view.id,
    uri: viewUri(view.id),
    name: view.attributes.name,
    list: view.attributes.list,
    shows: savedViewWords(view.attributes.list, view.attributes.search),
    api_url: view.links.list,
    search: view.attributes.search,
    updated_at: view.attributes.updated_at,
  };
}

const json = (uri: string, value: unknown): ReadResourceResult => ({
  contents: [{ uri, mimeType: "application/json", text: JSON.stringify(value, null, 2) }],
});

/** The API's refusal (a view not in this account, a bad key) as an MCP error in the API's own words. */
async function asApi<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiCallError) {
      throw new McpError(
        error.status === 404 ? ErrorCode.InvalidParams : ErrorCode.InternalError,
        error.message,
      );
    }
    throw error;
  }
}

const listTotalSchema = z.object({ meta: z.object({ total: z.number().int() }) });

export function registerSavedViewResources(server: McpServer, api: ApiCaller): void {
  const listViews = () => api.request("/v2/saved_views", { schema: savedViewListDocumentSchema });

  server.registerResource(
    "saved-views",
    SAVED_VIEWS_URI,
    {
      title: "Saved views",
      description:
        "The account's saved views of the shipments and containers lists: each one's name, what it shows in plain words, and the /v2 list request (api_url) that lists it.",
      mimeType: "application/json",
    },
    async (uri) => {
      const { data } = await asApi(listViews);
      return json(uri.href, { total: data.length, views: data.map(viewSummary) });
    },
  );

  server.registerResource(
    "saved-view",
    new ResourceTemplate(`${SAVED_VIEWS_URI}/{id}`, {
      list: async () => {
        const { data } = await asApi(listViews);
        return {
          resources: data.map((view) => ({
            uri: viewUri(view.id),
            name: view.attributes.name,
            title: `${view.attributes.name} (${view.attributes.list})`,
            description: savedViewWords(view.attributes.list, view.attributes.search),
            mimeType: "application/json",
          })),
        };
      },
    }),
    {
      title: "A saved view, with its count now",
      description:
        "One saved view: what it shows in plain words, the /v2 list request that lists it, and how many shipments or containers it holds now (the list's meta.total).",
      mimeType: "application/json",
    },
    async (uri, variables) => {
      const id = String(variables.id ?? "");
      const view = (
        await asApi(() =>
          api.request(`/v2/saved_views/${encodeURIComponent(id)}`, { schema: savedViewDocumentSchema }),
        )
      ).data;
      const { meta } = await asApi(() =>
        api.request(view.links.list, { schema: listTotalSchema, query: { "page[size]": 1 } }),
      );
      return json(uri.href, { ...viewSummary(view), total: meta.total });
    },
  );
}
