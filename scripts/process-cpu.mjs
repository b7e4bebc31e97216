/**
 * CPU used so far by the processes under a process (Linux, read from /proc): what the benchmark reads where a
 * figure is work rather than time (a workerd's CPU per post, a browser's while a page sits open).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** The processes started by `pid`, itself included. */
function processTree(pid) {
  let children = [];
  try {
    children = execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean);
  } catch {
    // pgrep answers 1 when there are none
  }
  return [pid, ...children.flatMap((child) => processTree(Number(child)))];
}

/** CPU (user and system, ms) of the processes under `pid` whose command line contains `named`. */
export function cpuMsUnder(pid, named) {
  let ticks = 0;
  for (const id of processTree(pid)) {
    try {
      if (!readFileSync(`/proc/${id}/cmdline`, "utf8").includes(named)) continue;
      const fields = readFileSync(`/proc/${id}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}
