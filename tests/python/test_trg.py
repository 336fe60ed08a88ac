"""examples/trg_ising.py runs unchanged on NumPy and on nd and gives the same lnZ/N."""
import importlib.util
import pathlib

import numpy as np

import nd

_path = pathlib.Path(__file__).resolve().parents[2] / "examples" / "trg_ising.py"
_spec = importlib.util.spec_from_file_location("trg_ising", _path)
trg_ising = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(trg_ising)


def test_same_lnz_on_both_namespaces():
    for beta, chi in ((0.4, 8), (0.44068679350977147, 6)):
        a = trg_ising.trg(nd, beta, chi, 12)
        b = trg_ising.trg(np, beta, chi, 12)
        assert abs(a - b) <= 1e-12 * abs(b), (a, b)
        assert abs(a - trg_ising.onsager_lnz(beta)) < 1e-3


def test_prints_the_c_example_line(capsys):
    trg_ising.main(["--xp", "nd", "--chi", "4", "--steps", "6"])
    out = capsys.readouterr().out
    assert out.startswith("TRG beta=0.4 chi=4 steps=6 lnZ/N=0.8")
