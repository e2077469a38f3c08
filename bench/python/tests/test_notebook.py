"""The quick-start notebook (docs/notebooks/quickstart.ipynb) runs top to bottom: every cell
executes without an error, the board draws as SVG, the tournament prints its table and the
plot comes out. It needs the package's `notebook` extra (nbclient, ipykernel, matplotlib):
CI installs it into its virtualenv; where it is missing (cargo test's plain python3), the test
says so and is skipped."""

import importlib.util
import os
import pathlib
import sys
import unittest

NOTEBOOK = pathlib.Path(__file__).resolve().parents[3] / "docs" / "notebooks" / "quickstart.ipynb"
HAVE_JUPYTER = all(importlib.util.find_spec(m) for m in ["nbclient", "nbformat", "ipykernel", "matplotlib"])


@unittest.skipUnless(HAVE_JUPYTER, "the notebook extra is not installed (pip install './bench/python[notebook]')")
class Notebook(unittest.TestCase):
    def test_the_quick_start_runs_top_to_bottom(self):
        import nbclient
        import nbformat

        notebook = nbformat.read(str(NOTEBOOK), as_version=4)
        # The kernel is this interpreter, so it imports the package under test.
        client = nbclient.NotebookClient(notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOK.parent)}})
        os.environ.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")
        client.execute()
        outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
        self.assertFalse([o for o in outputs if o.output_type == "error"])
        kinds = {kind for o in outputs for kind in o.get("data", {})}
        self.assertIn("image/svg+xml", kinds)  # the board
        self.assertIn("image/png", kinds)  # the plot
        printed = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
        self.assertIn("95% interval", printed)
        self.assertIn("fewest_replies", printed)


if __name__ == "__main__":
    unittest.main()
