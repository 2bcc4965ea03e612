#!/usr/bin/env python3
"""What the kernel charges a sender for one large body over loopback, copied from memory (send) or referenced from a
file (sendfile): the difference between how our servers send /data.json (one writev of a preloaded buffer) and how
nginx does (sendfile). A third way, head+sendfile, is what Java can do: a 200-byte head in its own send, then sendfile
of the body, with no TCP_CORK around them (Java has none), so the head leaves as a segment of its own. This process,
pinned to the CPU it is started on (run it with taskset -c 0), sends BODIES bodies of SIZE bytes each way,
alternating ROUNDS times, to a reader process pinned to READER_CPU that drains them, and
prints the sender's system and user CPU microseconds per body (getrusage, after 200 bodies not counted) and bodies/s.
Bounded: BODIES x 3 x ROUNDS bodies, then it stops. The body's file lives in /dev/shm (or the temporary folder) and is
removed at the end. docs/results/2026-11-27-syscalls.md.

Usage: taskset -c 0 bench/send-vs-sendfile.py [BODIES=20000] [ROUNDS=3] [SIZE=208870] [READER_CPU=1]
"""
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time

READER = """
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
s.settimeout(30)
buf = bytearray(1 << 20)
while s.recv_into(buf):
    pass
"""


def main(argv):
    if any(a in ("-h", "--help") for a in argv[1:]) or len(argv) > 5:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        bodies, rounds, size, reader_cpu = [int(v) for v in (argv[1:] + ["20000", "3", "208870", "1"][len(argv) - 1:])]
    except ValueError:
        print("send-vs-sendfile: BODIES, ROUNDS, SIZE and READER_CPU are whole numbers; --help for usage",
              file=sys.stderr)
        return 2
    if bodies < 1 or rounds < 1 or size < 1 or reader_cpu < 0:
        print("send-vs-sendfile: BODIES, ROUNDS and SIZE must be >= 1, READER_CPU >= 0", file=sys.stderr)
        return 2
    taskset = shutil.which("taskset")
    if taskset is None:
        print("send-vs-sendfile: needs taskset (util-linux) to pin the reader", file=sys.stderr)
        return 2
    body = os.urandom(size)
    folder = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
    fd_file, path = tempfile.mkstemp(prefix="send-vs-sendfile-", dir=folder)
    try:
        os.write(fd_file, body)
        print(f"sender on CPU(s) {sorted(os.sched_getaffinity(0))}, reader on CPU {reader_cpu}; {bodies} bodies of "
              f"{size} B per figure, {rounds} rounds")
        for round_number in range(1, rounds + 1):
            for mode in ("send", "sendfile", "head+sendfile"):
                print(f"round {round_number} " + measure(mode, body, fd_file, bodies, taskset, reader_cpu),
                      flush=True)
    finally:
        os.close(fd_file)
        os.unlink(path)
    return 0


def measure(mode, body, fd_file, bodies, taskset, reader_cpu):
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.settimeout(30)
    reader = subprocess.Popen([taskset, "-c", str(reader_cpu), sys.executable, "-c", READER,
                               str(listener.getsockname()[1])])
    try:
        conn, _ = listener.accept()
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        size = len(body)
        head = b"H" * 200

        def one():
            if mode == "send":
                conn.sendall(body)
            else:
                if mode == "head+sendfile":
                    conn.sendall(head)
                offset = 0
                while offset < size:
                    offset += os.sendfile(conn.fileno(), fd_file, offset, size - offset)

        for _ in range(200):
            one()
        before, start = resource.getrusage(resource.RUSAGE_SELF), time.monotonic()
        for _ in range(bodies):
            one()
        after, end = resource.getrusage(resource.RUSAGE_SELF), time.monotonic()
        conn.close()
        reader.wait(timeout=30)
        return (f"{mode:13}: {(after.ru_stime - before.ru_stime) / bodies * 1e6:6.1f} us system, "
                f"{(after.ru_utime - before.ru_utime) / bodies * 1e6:5.1f} us user per body, "
                f"{bodies / (end - start):8.0f} bodies/s")
    finally:
        if reader.poll() is None:
            reader.kill()
        listener.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
