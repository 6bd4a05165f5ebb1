"""The memory plan's C ABI from a C program compiled with `cc`: `_mlir_ciface_main_workspace_size`
on the entry's own descriptors, a caller-owned 64-byte aligned workspace (filled with 0xFF
bytes: NaN in every float) passed to `main_with_workspace_status` through the header's
`llh_workspace()`, reused for a second, smaller call; both against numpy and against the
self-allocating `main_status`."""

from __future__ import annotations

import subprocess

import numpy as np
import pytest
from support.c_build import CC, cc, llh_opt

pytestmark = pytest.mark.skipif(CC is None, reason="no C compiler")

MODEL = """
func.func @main(%x: tensor<?x16xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c16"},
                %w: tensor<16x16xf32> {func.input_symbol_0 = "c16", func.input_symbol_1 = "c16"})
    -> tensor<?x16xf32> attributes {entrance} {
  %0 = "llh.matmul"(%x, %w) : (tensor<?x16xf32>, tensor<16x16xf32>) -> tensor<?x16xf32>
  %1 = "llh.relu"(%0) : (tensor<?x16xf32>) -> tensor<?x16xf32>
  %2 = "llh.exp"(%1) : (tensor<?x16xf32>) -> tensor<?x16xf32>
  %3 = "llh.add"(%2, %1) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  %4 = "llh.matmul"(%3, %w) : (tensor<?x16xf32>, tensor<16x16xf32>) -> tensor<?x16xf32>
  %5 = "llh.mul"(%4, %1) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  return %5 : tensor<?x16xf32>
}
"""

PROGRAM = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model.h"

static llh_memref_2d_f32 desc(float *p, int64_t rows) {
  llh_memref_2d_f32 d = { p, p, 0, { rows, 16 }, { 16, 1 } };
  return d;
}

int main(int argc, char **argv) {
  int64_t n1 = atoll(argv[1]), n2 = atoll(argv[2]);
  FILE *in = fopen(argv[3], "rb"), *out = fopen(argv[4], "wb");
  float *w = malloc(256 * sizeof(float)), *x = malloc((n1 + n2) * 16 * sizeof(float));
  if (fread(w, sizeof(float), 256, in) != 256) return 2;
  if (fread(x, sizeof(float), (size_t)(n1 + n2) * 16, in) != (size_t)(n1 + n2) * 16) return 2;
  llh_memref_2d_f32 dw = desc(w, 16);
  void *ws = NULL;
  int64_t capacity = 0;
  int64_t rows[2] = { n1, n2 };
  float *xs[2] = { x, x + n1 * 16 };
  for (int k = 0; k < 2; ++k) {
    llh_memref_2d_f32 dx = desc(xs[k], rows[k]);
    int64_t need = _mlir_ciface_main_workspace_size(&dx, &dw);
    if (need > capacity) {
      free(ws);
      capacity = (need + 63) / 64 * 64;
      ws = aligned_alloc(64, capacity);
    }
    printf("workspace %lld\n", (long long)need);
    memset(ws, 0xFF, (size_t)capacity);
    llh_memref_1d_i8 dws = llh_workspace(ws, capacity);
    llh_memref_2d_f32 r1, r2;
    if (main_with_workspace_status(&r1, &dx, &dw, &dws) != 0) return 3;
    if (main_status(&r2, &dx, &dw) != 0) return 4;
    if (memcmp(r1.aligned, r2.aligned, (size_t)rows[k] * 16 * sizeof(float)) != 0) return 5;
    fwrite(r1.aligned, sizeof(float), (size_t)rows[k] * 16, out);
    free(r1.allocated);
    free(r2.allocated);
  }
  free(ws);
  fclose(out);
  return 0;
}
"""


def test_c_caller_provides_the_workspace(tmp_path) -> None:  # type: ignore[no-untyped-def]
    model = tmp_path / "model.mlir"
    model.write_text(MODEL)
    for kind, name in (("obj", "model.o"), ("header", "model.h")):
        r = llh_opt(str(model), "--lower-to-llvm", f"--emit={kind}", "-o", str(tmp_path / name))
        assert r.returncode == 0, r.stderr
    header = (tmp_path / "model.h").read_text()
    assert "llh_workspace(void *ws, int64_t bytes)" in header
    assert "int64_t _mlir_ciface_main_workspace_size(" in header
    (tmp_path / "main.c").write_text(PROGRAM)
    exe = tmp_path / "run"
    cc("-Wall", "-Werror", f"-I{tmp_path}", str(tmp_path / "main.c"), str(tmp_path / "model.o"),
       "-o", str(exe), "-lm")  # fmt: skip
    rng = np.random.default_rng(11)
    n1, n2 = 37, 5
    w = (rng.standard_normal((16, 16)) / 4).astype(np.float32)
    x = (rng.standard_normal((n1 + n2, 16)) / 4).astype(np.float32)
    (tmp_path / "in.bin").write_bytes(w.tobytes() + x.tobytes())
    r = subprocess.run(
        [str(exe), str(n1), str(n2), str(tmp_path / "in.bin"), str(tmp_path / "out.bin")],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, (r.returncode, r.stdout, r.stderr)
    sizes = [int(line.split()[1]) for line in r.stdout.splitlines()]
    assert sizes[0] > sizes[1] > 0
    got = np.frombuffer((tmp_path / "out.bin").read_bytes(), np.float32).reshape(n1 + n2, 16)
    x64, w64 = x.astype(np.float64), w.astype(np.float64)
    h = np.maximum(x64 @ w64, 0)
    ref = ((np.exp(h) + h) @ w64) * h
    np.testing.assert_allclose(got, ref, rtol=1e-4, atol=1e-4)
