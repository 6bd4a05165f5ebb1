"""The CLI's code-generation outputs: --emit kinds written with -o (binary objects, text), and how
-o treats what is already there (a symlink is followed, a device or FIFO is written in place,
never replaced; a new file gets the umask's mode)."""

from __future__ import annotations

import io
import os
import stat
import sys
import threading

import pytest

from llh_opt.cli import run_cli

SCALE = """
func.func @scale(%a: memref<?xf32>, %s: f32) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %r = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<?xf32>
    %y = arith.mulf %x, %s : f32
    memref.store %y, %r[%i] : memref<?xf32>
  }
  return %r : memref<?xf32>
}
"""


@pytest.fixture
def source(tmp_path):
    p = tmp_path / "scale.mlir"
    p.write_text(SCALE)
    return p


def run(*args: str) -> tuple[int, str]:
    err = io.StringIO()
    return run_cli(list(args), stderr=err), err.getvalue()


def test_emit_kinds_to_files(source, tmp_path):
    import llvmlite.binding as llvm

    code, err = run(str(source), "--emit=obj", "-o", str(tmp_path / "m.o"))
    assert code == 0, err
    assert (tmp_path / "m.o").read_bytes()[:4] == b"\x7fELF" or sys.platform != "linux"
    code, err = run(str(source), "--emit=llvm", "-O3", "-o", str(tmp_path / "m.ll"))
    assert code == 0, err
    llvm.parse_assembly((tmp_path / "m.ll").read_text()).verify()
    code, err = run(str(source), "--emit=asm", "-o", str(tmp_path / "m.s"))
    assert code == 0 and "_mlir_ciface_scale:" in (tmp_path / "m.s").read_text()
    code, err = run(str(source), "--emit=header", "-o", str(tmp_path / "m.h"))
    assert code == 0 and "int32_t scale_status(" in (tmp_path / "m.h").read_text()


def test_new_output_file_gets_the_umask_mode(source, tmp_path):
    old = os.umask(0o022)
    try:
        code, err = run(str(source), "--emit=header", "-o", str(tmp_path / "new.h"))
    finally:
        os.umask(old)
    assert code == 0, err
    assert stat.S_IMODE(os.stat(tmp_path / "new.h").st_mode) == 0o644


def test_output_through_a_symlink(source, tmp_path):
    real = tmp_path / "real.ll"
    link = tmp_path / "link.ll"
    link.symlink_to(real)
    code, err = run(str(source), "--emit=llvm", "-o", str(link))
    assert code == 0, err
    assert link.is_symlink() and "define void @_mlir_ciface_scale" in real.read_text()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_output_to_a_fifo_is_written_in_place(source, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    code, err = run(str(source), "--emit=header", "-o", str(fifo))
    reader.join(timeout=30)
    assert code == 0, err
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert b"scale_status" in received[0]
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".llh-opt-")]
