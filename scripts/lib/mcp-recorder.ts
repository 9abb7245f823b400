/**
 * What an assistant sends to /mcp: the official v2 client's own tools/call requests (headers such as
 * Mcp-Name must agree with the body), recorded once so that a benchmark replays them under load.
 */
import type { Client } from "@modelcontextprotocol/client";

export type RecordedCall = { headers: Record<string, string>; body: string };

/** Connects the client to `${base}/mcp` (protocol 2026-07-28, no handshake), runs `calls` and returns each tools/call request. */
export async function recordMcpCalls(base: string, clientName: string, calls: (client: Client) => Promise<void>): Promise<RecordedCall[]> {
  const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
  const recorded: RecordedCall[] = [];
  const client = new Client({ name: clientName, version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      fetch: async (input: string | URL | Request, init?: RequestInit) => {
        if (typeof init?.body === "string" && JSON.parse(init.body).method === "tools/call") {
          // Its own headers (content type, accepted types, protocol version, method and tool); the load generator writes Host and length.
          const headers = [...new Headers(init.headers).entries()].filter(([k]) => k !== "host" && k !== "content-length");
          recorded.push({ headers: Object.fromEntries(headers), body: init.body });
        }
        return fetch(input, init);
      },
    }),
  );
  await calls(client);
  await client.close();
  return recorded;
}
