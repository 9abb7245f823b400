/**
 * Reads what sqlmap and wapiti left behind (console logs, wapiti's JSON report) into findings per
 * tool, session and module, for `npm run scan:security`. Only these tool versions' wording is known:
 * a log that reaches no recognisable conclusion is an incomplete scan, never a clean one.
 */
import fs from "node:fs";

/** The wapiti modules the scan runs: XSS (reflected and stored), SQL (errors and time), exec, file, CRLF, redirect. */
export const WAPITI_MODULES = ["xss", "permanentxss", "sql", "blindsql", "exec", "file", "crlf", "redirect"] as const;
export type WapitiModule = (typeof WAPITI_MODULES)[number];

/** wapiti 3.0.4's report categories of those modules. */
const CATEGORY_MODULES: Record<string, WapitiModule[]> = {
  "Cross Site Scripting": ["xss", "permanentxss"],
  "SQL Injection": ["sql"],
  "Blind SQL Injection": ["blindsql"],
  "Command execution": ["exec"],
  "Path Traversal": ["file"],
  "CRLF Injection": ["crlf"],
  "Open Redirect": ["redirect"],
};

export type Finding = { method: string; path: string; parameter: string; info: string };

export type WapitiResult = {
  /** URLs and forms the crawl found. */
  crawled: number | null;
  /**
   * Per module: what it found, how many requests it went through, of how many, how many of those
   * have parameters (null: not said). Requests with parameters come first.
   */
  modules: Record<
    WapitiModule,
    { findings: Finding[]; attacked: number; total: number | null; withParams: number | null; timeCapped: boolean; ran: boolean }
  >;
  /** Answers with status 500 to an attack (the app never answers 500 to bad input). */
  serverErrors: Finding[];
  /** Requests that ran past wapiti's timeout. */
  timeouts: Finding[];
  /** Why the scan cannot be trusted as complete, if it cannot. */
  incomplete: string | null;
};

type WapitiJson = {
  vulnerabilities?: Record<string, Finding[]>;
  anomalies?: Record<string, Finding[]>;
};

function pick(f: Finding): Finding {
  return { method: f.method, path: f.path, parameter: f.parameter, info: f.info };
}

export function readWapiti(reportFile: string, logFile: string, exit: { code: number | null; timedOut: boolean }): WapitiResult {
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "";
  const modules = Object.fromEntries(
    WAPITI_MODULES.map((m) => [
      m,
      { findings: [] as Finding[], attacked: 0, total: null, withParams: null, timeCapped: false, ran: false },
    ]),
  ) as WapitiResult["modules"];

  // Each module's section of the log starts with "[*] Launching module NAME" and lists one "[+] "
  // line per URL or form it attacked.
  const sections = log.split(/^\[\*\] Launching module /m).slice(1);
  for (const section of sections) {
    const name = section.slice(0, section.indexOf("\n")).trim() as WapitiModule;
    if (!(name in modules)) continue;
    modules[name].ran = true;
    modules[name].attacked = (section.match(/^\[\+\] /gm) ?? []).length;
    modules[name].timeCapped = section.includes(`Max attack time was reached for module ${name}`);
    // Printed by scripts/security/wapiti.py when the module asks for its list.
    const total = section.match(new RegExp(`^\\[scan\\] ${name}: (\\d+) requests to attack, (\\d+) with parameters`, "m"));
    if (total) {
      modules[name].total = Number(total[1]);
      modules[name].withParams = Number(total[2]);
    }
    // crlf and redirect list nothing unless wapiti is verbose: not stopped early, they did them all.
    if (!modules[name].attacked && total && !modules[name].timeCapped) modules[name].attacked = Number(total[1]);
  }
  const crawledMatch = log.match(/Wapiti found (\d+) URLs and forms/);

  let report: WapitiJson | null = null;
  try {
    report = JSON.parse(fs.readFileSync(reportFile, "utf8")) as WapitiJson;
  } catch {
    report = null;
  }
  for (const [category, list] of Object.entries(report?.vulnerabilities ?? {})) {
    const owners = CATEGORY_MODULES[category];
    for (const f of list) {
      // Both XSS modules report under one category; the stored one says so in its text.
      const owner = owners ? (owners.length > 1 ? (/^Permanent XSS/i.test(f.info) ? "permanentxss" : "xss") : owners[0]!) : null;
      if (owner) modules[owner].findings.push(pick(f));
    }
  }
  const anomalies = report?.anomalies ?? {};

  let incomplete: string | null = null;
  if (!report) incomplete = exit.timedOut ? "wapiti se detuvo por el límite de tiempo sin informe" : "wapiti no escribió su informe";
  else if (exit.code !== 0) incomplete = `wapiti terminó con código ${exit.code}`;
  else if (/Traceback \(most recent call last\)/.test(log)) incomplete = "wapiti registró un error de Python (ver el log)";
  else if (!crawledMatch || crawledMatch[1] === "0") incomplete = "el rastreo no encontró páginas (¿servidor caído?)";
  else {
    const missing = WAPITI_MODULES.filter((m) => !modules[m].ran);
    if (missing.length) incomplete = `módulos que no llegaron a ejecutarse: ${missing.join(", ")}`;
  }
  return {
    crawled: crawledMatch ? Number(crawledMatch[1]) : null,
    modules,
    serverErrors: (anomalies["Internal Server Error"] ?? []).map(pick),
    timeouts: (anomalies["Resource consumption"] ?? []).map(pick),
    incomplete,
  };
}

export type SqlmapResult = {
  injectable: string[];
  hints: string[];
  /** HTTP status → times seen, from sqlmap's closing summary. */
  statuses: Record<string, number>;
  incomplete: string | null;
};

export function readSqlmap(logFile: string, exit: { code: number | null; timedOut: boolean }): SqlmapResult {
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "";
  const injectable: string[] = [];
  // "Parameter: q (GET)" blocks follow "sqlmap identified the following injection point(s)".
  if (/identified the following injection point/.test(log)) {
    for (const m of log.matchAll(/^Parameter: (.+)$/gm)) injectable.push(m[1]!.trim());
    if (!injectable.length) injectable.push("(ver el log)");
  }
  // sqlmap's quick checks before the real tests: a database error shown to the visitor, a value
  // reflected without encoding. Not proof, but worth reading.
  const hints = [...log.matchAll(/heuristic \((?:basic|XSS|FI)\) test shows that (.+ might be (?:injectable|vulnerable).*)$/gm)].map((m) =>
    m[1]!.trim(),
  );
  const statuses: Record<string, number> = {};
  const block = log.split("HTTP error codes detected during run:")[1] ?? "";
  for (const m of block.matchAll(/^(\d{3}) \(([^)]*)\) - (\d+) times/gm)) statuses[m[1]!] = (statuses[m[1]!] ?? 0) + Number(m[3]);

  let incomplete: string | null = null;
  const concluded = injectable.length > 0 || /all tested parameters do not appear to be injectable/.test(log);
  if (exit.timedOut) incomplete = "detenido por el límite de tiempo del objetivo";
  else if (!concluded) {
    const critical = [...log.matchAll(/^\[[\d:]+\] \[CRITICAL\] (.+)$/gm)].map((m) => m[1]!).pop();
    incomplete = critical ?? `sqlmap terminó con código ${exit.code} sin conclusión`;
  }
  return { injectable, hints, statuses, incomplete };
}
