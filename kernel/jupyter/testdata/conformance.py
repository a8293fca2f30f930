"""jupyter_kernel_test's conformance suite for the gamelab kernel.

Run by cmd/gamelab's TestJupyterClients as
    /usr/bin/python3 -m unittest -v conformance
with JUPYTER_PATH pointing at a kernelspec installed by `gamelab kernel install`.
GAMELAB_KERNEL_NAME names the kernelspec (default "gamelab").
"""

import os
import unittest

import jupyter_kernel_test

POLYGON = 'polygon("* -5 + -2 * -8 * -5 + 8")'


class GamelabKernelTests(jupyter_kernel_test.KernelTests):
    kernel_name = os.environ.get("GAMELAB_KERNEL_NAME", "gamelab")

    language_name = "gamelab"
    file_extension = ".gl"

    code_hello_world = 'print("hello, world")'

    completion_samples = [
        {"text": "solv", "matches": {"solve"}},
        {"text": "ran", "matches": {"randpolygon", "randcoins", "randboard", "random"}},
    ]

    complete_code_samples = ["1 + 2", "p = " + POLYGON, "solve(" + POLYGON + ").best"]
    incomplete_code_samples = ["map([1, 2,", "solve(", 'p = polygon("+ 1']
    invalid_code_samples = ["1)", "]"]

    code_generate_error = "nosuch + 1"

    code_execute_result = [
        {"code": "1 + 2", "result": "3"},
        {"code": "solve(" + POLYGON + ").best", "result": "488"},
        {"code": POLYGON, "mime": "image/svg+xml"},
        # a sweep's list of maps shows as a table
        {"code": "map(1..3, ({n: #, sq: # * #}))", "mime": "text/html"},
        # a DP table: an HTML table beside its heat map
        {"code": "dp(" + POLYGON + ")", "mime": "text/html"},
        {"code": "dp(coins([10, 80, 90, 30]))", "mime": "image/svg+xml"},
    ]

    code_display_data = [
        {"code": "show(" + POLYGON + ")", "mime": "image/svg+xml"},
        {"code": "show(coins([10, 80, 90, 30]))", "mime": "text/plain"},
    ]

    # matches exactly one of code_execute_result
    code_history_pattern = "1 + *"
    supported_history_operations = ("tail", "range", "search")

    code_inspect_sample = "solve"

    # eprint writes to the stderr stream (as do the builtins' warnings)
    code_stderr = 'eprint("note: a large board")'

    # name? opens the help in the pager (a "page" payload), as in IPython
    code_page_something = "solve?"

    # clear() clears the cell's output (clear_output)
    code_clear_output = 'print("frame 1")\nclear()\nprint("frame 2")'

    # kernel_info names a CodeMirror mode and a pygments lexer that exist, so
    # Notebook highlights cells and asks for no mode file it lacks. (No
    # docstring: unittest -v would print it where cmd/gamelab reads results.)
    def test_gamelab_highlighting(self):
        import pygments.lexers

        self.flush_channels()
        reply = self.kc.kernel_info(reply=True, timeout=10)
        info = reply["content"]["language_info"]
        self.assertEqual(info["codemirror_mode"], "javascript")
        pygments.lexers.get_lexer_by_name(info["pygments_lexer"])

    # A sweep of a few seconds shows its progress as one display, updated in
    # place by its display_id and emptied when the work ends.
    def test_gamelab_progress(self):
        self.flush_channels()
        reply, outputs = self.execute_helper(code="map(1..6, solve(randcoins(20000, #)).best) | len()", timeout=60)
        self.assertEqual(reply["content"]["status"], "ok")
        shown = [m for m in outputs if m["msg_type"] == "display_data"]
        updates = [m for m in outputs if m["msg_type"] == "update_display_data"]
        self.assertEqual(len(shown), 1, [m["msg_type"] for m in outputs])
        ident = shown[0]["content"]["transient"]["display_id"]
        self.assertIn("% done, about ", shown[0]["content"]["data"]["text/plain"])
        self.assertTrue(updates)
        for m in updates:
            self.assertEqual(m["content"]["transient"]["display_id"], ident)
        self.assertEqual(updates[-1]["content"]["data"]["text/plain"], "")
        self.assertEqual(outputs[-1]["msg_type"], "execute_result")

    # Every test of the suite has code to run: cmd/gamelab's test fails on
    # any skip.


if __name__ == "__main__":
    unittest.main()
