/**
 * The embedded database's wire server (app/server/pglite-wire.server.mjs, decision 028): many
 * node-postgres connections sharing PGlite's single backend, as the cluster's workers and each
 * process's pool do.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveWireProtocol } from "~/server/pglite-wire.server.mjs";

let dir = "";
let pglite: PGlite;
let server: Awaited<ReturnType<typeof serveWireProtocol>>;
const clients: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ host: dir, port: 5432, user: "postgres", database: "postgres" });
  client.on("error", () => {}); // a test closes some on purpose
  await client.connect();
  clients.push(client);
  return client;
}

/** A raw wire-protocol connection, to send a client's messages in separate writes. */
async function rawConnect() {
  const socket = net.connect(path.join(dir, ".s.PGSQL.5432"));
  let received = Buffer.alloc(0);
  const waiters: (() => void)[] = [];
  socket.on("data", (d) => {
    received = Buffer.concat([received, d]);
    waiters.splice(0).forEach((w) => w());
  });
  await new Promise((r) => socket.once("connect", r));
  /** Resolves once `count` ReadyForQuery messages have arrived in total. */
  const readyCount = () => messages(received).filter((m) => m.type === "Z").length;
  const untilReady = async (count: number) => {
    while (readyCount() < count) await new Promise<void>((r) => waiters.push(r));
  };
  return { socket, received: () => received, untilReady };
}

function messages(buf: Buffer): { type: string; body: Buffer }[] {
  const out = [];
  let at = 0;
  while (at + 5 <= buf.length) {
    const type = String.fromCharCode(buf[at]!);
    if (type === "N" && (at + 1 === buf.length || "RE".includes(String.fromCharCode(buf[at + 1]!)))) {
      out.push({ type: "N", body: Buffer.alloc(0) }); // the answer to an encryption request: one byte
      at += 1;
      continue;
    }
    const length = buf.readInt32BE(at + 1);
    if (at + 1 + length > buf.length) break;
    out.push({ type, body: buf.subarray(at + 5, at + 1 + length) });
    at += 1 + length;
  }
  return out;
}

const frame = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
};
const cstr = (text: string) => Buffer.from(`${text}\0`);
const int16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const startupPacket = () => {
  const params = Buffer.from("user\0postgres\0database\0postgres\0\0");
  return Buffer.concat([int32(8 + params.length), int32(196608), params]);
};
const parseMsg = (sql: string) => frame("P", cstr(""), cstr(sql), int16(0));
const bindMsg = (param: string) => frame("B", cstr(""), cstr(""), int16(0), int16(1), int32(Buffer.byteLength(param)), Buffer.from(param), int16(0));
const executeMsg = (maxRows = 0) => frame("E", cstr(""), int32(maxRows));
const flushMsg = () => frame("H");
const syncMsg = () => frame("S");
/** The first column of every DataRow received. */
const firstColumns = (buf: Buffer) =>
  messages(buf)
    .filter((m) => m.type === "D")
    .map((m) => m.body.subarray(6, 6 + m.body.readInt32BE(2)).toString());

const settled = async (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true, () => true), new Promise((r) => setTimeout(() => r(false), ms))]);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pv-wire-"));
  pglite = await PGlite.create();
  await pglite.exec("create table probe (n int not null)");
  server = await serveWireProtocol(pglite, path.join(dir, ".s.PGSQL.5432"));
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => {})));
  await server.close();
  await pglite.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("PGlite wire server shared by many connections", () => {
  it("runs each connection's extended-protocol queries whole: every result is its own", async () => {
    const conns = await Promise.all(Array.from({ length: 8 }, connect));
    // Distinct SQL text and parameters per query, a Bind that reached another's statement would show;
    // 200 kB parameters arrive in several socket reads, so the connections' messages interleave.
    const results = await Promise.all(
      conns.map(async (conn, c) => {
        const rows = [];
        for (let k = 0; k < 12; k++) {
          const i = c * 12 + k;
          const big = `${i}:`.padEnd(200_000, String(i % 10));
          rows.push((await conn.query(`select ${i}::int as i, $1::text || '-' || left($2::text, 4) as tag, length($2::text) as len`, [`a${i}`, big])).rows[0]);
        }
        return rows;
      }),
    );
    results.flat().forEach((row, i) => expect(row).toEqual({ i, tag: `a${i}-${`${i}:`.padEnd(4, String(i % 10))}`, len: 200_000 }));
  });

  it("keeps an open transaction to its connection: the others wait and never see its rows", async () => {
    const [a, b] = [await connect(), await connect()];
    await a.query("begin");
    await a.query("insert into probe values ($1)", [1]);
    const seen = b.query<{ c: number }>("select count(*)::int as c from probe");
    expect(await settled(seen, 150)).toBe(false); // waits for the transaction
    await a.query("insert into probe values ($1)", [2]); // the owner goes on meanwhile
    const inside = await a.query<{ c: number }>("select count(*)::int as c from probe");
    expect(inside.rows[0]!.c).toBe(2);
    await a.query("rollback");
    expect((await seen).rows[0]!.c).toBe(0);
  });

  it("rolls back the transaction of a connection that ends or drops inside it", async () => {
    for (const leave of ["end", "drop"] as const) {
      const [a, b] = [await connect(), await connect()];
      await a.query("begin");
      await a.query("insert into probe values (9)");
      const pending = b.query<{ c: number }>("select count(*)::int as c from probe");
      if (leave === "end") await a.end(); // sends Terminate
      else (a as unknown as { connection: { stream: net.Socket } }).connection.stream.destroy();
      expect(await settled(pending, 5_000)).toBe(true);
      expect((await pending).rows[0]!.c).toBe(0);
    }
    // The backend is out of the transaction: a new connection commits normally.
    const c = await connect();
    await c.query("insert into probe values (3)");
    expect((await c.query("select count(*)::int as c from probe")).rows[0].c).toBe(1);
    await c.query("delete from probe");
  });

  it("keeps serving every connection after a failed query", async () => {
    const [a, b] = [await connect(), await connect()];
    const failing = (async () => {
      for (let i = 0; i < 15; i++) await expect(a.query(`select * from missing_${i}`)).rejects.toThrow(`missing_${i}`);
    })();
    const working = (async () => {
      for (let i = 0; i < 30; i++) expect((await b.query("select $1::int as n", [i])).rows[0].n).toBe(i);
    })();
    await Promise.all([failing, working]);
    expect((await a.query("select 1 as one")).rows[0].one).toBe(1);
  });

  it("runs a client's Parse, Bind and Execute as one unit even when they arrive apart", async () => {
    const [a, b] = [await rawConnect(), await rawConnect()];
    a.socket.write(startupPacket());
    b.socket.write(startupPacket());
    await Promise.all([a.untilReady(1), b.untilReady(1)]);
    // A's Parse arrives alone; B's whole query comes before A's Bind. Run message by message, A's Bind
    // would reach B's unnamed statement.
    a.socket.write(parseMsg("select 'A:' || $1::text"));
    await new Promise((r) => setTimeout(r, 50));
    b.socket.write(Buffer.concat([parseMsg("select 'B:' || $1::text"), bindMsg("b"), executeMsg(), syncMsg()]));
    await b.untilReady(2);
    a.socket.write(Buffer.concat([bindMsg("a"), executeMsg(), syncMsg()]));
    await a.untilReady(2);
    expect(firstColumns(b.received())).toEqual(["B:b"]);
    expect(firstColumns(a.received())).toEqual(["A:a"]);
    a.socket.destroy();
    b.socket.destroy();
  });

  it("keeps a paused sequence (Execute of some rows, then Flush) to its connection until its Sync", async () => {
    const [a, b] = [await rawConnect(), await rawConnect()];
    a.socket.write(startupPacket());
    b.socket.write(startupPacket());
    await Promise.all([a.untilReady(1), b.untilReady(1)]);
    // A reads its rows one at a time, as a cursor does; B's query arrives in between.
    a.socket.write(Buffer.concat([parseMsg("select $1::text || g from generate_series(1, 3) g"), bindMsg("a"), executeMsg(1), flushMsg()]));
    await new Promise((r) => setTimeout(r, 50));
    b.socket.write(Buffer.concat([parseMsg("select 'B:' || $1::text"), bindMsg("b"), executeMsg(), syncMsg()]));
    await new Promise((r) => setTimeout(r, 50));
    expect(firstColumns(b.received())).toEqual([]); // waits for A's sequence
    a.socket.write(Buffer.concat([executeMsg(0), syncMsg()]));
    await Promise.all([a.untilReady(2), b.untilReady(2)]);
    expect(firstColumns(a.received())).toEqual(["a1", "a2", "a3"]);
    expect(firstColumns(b.received())).toEqual(["B:b"]);
    a.socket.destroy();
    b.socket.destroy();
  });

  it("rolls back a paused sequence that failed when its connection drops, in or out of a transaction", async () => {
    for (const explicit of [false, true]) {
      const a = await rawConnect();
      a.socket.write(startupPacket());
      await a.untilReady(1);
      if (explicit) {
        a.socket.write(frame("Q", cstr("begin")));
        await a.untilReady(2);
      }
      // Fails before its Sync: PostgreSQL now skips everything up to a Sync, a plain ROLLBACK too.
      a.socket.write(Buffer.concat([parseMsg("insert into probe values (1 / ($1::int - 1))"), bindMsg("1"), executeMsg(), flushMsg()]));
      await new Promise((r) => setTimeout(r, 100));
      a.socket.destroy();
      const b = await connect();
      const inserted = await b.query("insert into probe values ($1)", [5]);
      expect(inserted.rowCount).toBe(1); // not swallowed by the skipping
      expect((await b.query("select n from probe")).rows).toEqual([{ n: 5 }]);
      await b.query("delete from probe");
    }
  });

  it("refuses a start-up without a user (PGlite's backend would end for good) and keeps serving", async () => {
    const c = await rawConnect();
    const params = Buffer.from("database\0postgres\0\0");
    c.socket.write(Buffer.concat([int32(8 + params.length), int32(196608), params]));
    await new Promise((r) => c.socket.once("close", r));
    expect(messages(c.received())[0]?.type).toBe("E");
    const d = await connect();
    expect((await d.query("select 1 as one")).rows[0].one).toBe(1);
  });

  it("declines encryption and takes a plain start-up on the same connection", async () => {
    const c = await rawConnect();
    c.socket.write(Buffer.concat([int32(8), int32(80877103)])); // SSLRequest
    c.socket.write(startupPacket());
    await c.untilReady(1);
    const types = messages(c.received()).map((m) => m.type);
    expect(types[0]).toBe("N");
    expect(types[1]).toBe("R"); // AuthenticationOk
    expect(types.at(-1)).toBe("Z");
    c.socket.destroy();
  });
});
