// An MCP client joined to a server that has some of the tools registered, over the SDK's in-memory transport, with
// the tools calling the harness's app in-process as the key's account: what an assistant sees, without HTTP.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type ApiCaller, apiCaller, inProcessFetch } from "../http/mcp/api-caller";
import type { Harness } from "./service-harness";

export interface ToolClient {
  client: Client;
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function connectTools(
  h: Harness,
  apiKey: string,
  register: (server: McpServer, api: ApiCaller) => void,
): Promise<ToolClient> {
  const server = new McpServer({ name: "boxtrack-test", version: "0.0.0" });
  register(server, apiCaller(inProcessFetch(h.app, `Token ${apiKey}`)));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "test-assistant", version: "0.0.0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return {
    client,
    call: async (name, args) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
