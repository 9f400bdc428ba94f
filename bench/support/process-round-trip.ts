/**
 * How long this machine takes to carry a message from one process to another and back over loopback TCP:
 * the hop a bot on one host pays for each webhook POST, Redis command and Telegram call, and each of its
 * sides a wakeup of a sleeping process. Machines differ here far more than in their cores' speed (on a
 * virtual machine, waking a process on another CPU goes through the hypervisor), so bench:storm prints it
 * beside its figures.
 */
import { spawn } from "node:child_process";
import { connect, type Socket } from "node:net";
import { percentile } from "./measure.ts";

/** The other process: echoes whatever it reads, on a port it reports over IPC; ends with its parent. */
const ECHO = `const server = require("node:net").createServer((socket) => {
  socket.setNoDelay(true);
  socket.on("data", (data) => socket.write(data));
});
server.listen(0, "127.0.0.1", () => process.send(server.address().port));
process.on("disconnect", () => process.exit(0));`;

/** What {@link processRoundTrip} measured. */
export interface RoundTrip {
  /** The median round trip (µs). */
  medianUs: number;
  /** The CPU time this process spent per round trip (µs): its side of the two wakeups and the I/O. */
  cpuUs: number;
}

/** `rounds` one-byte round trips to an echoing process, after `warmUp` more. */
export async function processRoundTrip(rounds = 2000, warmUp = 200): Promise<RoundTrip> {
  const child = spawn(process.execPath, ["-e", ECHO], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  let socket: Socket | undefined;
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once("message", (message) => resolve(Number(message)));
      child.once("error", reject);
      child.once("exit", (code) => reject(new Error(`the echoing process exited with ${code}`)));
    });
    const open = connect(port, "127.0.0.1");
    socket = open;
    open.setNoDelay(true);
    await new Promise<void>((resolve, reject) => open.once("connect", resolve).once("error", reject));
    const took: number[] = [];
    let cpuFrom = process.cpuUsage();
    for (let i = 0; i < warmUp + rounds; i++) {
      const began = process.hrtime.bigint();
      await new Promise<void>((resolve, reject) => {
        const gone = () => reject(new Error("the echoing process went away"));
        open.once("close", gone).once("data", () => {
          open.off("close", gone);
          resolve();
        });
        open.write("x");
      });
      if (i >= warmUp) took.push(Number(process.hrtime.bigint() - began) / 1000);
      else if (i === warmUp - 1) cpuFrom = process.cpuUsage();
    }
    const cpu = process.cpuUsage(cpuFrom);
    return { medianUs: percentile(took, 50), cpuUs: (cpu.user + cpu.system) / rounds };
  } finally {
    socket?.destroy();
    if (child.connected) child.disconnect();
    // A process that never started has no exit to wait for.
    if (child.pid !== undefined && child.exitCode === null)
      await new Promise((resolve) => child.once("exit", resolve));
  }
}
