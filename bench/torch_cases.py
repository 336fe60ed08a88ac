"""PyTorch (CPU) versions of some benchmark cases, used by bench/run.py only where torch is
installed. Each case reuses the NumPy case's setup (bench/numpy_cases.py) and hands the
same arrays to torch without copying (torch.from_numpy keeps the strides, so transposed
and Fortran-ordered operands stay as they are); run(state) does the same work as the C
case. Cases named *_1thread run torch on one thread, as nd does for them."""
import numpy as np
import torch

from numpy_cases import CASES


def _tensors(x):
    if isinstance(x, np.ndarray):
        return torch.from_numpy(x)
    if isinstance(x, dict):
        return {k: _tensors(v) for k, v in x.items()}
    if isinstance(x, tuple):
        return tuple(_tensors(v) for v in x)
    return x


_RUNS = {
    "copy/contiguous": lambda s: s["view"].clone(),
    "copy/contiguous_into": lambda s: s["dst"].copy_(s["view"]),
    "copy/f_to_c": lambda s: s["view"].contiguous(),
    "copy/f_to_c_into": lambda s: s["dst"].copy_(s["view"]),
    "copy/transposed_to_c": lambda s: s["view"].contiguous(),
    "copy/transposed_to_c_into": lambda s: s["dst"].copy_(s["view"]),
    "copy/astype_f32": lambda s: s["view"].to(torch.float32),
    "reduce/sum_all_c": lambda a: a.sum(),
    "reduce/sum_axis0_c": lambda a: a.sum(dim=0),
    "reduce/sum_axis1_c": lambda a: a.sum(dim=1),
    "reduce/sum_all_t": lambda a: a.sum(),
    "reduce/sum_axis0_t": lambda a: a.sum(dim=0),
    "reduce/sum_axis1_t": lambda a: a.sum(dim=1),
    "reduce/argmax_10m": lambda a: a.argmax(),
    "manip/concat_axis0": lambda s: torch.cat([s["a"], s["b"]], dim=0),
    "manip/concat_axis1": lambda s: torch.cat([s["a"], s["b"]], dim=1),
    "manip/copy_result_size": lambda s: s["big"].clone(),
    "manip/take_1d_10m": lambda s: torch.take(s[0], s[1]),
    "linalg/matmul_2000": lambda s: s[0] @ s[1],
    "linalg/matmul_2000_F": lambda s: s[0] @ s[1],
    "linalg/matmul_2000_T": lambda s: s[0] @ s[1],
    "linalg/matmul_batch_8x8": lambda s: s[0] @ s[1],
    "sort/sort_10m": lambda a: torch.sort(a),
    "sort/argsort_10m": lambda a: torch.argsort(a, stable=True),
    "sort/sort_10m_sorted": lambda a: torch.sort(a),
    "sort/searchsorted_1m_in_10m": lambda s: torch.searchsorted(s[0], s[1]),
    "ew/add_into": lambda s: torch.add(s["a"], s["b"], out=s["out"]),
    "ew/add_into_1thread": lambda s: torch.add(s["a"], s["b"], out=s["out"]),
    "ew/add": lambda s: s["a"] + s["b"],
    "ew/add_transposed": lambda s: s["a"] + s["bt"],
    "ew/add_into_sq": lambda s: torch.add(s["a"], s["b"], out=s["out"]),
    "ew/add_transposed_into": lambda s: torch.add(s["a"], s["bt"], out=s["out"]),
    "ew/add_col_row": lambda s: s["a"] + s["b"],
    "ew/add_col_row_into": lambda s: torch.add(s["a"], s["b"], out=s["out"]),
    "vmath/exp_f64_1thread": lambda s: torch.exp(s["a"], out=s["out"]),
    "vmath/exp_f64_2threads": lambda s: torch.exp(s["a"], out=s["out"]),
    "vmath/log_f64_1thread": lambda s: torch.log(s["a"], out=s["out"]),
    "vmath/log_f64_2threads": lambda s: torch.log(s["a"], out=s["out"]),
    "vmath/sin_f64_1thread": lambda s: torch.sin(s["a"], out=s["out"]),
    "vmath/sin_f64_2threads": lambda s: torch.sin(s["a"], out=s["out"]),
    "linalg/einsum_mp2_jk": lambda s: torch.einsum("jbia,kbia->jk", s["T"], s["t"]),
    "linalg/einsum_mp2_ab": lambda s: torch.einsum("jcia,jcib->ab", s["T"], s["t"]),
    "linalg/einsum_mp2_Pia": lambda s: torch.einsum("Pjb,jbia->Pia", s["Y"], s["T"]),
    "linalg/eigh_batch_8x8": lambda a: torch.linalg.eigh(a),
    "linalg/svd_batch_32x32": lambda a: torch.linalg.svd(a),
}


def _case(name, run):
    np_setup = CASES[name][0]

    def setup():
        return _tensors(np_setup())

    if not name.endswith("_1thread"):
        return setup, run

    def one_thread(s):
        prev = torch.get_num_threads()
        torch.set_num_threads(1)
        try:
            run(s)
        finally:
            torch.set_num_threads(prev)

    return setup, one_thread


TORCH_CASES = {name: _case(name, run) for name, run in _RUNS.items()}
TORCH_VERSION = torch.__version__
