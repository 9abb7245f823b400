/**
 * A URL with broken percent-encoding or a NUL byte is a bad request, not a crash further down.
 * Under /api/v1 the API keeps its contract: a NUL in a query value goes on to the route, which names
 * the parameter in its JSON 400, and a malformed path gets the API's JSON error body; every other
 * path gets a short Spanish text.
 */
import type { NextFunction, Request, Response } from "express";

const MESSAGE = "Solicitud inválida: la dirección está mal formada.";
const API_PATH = /^\/api\/v1(\/|$)/;

export function refuseMalformedUrls(req: Request, res: Response, next: NextFunction): void {
  const api = API_PATH.test(req.path);
  const queryAt = req.originalUrl.indexOf("?");
  const checked = api && queryAt >= 0 ? req.originalUrl.slice(0, queryAt) : req.originalUrl;
  let bad = /%00/i.test(checked);
  if (!bad) {
    try {
      decodeURIComponent(req.path);
    } catch {
      bad = true;
    }
  }
  if (!bad) {
    next();
    return;
  }
  if (api) {
    // The shape of every API error (app/schemas/directory-answer.ts), with the API's CORS.
    res
      .status(400)
      .set({ "Access-Control-Allow-Origin": "*", "Cache-Control": "no-store" })
      .json({ error: { codigo: "solicitud_invalida", mensaje: MESSAGE } });
    return;
  }
  res.status(400).type("text/plain; charset=utf-8").send(MESSAGE);
}
