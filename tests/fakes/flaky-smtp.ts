/**
 * A real SMTP server (smtp-server) that is slow or fails on purpose, for the mail outbox's tests.
 * Each delivery attempt takes the next step of `script` (then "ok" forever): "ok" accepts the mail,
 * "451" refuses it for now at DATA, "550" refuses the recipient, "drop" closes the connection after
 * MAIL FROM. `delayMs` holds every accepted mail before answering.
 */
import type net from "node:net";
import { SMTPServer } from "smtp-server";

export type Step = "ok" | "451" | "550" | "drop";
export type Received = { to: string[]; subject: string; raw: string };

export async function startFlakySmtp({ script = [], delayMs = 0 }: { script?: Step[]; delayMs?: number } = {}) {
  const received: Received[] = [];
  let attempts = 0;
  const steps = [...script];
  let current: Step = "ok";
  const sockets = new Set<net.Socket>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 100,
    onMailFrom(_address, _session, callback) {
      attempts++;
      current = steps.shift() ?? "ok";
      if (current === "drop") {
        for (const socket of sockets) socket.destroy();
        return;
      }
      callback();
    },
    onRcptTo(_address, _session, callback) {
      if (current === "550") return callback(Object.assign(new Error("Buzón no disponible"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (current === "451") return callback(Object.assign(new Error("Servicio ocupado, inténtelo más tarde"), { responseCode: 451 }));
        const raw = Buffer.concat(chunks).toString("utf8");
        setTimeout(() => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "",
            raw,
          });
          callback();
        }, delayMs);
      });
    },
  });
  smtp.server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  smtp.on("error", () => {});
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as net.AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
