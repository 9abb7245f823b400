/** Processes of this machine as Linux's /proc shows them: the tree, CPU time and resident memory. */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sum } from "./stats";

type Proc = { pid: number; ppid: number; server: boolean; args: string[] };

function processes(): Proc[] {
  const out: Proc[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      // node running scripts/start.ts (not the shell npm starts it with)
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      const server = path.basename(args[0] ?? "") === "node" && args.some((a) => a.endsWith("scripts/start.ts"));
      out.push({ pid: Number(entry), ppid, server, args });
    } catch {
      /* gone */
    }
  }
  return out;
}

/** The pids at or below `rootPid`. */
function descendants(all: Proc[], rootPid: number): Set<number> {
  const below = new Set<number>([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (below.has(p.ppid) && !below.has(p.pid)) {
        below.add(p.pid);
        grew = true;
      }
    }
  }
  return below;
}

/** The cluster's workers: processes of scripts/start.ts (under `rootPid`) whose parent is one too, the primary. */
export function workerPids(rootPid: number): number[] {
  const all = processes();
  const below = descendants(all, rootPid);
  const byPid = new Map(all.map((p) => [p.pid, p]));
  return all
    .filter((p) => below.has(p.pid) && p.server && byPid.get(p.ppid)?.server)
    .map((p) => p.pid)
    .sort((a, b) => a - b);
}

const TICKS = Number(execSync("getconf CLK_TCK").toString().trim()) || 100;

/** CPU seconds a process has used, its reaped children included (PostgreSQL's ended backends). */
export function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICKS;
  } catch {
    return 0;
  }
}

/**
 * PostgreSQL's postmaster listening on `port`, and its backends: their CPU, plus the postmaster's
 * reaped children. Approximate: a short run with connections closing has come out slightly negative.
 */
export function postgresPids(port: string): number[] {
  const all = processes();
  const master = all.find((p) => p.args.includes("-p") && p.args.includes(port) && p.args.some((a) => a.endsWith("/postgres")));
  return master ? [master.pid, ...all.filter((p) => p.ppid === master.pid).map((p) => p.pid)] : [];
}

/** A process's resident memory in kB. */
export function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** CPU seconds so far: the server's workers, PostgreSQL on `pgPort`, and this process (the load generator). */
export type Cpu = { workers: number; postgres: number; bench: number };
export function cpuNow(workers: number[], pgPort: string): Cpu {
  const own = process.cpuUsage();
  return {
    workers: sum(workers.map(cpuSeconds)),
    postgres: sum(postgresPids(pgPort).map(cpuSeconds)),
    bench: (own.user + own.system) / 1e6,
  };
}
