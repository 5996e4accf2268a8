"""The shtoss sweep under its old name: the same as ``python benchmarks/shtoss.py --sweep``.

Run:  PYTHONPATH=. python benchmarks/shtoss_sweep.py [--repeat N] [--clock cpu|wall]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from shtoss import sweep  # noqa: E402

if __name__ == "__main__":
    sweep(sys.argv[1:])
