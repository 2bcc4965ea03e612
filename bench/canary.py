#!/usr/bin/env python3
"""A canary for the host's speed: pinned to one CPU, every 200 ms it runs the same fixed loop and logs the wall time
and its own CPU time for it, one CSV line per sample (epoch seconds, wall ms, CPU ms). Its CPU time does not grow when
it waits behind other threads of the guest; it grows when the CPU itself computes slower (a host that runs the vCPU
slower, for example). Run one per CPU beside a benchmark and match the samples with the benchmark's iterations by
time (docs/methodology.md, "Why forks differ"). Bounded: it stops after SECONDS.

Usage: bench/canary.py CPU SECONDS OUT.csv
"""
import os
import sys
import time


def main(argv):
    if len(argv) != 4 or argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        cpu, seconds = int(argv[1]), float(argv[2])
    except ValueError:
        print(f"canary: CPU must be a whole number and SECONDS a number, got '{argv[1]}' and '{argv[2]}'",
              file=sys.stderr)
        return 2
    if cpu not in os.sched_getaffinity(0):
        print(f"canary: CPU {cpu} is not one this process may use: {sorted(os.sched_getaffinity(0))}", file=sys.stderr)
        return 2
    if not 0 < seconds <= 24 * 3600:
        print(f"canary: SECONDS must be in (0, 86400], got {seconds}", file=sys.stderr)
        return 2
    os.sched_setaffinity(0, {cpu})
    end = time.monotonic() + seconds
    with open(argv[3], "w") as out:
        out.write("epoch_s,wall_ms,cpu_ms\n")
        while time.monotonic() < end:
            wall, cpu_time = time.perf_counter(), time.process_time()
            x = 0
            for i in range(100_000):
                x += i * i
            wall, cpu_time = (time.perf_counter() - wall) * 1000, (time.process_time() - cpu_time) * 1000
            out.write(f"{time.time():.3f},{wall:.3f},{cpu_time:.3f}\n")
            out.flush()
            time.sleep(0.2)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
