/**
 * Preloaded (`node --import`) into the server that `npm run scan:security` starts: a listen on the
 * scan's PORT with no host binds to 127.0.0.1 instead of every interface. That server runs with its
 * rate limits raised for the scanners, so nothing but this machine may reach it.
 */
import net from "node:net";

const port = Number(process.env.PORT);
const listen = net.Server.prototype.listen;

net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
  // server.ts calls listen(PORT, callback); a host given explicitly is left alone.
  if (Number(args[0]) === port && typeof args[1] !== "string") args.splice(1, 0, "127.0.0.1");
  return (listen as (...a: unknown[]) => net.Server).apply(this, args);
} as typeof net.Server.prototype.listen;
