"""A stand-in for bgtrainer behind ``bgtrainer serve`` (tests/test_serve.py), quick to start: it notes its process
id in the folder given (``<pid>.started``), then as the mode says:

- ``draw``: says it is a Textual app, draws a line, notes each key packet in ``typed`` and quits on the server's
  ``quit`` (noting ``<pid>.ended``);
- ``die``: draws its line, then is killed (SIGKILL, as ``kill -9`` would);
- ``stuck``: never says anything, as an app still starting (only a signal ends it).
"""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path

folder, mode = Path(sys.argv[1]), sys.argv[2]
(folder / f"{os.getpid()}.started").touch()
if mode == "stuck":
    while True:
        signal.pause()  # until a signal ends it
out = sys.stdout.buffer
line = b"stand-in ready"
out.write(b"__GANGLION__\n" + b"D" + len(line).to_bytes(4, "big") + line)
out.flush()
if mode == "die":
    os.kill(os.getpid(), signal.SIGKILL)
packets = sys.stdin.buffer
while len(head := packets.read(5)) == 5:
    body = packets.read(int.from_bytes(head[1:], "big"))
    if head[:1] == b"D":
        with (folder / "typed").open("ab") as typed:
            typed.write(body)
    elif json.loads(body).get("type") == "quit":
        break
(folder / f"{os.getpid()}.ended").touch()
