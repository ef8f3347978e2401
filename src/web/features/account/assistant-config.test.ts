import { describe, expect, it } from "vitest";
import { httpConfig, maskedKey, mcpAddress, stdioConfig } from "./assistant-config";

const session = { apiKey: "trk_abcdefghijklmnopqrstuvwxyz", baseUrl: "https://track.example.com/api" };

describe("assistant configuration", () => {
  it("puts /mcp beside the API, under its prefix", () => {
    expect(mcpAddress(session)).toBe("https://track.example.com/api/mcp");
  });
  it("gives the key in the stdio entry's environment and in the HTTP entry's header", () => {
    const stdio = JSON.parse(stdioConfig(session, "/srv/boxtrack"));
    expect(stdio.mcpServers.boxtrack).toEqual({
      command: "npm",
      args: ["run", "--silent", "--prefix", "/srv/boxtrack", "mcp"],
      env: { BOXTRACK_API_KEY: session.apiKey, BOXTRACK_API_URL: session.baseUrl },
    });
    const http = JSON.parse(httpConfig(session));
    expect(http.mcpServers.boxtrack.url).toBe("https://track.example.com/api/mcp");
    expect(http.mcpServers.boxtrack.headers).toEqual({ Authorization: `Token ${session.apiKey}` });
  });
  it("masks a key on screen", () => {
    expect(maskedKey(session.apiKey)).toBe("trk_abcd…wxyz");
    expect(maskedKey(session.apiKey)).not.toContain("mnop");
  });
});
