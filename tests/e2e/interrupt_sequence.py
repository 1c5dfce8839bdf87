#!/usr/bin/env python3
"""Stops `nim-game sequence --checkpoint` as a person, a system or a crash would, and checks that
--resume then writes byte for byte what a run never stopped writes: SIGINT and SIGTERM (the exit
status 128 + the signal, one line on stderr naming the file, nothing on stdout), a resumed run
stopped again, a run on two threads (--jobs 2) resumed on two and on one, and SIGKILL in the
middle of the saves of --checkpoint-every 0 (the file is whole: it is replaced by a rename). Then
--format binary refused at a terminal.

Usage: interrupt_sequence.py NIM_GAME DIRECTORY. Prints one line per check that failed and exits 1
if any did; prints "ok: ..." otherwise.
"""
import os
import pty
import signal
import subprocess
import sys
import time

nim_game, directory = sys.argv[1:3]
failures = []
# Grundy's game to 2,000,000: seconds of computing (a heap takes about a microsecond), so that a
# resumed run is still computing when it is stopped again, saved every 4096 heaps at the most.
# Under the sanitizers, many times slower, to 150,000: a few seconds, still going when the signals
# come.
slow = 4 if os.environ.get("NIM_GAME_UNDER_SANITIZERS") else 1
up_to = "150000" if slow > 1 else "2000000"
command = [nim_game, "sequence", "--game", "grundy", "--up-to", up_to, "--format", "csv"]


def expect(condition, message):
    if not condition:
        failures.append(message)


def stopped(label, arguments, number, wait_before):
    """Runs the command with `arguments`, sends signal `number` after `wait_before` seconds and
    returns (exit status, stdout, stderr, seconds from the signal to the end)."""
    run = subprocess.Popen(command + arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(wait_before)
    expect(run.poll() is None, f"{label}: over before the signal")
    run.send_signal(number)
    started = time.monotonic()
    out, err = run.communicate(timeout=120)
    return run.returncode, out, err.decode(), time.monotonic() - started


def check_stop(label, arguments, number, saved):
    status, out, err, seconds = stopped(label, arguments, number, 0.5)
    expect(status == 128 + number, f"{label}: exit status {status}")
    expect(out == b"", f"{label}: wrote {len(out)} bytes to stdout")
    head, _, tail = err.partition(": the computing")
    expect(head.startswith("nim-game: stopped at heap ") and
           int(head.rsplit(" ", 1)[1]) % 4096 == 0 and
           tail == f' is saved in "{saved}", and --resume "{saved}" goes on from there\n',
           f"{label}: stderr {err!r}")
    # Stopped at the next 4096 heaps, a few milliseconds, and the values written.
    expect(seconds < 2 * slow, f"{label}: took {seconds:.1f} s after the signal")
    expect(not os.path.exists(saved + ".tmp"), f"{label}: {saved}.tmp left")


def check_resumed(label, saved, arguments=()):
    run = subprocess.run(command + ["--resume", saved, *arguments], capture_output=True,
                         timeout=300)
    expect(run.returncode == 0 and run.stderr == b"",
           f"{label}: --resume: exit status {run.returncode}, stderr {run.stderr!r}")
    expect(run.stdout == whole, f"{label}: --resume wrote other values than a run never stopped")


whole = subprocess.run(command, capture_output=True, timeout=300).stdout
expect(whole.startswith(b"heap,grundy_value\n0,0\n") and whole.endswith({"2000000": b"2000000,141\n", "150000": b"150000,39\n"}[up_to]),
       f"the run never stopped wrote {whole[:40]!r}...{whole[-20:]!r}")

for number in (signal.SIGINT, signal.SIGTERM):
    name = signal.Signals(number).name
    saved = os.path.join(directory, f"{name}.ckpt")
    check_stop(name, ["--checkpoint", saved], number, saved)
    check_resumed(name, saved)

# Stopped, resumed, stopped again: the second run saves to the file it resumed from.
saved = os.path.join(directory, "twice.ckpt")
check_stop("twice", ["--checkpoint", saved], signal.SIGINT, saved)
check_stop("twice, resumed", ["--resume", saved], signal.SIGINT, saved)
check_resumed("twice", saved)

# On two threads: stopped, then resumed on two threads and on one, to the same values.
saved = os.path.join(directory, "jobs.ckpt")
check_stop("--jobs 2", ["--jobs", "2", "--checkpoint", saved], signal.SIGINT, saved)
check_resumed("--jobs 2", saved, ["--jobs", "2"])
check_stop("--jobs 2, on one", ["--jobs", "2", "--checkpoint", saved], signal.SIGTERM, saved)
check_resumed("--jobs 2, on one", saved)

# Killed at once, in the middle of the computing or of a save: the file is the last whole save.
saved = os.path.join(directory, "killed.ckpt")
status, _, _, _ = stopped("SIGKILL", ["--checkpoint", saved, "--checkpoint-every", "0"],
                          signal.SIGKILL, 0.7)
expect(status == -signal.SIGKILL, f"SIGKILL: exit status {status}")
expect(os.path.exists(saved), "SIGKILL: nothing saved")
check_resumed("SIGKILL", saved)

# The values as bytes, to a terminal: refused, and nothing written to it.
leader, follower = pty.openpty()
run = subprocess.run([nim_game, "sequence", "--octal", "0.77", "--format", "binary"],
                     stdout=follower, stderr=subprocess.PIPE, timeout=60)
os.close(follower)
try:
    shown = os.read(leader, 65536)
except OSError:
    shown = b""
expect(run.returncode == 2 and shown == b"" and run.stderr ==
       b"nim-game: --format binary writes bytes, not text: send them to a file or a pipe (> FILE)\n",
       f"binary at a terminal: exit status {run.returncode}, {shown!r}, stderr {run.stderr!r}")

for failure in failures:
    print(failure)
if not failures:
    print("ok: stopped by SIGINT, SIGTERM, twice, on two threads and by SIGKILL, and resumed to "
          "the same values")
sys.exit(1 if failures else 0)
