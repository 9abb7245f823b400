/**
 * A fake SMTP server speaking the real wire protocol (RFC 5321 subset: EHLO/HELO, MAIL, RCPT, DATA,
 * RSET, NOOP, QUIT), for tests of outgoing mail. It stores each received message.
 */
import net from "node:net";

export type ReceivedMail = { from: string; to: string[]; data: string };

export async function startFakeSmtp(): Promise<{ port: number; mails: ReceivedMail[]; close: () => Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    let current: ReceivedMail = { from: "", to: [], data: "" };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 fake.smtp.test ESMTP listo");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      while (true) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          current.data = buffer.slice(0, end).replace(/\r\n\.\./g, "\r\n.");
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push(current);
          current = { from: "", to: [], data: "" };
          reply("250 2.0.0 OK en cola");
          continue;
        }
        const nl = buffer.indexOf("\r\n");
        if (nl === -1) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-fake.smtp.test\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n");
        else if (verb === "HELO") reply("250 fake.smtp.test");
        else if (verb === "MAIL") {
          current.from = line
            .replace(/^MAIL FROM:\s*/i, "")
            .replace(/[<>]/g, "")
            .split(" ")[0]!;
          reply("250 2.1.0 OK");
        } else if (verb === "RCPT") {
          current.to.push(
            line
              .replace(/^RCPT TO:\s*/i, "")
              .replace(/[<>]/g, "")
              .split(" ")[0]!,
          );
          reply("250 2.1.5 OK");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 Termina con <CRLF>.<CRLF>");
        } else if (verb === "RSET" || verb === "NOOP") reply("250 OK");
        else if (verb === "QUIT") {
          reply("221 Adiós");
          socket.end();
        } else reply("502 5.5.2 No implementado");
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
