"""Play coins through jupyter_client's stdin channel, as a notebook does.

    /usr/bin/python3 play.py

Starts the gamelab kernel (GAMELAB_KERNEL_NAME, default "gamelab"), runs
play(c) with allow_stdin, answering each input_request (a hint, a mistake,
an undo, then the optimum), and checks the record; then checks that without
allow_stdin play is an error pointing to analyze. Prints "ok" at the end.
"""

import os
import sys

from jupyter_client.manager import start_new_kernel


def main():
    name = os.environ.get("GAMELAB_KERNEL_NAME", "gamelab")
    km, kc = start_new_kernel(kernel_name=name, startup_timeout=60)
    try:
        answers = ["?", "L", "u", "R", "R"]
        prompts, texts, results, kinds = [], [], [], []

        def stdin_hook(msg):
            prompts.append(msg["content"]["prompt"])
            kc.input(answers.pop(0))

        def output_hook(msg):
            t, c = msg["msg_type"], msg["content"]
            kinds.append(t)
            if t == "stream":
                texts.append(c["text"])
            elif t == "execute_result":
                results.append(c["data"]["text/plain"])

        reply = kc.execute_interactive("r = play(coins([10, 80, 90, 30]))\nlen(r.moves)", timeout=60,
                                       allow_stdin=True, stdin_hook=stdin_hook, output_hook=output_hook)
        assert reply["content"]["status"] == "ok", reply["content"]
        assert not answers, f"answers left over: {answers}"
        assert all("A to move, L or R" in p for p in prompts), prompts
        text = "".join(texts)
        for want in ["optimal: R", "L: loses 20; optimal: R", "R: optimal", "B takes R (the optimum)"]:
            assert want in text, (want, text)
        # B's L and R tie after A's L: B takes R, as solve does (one tie rule)
        after_l = text.split("L: loses 20", 1)[1]
        assert after_l.split("B takes ", 1)[1].startswith("R (the optimum)"), after_l
        assert results == ["4"], results
        assert "update_display_data" in kinds, kinds

        reply = kc.execute_interactive("play(coins([1, 2]))", timeout=60, allow_stdin=False,
                                       output_hook=lambda m: None)
        c = reply["content"]
        assert c["status"] == "error" and "analyze(x, moves)" in c["evalue"], c
        print("ok")
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


if __name__ == "__main__":
    sys.exit(main())
