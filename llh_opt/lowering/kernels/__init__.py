"""The GEMM engine of the loop lowering: register-blocked micro-kernels on `vector` ops over
packed operand panels, used by ``matmul.py`` and ``conv.py`` (implicit GEMM).

* ``tile.py`` — the register tile (`MR` rows × `NR` columns of `vector<Lxf32|f64>`
  accumulators carried as `scf.for` iteration arguments), the reduction nest over a possibly
  multi-dimensional K space, and the tile store (full tiles: vector stores through the
  epilogue; tail tiles: a stack scratch tile and scalar stores of the valid part);
* ``gemm.py`` — the two schedules (cache blocking, packing, the `scf.parallel` chunk loop):
  ``gemm_packed_b`` packs the whole right operand once per op and runs the left operand's row
  panels in parallel (matmul, channels-last convolution: vectors along the output's last
  dimension), ``gemm_streamed_b`` packs right-operand column panels on the fly, per parallel
  chunk (channels-first convolution: im2col panels, never a full im2col buffer).

What does not live here: the op-specific operand access (index maps of a convolution window,
weight layouts) — the callers pass it as callables; the epilogue (``lowering/fusion.py``).
"""

from llh_opt.lowering.kernels.gemm import gemm_packed_b, gemm_streamed_b
from llh_opt.lowering.kernels.tile import KDim, Tile, TileOutput, tile_for

__all__ = ["KDim", "Tile", "TileOutput", "gemm_packed_b", "gemm_streamed_b", "tile_for"]
